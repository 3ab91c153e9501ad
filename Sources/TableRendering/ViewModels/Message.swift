import Mustache

/// The page's notice (docs/HTML.md, `Notice`): the message after an action (a status, or an alert after a
/// refusal), with the Undo reset control while a Reset can be undone (on later pages the toolbar offers it).
struct Notice: MustacheContext {
    let role: MustacheText?
    let text: String?
    let offersUndoReset: Bool
    /// Whether it is fixed to the top of the window rather than to its bottom.
    let atTop: Bool

    /// - Parameter text: the message's sentence in the page's language.
    init(message: PageMessage?, text: String?, offersUndoReset: Bool, atTop: Bool) {
        let words = Vocabulary.shared
        role = message.map { $0.kind == .status ? words.statusWord : words.alertWord }
        self.text = message == nil ? nil : text
        self.offersUndoReset = offersUndoReset
        self.atTop = atTop
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.kind: .borrowing(role ?? keys.noticeWord)
        case keys.placement: .borrowing(atTop ? keys.topWord : keys.bottomWord)
        case keys.role: role.map { .borrowing($0) } ?? .null
        case keys.text: text.map { .string($0) } ?? .null
        case keys.undoReset: .bool(offersUndoReset)
        default: nil
        }
    }
}

/// The toolbar's Undo of the most recent deletion once the page right after it has been left ("Undo delete “X”",
/// docs/HTML.md, `ToolbarUndo`): out of the table's rows, one tap from the top of the page.
struct ToolbarUndo: MustacheContext {
    let rowID: MustacheText
    /// The deleted row's title (the catalogue's `undo-delete` names it `title`).
    let title: MustacheText

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.rowID: .borrowing(rowID)
        case keys.title: .borrowing(title)
        default: nil
        }
    }
}

/// The Undo control of the most recent deletion, shown where the row was (docs/HTML.md, `UndoPlaceholder`).
struct UndoPlaceholder: MustacheContext {
    let rowID: MustacheText
    let text: String
    /// Right after the deletion it is the page's status message (`role="status"`).
    let isAnnounced: Bool

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.rowID: .borrowing(rowID)
        case keys.text: .string(text)
        case keys.announced: .bool(isAnnounced)
        default: nil
        }
    }
}
