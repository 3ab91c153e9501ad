import TableModel

extension PageMessage {
    /// The status message after `action` was applied with `effect`, shown in the section acted on; `nil` when
    /// the page itself shows the change (a checkmark, a moved row) and for `.nothingChanged`, except for a Reset that
    /// found nothing to reset, which says so. After a deletion it carries the Undo control for the deleted row; the
    /// page shows it as the Undo placeholder where the row was, and the Undo control of the most recent deletion
    /// stays on the page anyway, whatever the message (SPEC §2).
    public init?(applied action: TableAction, effect: ActionEffect, in table: TableDefinition) {
        var undoRowID: String?
        switch effect {
        case .deleted(let row): undoRowID = row
        case .restored, .reset, .resetUndone: break
        case .nothingChanged:
            // Matched, not compared: `==` on the enums would build a `.reset` and copy both values to compare them.
            guard case .reset = action else { return nil }
            self.init(kind: .status, content: .nothingToReset)
            return
        case .selected, .deselected, .expansionChanged, .editModeChanged, .moved: return nil
        }
        self.init(kind: .status, content: .applied(effect), undoRowID: undoRowID,
                  sectionID: Self.section(of: action, in: table))
    }

    /// The alert after `action` failed with `error` (a refusal; an invalid action gets an error page instead),
    /// shown in the section acted on, or at the top for a table-wide action.
    public init(refused action: TableAction, error: ActionError, in table: TableDefinition) {
        self.init(kind: .alert, content: .refused(error), sectionID: Self.section(of: action, in: table))
    }

    /// The id of the section an action acts on: a row's section, or the section itself; `nil` for table-wide
    /// actions (edit mode, expand or collapse all, reset) and unknown names.
    static func section(of action: TableAction, in table: TableDefinition) -> String? {
        switch action {
        case .select(let row), .deselect(let row), .move(let row, _, _), .delete(let row), .undoDeletion(let row):
            table.row(id: row).map { table.sections[$0.sectionIndex].id }
        case .setExpanded(let section, _):
            table.section(id: section)?.id
        case .setAllExpanded, .setEditMode, .reset, .undoReset:
            nil
        }
    }
}
