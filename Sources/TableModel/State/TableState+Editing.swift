extension TableState {
    /// Moves happen inside a section. A locked row (not movable) never changes index through a move: a move is
    /// refused when the rows it would shift include a locked one, so rows move only inside the runs of movable
    /// rows between locked ones.
    ///
    /// With `expected` (the index the form saw), a row found neither there nor at `index` is refused as
    /// `.orderChanged`, before any other rule, so that a stale form never moves a row somewhere unintended.
    mutating func move(_ row: RowDefinition, to index: Int, from expected: Int? = nil) throws(ActionError)
        -> ActionEffect
    {
        let section = definition.sections[row.sectionIndex]
        var rows = rowIndices(inSection: section.index)
        guard let from = rows.firstIndex(of: row.indexInSection) else {
            throw .refused(.rowIsDeleted(row: row.id))
        }
        guard rows.indices.contains(index) else {
            throw .invalid(.indexOutOfRange(row: row.id, index: index, count: rows.count))
        }
        if let expected, from != expected, from != index {
            throw .refused(.orderChanged(row: row.id))
        }
        guard editMode.allowsMoving else {
            throw .refused(.notInReorderingMode)
        }
        guard row.isMovable else {
            throw .refused(.rowNotMovable(row: row.id))
        }
        guard from != index else { return .nothingChanged }
        let shifted = from < index ? rows[(from + 1)...index] : rows[index..<from]
        if let locked = shifted.first(where: { !section.rows[$0].isMovable }) {
            throw .refused(.lockedRowWouldMove(row: row.id, lockedRow: section.rows[locked].id))
        }
        rows.remove(at: from)
        rows.insert(row.indexInSection, at: index)
        setRowIndices(rows, inSection: section.index)
        return .moved(row: row.id, from: from, to: index)
    }

    /// Deleting removes the row and its selection and records it for Undo, keeping the last `undoLimit`.
    mutating func delete(_ row: RowDefinition) throws(ActionError) -> ActionEffect {
        guard !deleted.contains(row.tableIndex) else { return .nothingChanged }
        guard editMode.allowsDeletion else {
            throw .refused(.notInDeletingMode)
        }
        guard row.isDeletable else {
            throw .refused(.rowNotDeletable(row: row.id))
        }
        var rows = rowIndices(inSection: row.sectionIndex)
        guard let index = rows.firstIndex(of: row.indexInSection) else { return .nothingChanged }
        rows.remove(at: index)
        setRowIndices(rows, inSection: row.sectionIndex)
        let record = DeletionRecord(
            row: UInt32(row.tableIndex),
            index: UInt32(index),
            wasSelected: selection.contains(row.tableIndex)
        )
        selection.remove(row.tableIndex)
        deleted.insert(row.tableIndex)
        deletions.append(record)
        if deletions.count > Self.undoLimit {
            deletions.removeFirst(deletions.count - Self.undoLimit)
        }
        return .deleted(row: row.id)
    }

    /// Undo restores the most recent deletion only, at its old index (clamped to the section's length), with its
    /// old selection where the section's rules allow it: in a single section it becomes the selection; in a
    /// multiple section at its limit it comes back unselected. Works in any edit mode.
    mutating func restore(_ row: RowDefinition) -> ActionEffect {
        guard let record = deletions.last, record.row == row.tableIndex, deleted.contains(row.tableIndex) else {
            return .nothingChanged
        }
        deletions.removeLast()
        let section = definition.sections[row.sectionIndex]
        var rows = rowIndices(inSection: section.index)
        let index = min(Int(record.index), rows.count)
        rows.insert(row.indexInSection, at: index)
        setRowIndices(rows, inSection: section.index)
        deleted.remove(row.tableIndex)
        return .restored(row: row.id, index: index, selection: restoreSelection(of: row, record, in: section))
    }

    private mutating func restoreSelection(
        of row: RowDefinition,
        _ record: DeletionRecord,
        in section: SectionDefinition
    ) -> RestoredSelection {
        guard record.wasSelected, section.selection != .none else { return .unselected }
        if let max = insertSelection(row, in: section) {
            return .unselectedAtLimit(max: max, section: section.id)
        }
        return .selected
    }
}
