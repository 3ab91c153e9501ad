import Mustache
import TableModel

/// One button of the edit-mode switch (docs/HTML.md, `EditModeButton`).
struct EditModeButton: MustacheContext, Sendable {
    let mode: MustacheText
    let label: MustacheText
    let isPressed: Bool

    init(_ choice: EditModeChoice, label: String) {
        mode = MustacheText(choice.mode.rawValue)
        self.label = MustacheText(label)
        isPressed = choice.isCurrent
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.mode: .borrowing(mode)
        case keys.label: .borrowing(label)
        case keys.ariaPressed: keys.word(isPressed)
        case keys.pressed: .bool(isPressed)
        default: nil
        }
    }
}
