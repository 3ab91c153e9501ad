import Mustache

/// The page's message (docs/HTML.md, `Message`).
struct Message: MustacheContext {
    let role: MustacheText
    let text: String
    let undoRowID: String?

    init(_ message: PageMessage) {
        role = message.kind == .status ? Self.status : Self.alert
        text = message.text
        undoRowID = message.undoRowID
    }

    private static let status = MustacheText(PageMessage.Kind.status.rawValue)
    private static let alert = MustacheText(PageMessage.Kind.alert.rawValue)

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.role: .text(role)
        case keys.text: .string(text)
        case keys.undoRowID: .string(undoRowID)
        default: nil
        }
    }
}
