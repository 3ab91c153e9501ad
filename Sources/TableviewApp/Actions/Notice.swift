import TableModel

/// The one-shot message the page after an action shows: what was done, or why it was refused.
struct Notice: Sendable, Equatable {
    enum Kind: String, Sendable { case status, alert }

    let kind: Kind
    let text: String
    /// After a deletion: the row the Undo button restores.
    let undoRow: String?
    /// The section acted on, where the page shows the notice; nil: at the top of the page.
    let section: String?
}

extension Notice {
    /// The notice after `action` ended in `result`, or nil when the page itself shows the change.
    init?(after action: TableAction, result: Result<ActionOutcome, ActionError>, in table: TableDefinition) {
        let section = Notice.section(of: action, in: table)
        switch result {
        case .success(let outcome):
            guard let text = outcome.effect.statusMessage(in: table) else { return nil }
            var undoRow: String?
            if case .deleted(let row) = outcome.effect { undoRow = row }
            self.init(kind: .status, text: text, undoRow: undoRow, section: section)
        case .failure(let error):
            self.init(kind: .alert, text: error.message(in: table), undoRow: nil, section: section)
        }
    }

    /// The section an action concerns, if it concerns one.
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
