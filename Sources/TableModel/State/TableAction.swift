/// A change a visitor asks for, stated as the target state rather than as a toggle, so that applying an action
/// twice (a double click, a resubmitted form) equals applying it once. Rows and sections are named by id.
public enum TableAction: Sendable, Hashable, CustomStringConvertible {
    /// Make the row selected (in a single section, the only selected row).
    case select(row: String)
    /// Make the row unselected. In a single section that does not allow an empty selection this changes nothing:
    /// the row stays selected, as tapping it would keep it.
    case deselect(row: String)
    /// Expand or collapse one collapsible section.
    case setExpanded(section: String, expanded: Bool)
    /// Expand or collapse every collapsible section ("Expand all", "Collapse all").
    case setAllExpanded(Bool)
    /// Switch the edit mode.
    case setEditMode(EditMode)
    /// Move the row to `toIndex` among the rows now in its section (deleted rows do not count). With `fromIndex`
    /// (the index the row had on the page the form came from) the move applies only while the row is still there:
    /// a row found at `toIndex` already changes nothing, a row found elsewhere refuses the move (another tab
    /// reordered the section), so a stale "down" never moves a row up.
    case move(row: String, toIndex: Int, fromIndex: Int? = nil)
    /// Delete the row; a row already deleted stays deleted and nothing changes.
    case delete(row: String)
    /// Restore the row if it is the most recent deletion; otherwise nothing changes, so a resubmitted Undo
    /// restores nothing more.
    case undoDeletion(row: String)
    /// Back to the definition's initial state; the state before can be brought back once by `undoReset`.
    case reset
    /// Bring back the state before the last Reset, if the Reset was the last change; otherwise nothing changes.
    case undoReset

    /// The action as the target state it names, e.g. `move row "bunka" to index 2`, for logs and test failures.
    public var description: String {
        switch self {
        case .select(let row): "select row \(JSONWriter.quoted(row))"
        case .deselect(let row): "deselect row \(JSONWriter.quoted(row))"
        case .setExpanded(let section, let expanded):
            "\(expanded ? "expand" : "collapse") section \(JSONWriter.quoted(section))"
        case .setAllExpanded(let expanded): expanded ? "expand all" : "collapse all"
        case .setEditMode(let mode): "edit mode \(mode.rawValue)"
        case .move(let row, let index, nil): "move row \(JSONWriter.quoted(row)) to index \(index)"
        case .move(let row, let index, let from?):
            "move row \(JSONWriter.quoted(row)) from index \(from) to index \(index)"
        case .delete(let row): "delete row \(JSONWriter.quoted(row))"
        case .undoDeletion(let row): "restore row \(JSONWriter.quoted(row))"
        case .reset: "reset"
        case .undoReset: "undo reset"
        }
    }
}
