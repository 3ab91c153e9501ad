/// Questions about a state, by id. Unknown ids answer `false`, `nil` or empty.
extension TableState {
    /// Whether the row is selected (a deleted row never is).
    public func isSelected(row id: String) -> Bool {
        definition.row(id: id).map { selection.contains($0.tableIndex) } ?? false
    }

    /// Whether the row is deleted.
    public func isDeleted(row id: String) -> Bool {
        definition.row(id: id).map { deleted.contains($0.tableIndex) } ?? false
    }

    /// Whether the section shows its rows: a section that does not collapse always does.
    public func isExpanded(section id: String) -> Bool {
        definition.section(id: id).map(isExpanded) ?? false
    }

    /// The row's index among the rows now in its section, or `nil` when it is deleted.
    public func index(ofRow id: String) -> Int? {
        definition.row(id: id).flatMap(currentIndex(of:))
    }

    /// The number of rows now in the section (deleted ones do not count), or `nil` for an unknown section.
    public func rowCount(inSection id: String) -> Int? {
        definition.section(id: id).map(rowCount(inSection:))
    }

    /// The ids of the rows now in the section, in order, whether or not the section is collapsed.
    public func rowIDs(inSection id: String) -> [String] {
        guard let section = definition.section(id: id) else { return [] }
        return rowIndices(inSection: section.index).map { section.rows[$0].id }
    }

    /// The ids of all selected rows, in definition order.
    public var selectedRowIDs: [String] {
        // The set's members, not a pass over every row: a 100,000-row table with one selected row reads one.
        selection.elements.map { definition.rows[$0].id }
    }

    /// The ids of all deleted rows, in definition order.
    public var deletedRowIDs: [String] {
        deleted.elements.map { definition.rows[$0].id }
    }

    /// The deletions Undo can still reverse, oldest first; Undo takes the last.
    public var undoHistory: [Deletion] {
        deletions.map { record in
            let row = definition.rows[Int(record.row)]
            return Deletion(row: row, index: Int(record.index), wasSelected: record.wasSelected)
        }
    }

    /// The deletion the Undo control restores: the most recent one.
    public var undoableDeletion: Deletion? {
        undoHistory.last
    }
}

/// A deletion that Undo can reverse.
public struct Deletion: Sendable, Hashable {
    /// The deleted row (its `sectionIndex` names its section).
    public let row: RowDefinition
    /// Its index in its section when it was deleted.
    public let index: Int
    /// Whether it was selected then.
    public let wasSelected: Bool

    /// The action that restores it.
    public var undoAction: TableAction {
        .undoDeletion(row: row.id)
    }
}
