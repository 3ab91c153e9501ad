import Mustache
import TableModel

/// One button of the edit-mode switch (docs/HTML.md, `EditModeButton`).
struct EditModeButton: MustacheContext, Sendable {
    let mode: MustacheText
    let label: MustacheText
    let isPressed: Bool

    init(_ choice: EditModeChoice) {
        mode = MustacheText(choice.mode.rawValue)
        label = MustacheText(choice.title)
        isPressed = choice.isCurrent
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.mode: .text(mode)
        case Keys.label: .text(label)
        case Keys.ariaPressed: Words.word(isPressed)
        case Keys.pressed: .bool(isPressed)
        default: nil
        }
    }
}
