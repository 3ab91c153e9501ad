import TableModel

/// A control of a row that a page can land on (docs/HTML.md): `select` and `delete` on the row's first line, `up`,
/// `down` and `move` — the link to the row's position picker ("Move X…"), where a move from the picker lands — on
/// the line of move controls under it.
public enum RowControl: String, Sendable, Hashable, CaseIterable {
    case select, delete, up, down, move

    /// Whether it sits on the row's second line, under the text.
    var isOnMoveLine: Bool {
        switch self {
        case .up, .down, .move: true
        case .select, .delete: false
        }
    }
}

/// The element a page lands on after an action: the redirect's fragment names its id, so the browser scrolls it
/// into place and focuses it (all three engines focus a focusable fragment target; docs/DESIGN.md).
public enum LandingTarget: Sendable, Hashable {
    /// A row's button: `row_{row}_{control}`.
    case rowControl(row: String, RowControl)
    /// A row's list item, when the row has no enabled control: `row_{row}`.
    case row(String)
    /// A collapsible section's header button: `section_{section}_toggle`.
    case header(section: String)
    /// A section that does not collapse, by its element: `section_{section}`.
    case section(String)
    /// The Undo button beside the most recent deletion: `undo`.
    case undo
    /// A button of the edit-mode switch: `edit-mode-{mode}`.
    case editMode(EditMode)
    /// `expand-all`, `collapse-all`.
    case expandAll, collapseAll
    /// `reset`, `undo-reset`.
    case reset, undoReset

    /// The element's id on the table page.
    public var elementID: String {
        switch self {
        case .rowControl(let row, let control): "row_\(row)_\(control.rawValue)"
        case .row(let row): "row_\(row)"
        case .header(let section): "section_\(section)_toggle"
        case .section(let section): "section_\(section)"
        case .undo: "undo"
        case .editMode(let mode): "edit-mode-\(mode.rawValue)"
        case .expandAll: "expand-all"
        case .collapseAll: "collapse-all"
        case .reset: "reset"
        case .undoReset: "undo-reset"
        }
    }

    /// The row it is or belongs to, if any.
    public var rowID: String? {
        switch self {
        case .rowControl(let row, _), .row(let row): row
        default: nil
        }
    }

    /// Whether it is a control of the toolbar above the sections.
    var isInToolbar: Bool {
        switch self {
        case .editMode, .expandAll, .collapseAll, .reset, .undoReset: true
        case .rowControl, .row, .header, .section, .undo: false
        }
    }
}
