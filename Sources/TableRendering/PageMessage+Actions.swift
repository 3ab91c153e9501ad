import TableModel

extension PageMessage {
    /// The status message after `action` was applied with `effect`, shown in the section acted on; `nil` when
    /// the page itself shows the change (a checkmark, a moved row) and for `.nothingChanged`. After a deletion it
    /// carries the Undo control for the deleted row.
    public init?(applied action: TableAction, effect: ActionEffect, in table: TableDefinition) {
        guard let text = effect.statusMessage(in: table) else { return nil }
        var undoRowID: String?
        if case .deleted(let row) = effect {
            undoRowID = row
        }
        self.init(kind: .status, text: text, undoRowID: undoRowID, sectionID: Self.section(of: action, in: table))
    }

    /// The status message after `action` was applied, with the Undo control for the deletion Undo restores now:
    /// after a deletion that one, after an Undo the one before it — so each of the last deletions can be undone
    /// in turn, as SPEC §2 asks.
    public init?(applied action: TableAction, outcome: ActionOutcome, in table: TableDefinition) {
        guard var message = PageMessage(applied: action, effect: outcome.effect, in: table) else { return nil }
        if case .restored = outcome.effect {
            message.undoRowID = outcome.state.undoableDeletion?.row.id
        }
        self = message
    }

    /// The alert after `action` failed with `error` (a refusal; an invalid action gets an error page instead),
    /// shown in the section acted on, or at the top for a table-wide action.
    public init(refused action: TableAction, error: ActionError, in table: TableDefinition) {
        self.init(kind: .alert, text: error.message(in: table), sectionID: Self.section(of: action, in: table))
    }

    /// The id of the section an action acts on: a row's section, or the section itself; `nil` for table-wide
    /// actions (edit mode, expand or collapse all, reset) and unknown names.
    static func section(of action: TableAction, in table: TableDefinition) -> String? {
        switch action {
        case .select(let row), .deselect(let row), .move(let row, _), .delete(let row), .undoDeletion(let row):
            table.row(id: row).map { table.sections[$0.sectionIndex].id }
        case .setExpanded(let section, _):
            table.section(id: section)?.id
        case .setAllExpanded, .setEditMode, .reset:
            nil
        }
    }
}
