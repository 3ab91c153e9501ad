import Mustache

/// A table page's toolbar (docs/HTML.md, `Toolbar`): the edit-mode switch and the table-wide actions. It depends
/// on the table, the page's language and the current edit mode only, so each is prepared at start-up as a constant
/// context: recorded once, then replayed with the page's `csrf` spliced in. It answers `tableID` itself, as rows and
/// section headers do, so that the table's id is part of the recorded bytes rather than a hole filled per page.
struct Toolbar: MustacheContext, Sendable {
    let tableID: MustacheText
    /// The edit-mode switch, Off first; empty when the table offers no edit modes.
    let editModes: [EditModeButton]
    let hasCollapsibleSections: Bool

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        // A constant's names are looked up while it is recorded, not on replays: boxing the buttons here is once.
        let keys = Vocabulary.shared
        return switch key {
        case keys.tableID: .borrowing(tableID)
        case keys.offersEditModes: .bool(!editModes.isEmpty)
        case keys.editModes: .list(editModes)
        case keys.hasCollapsibleSections: .bool(hasCollapsibleSections)
        default: nil
        }
    }
}
