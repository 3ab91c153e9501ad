/// Carrying a visitor's state over to a new definition of the same table, when the tables file is reloaded
/// (SPEC §11: visitors keep their state wherever it still applies, matched by ids).
///
/// Rows are matched by id (unique in the table), sections by id:
/// - the edit mode stays when the table still offers it, else it is *Off*;
/// - a row deleted before stays deleted while it is still deletable (one that is no longer deletable comes back);
/// - a row keeps its selection — the visitor's choice wins over the file's `selected` — and a new row starts as
///   the file says; where the section's rules no longer allow them all (it became single, or `none`, or its
///   `maxSelected` went down), the visitor's choices are kept first, in the section's order, then the new rows';
/// - a collapsible section keeps its expansion when it was collapsible before, else starts as the file says;
/// - a reordered section keeps the visitor's order of the rows it still has, and each other row (new, moved in
///   from another section, or no longer deleted) takes its place after the row defined before it; when that would
///   put locked rows out of their defined order, or a row past a locked row that cannot be deleted (a row became
///   locked or undeletable), the section is back in its defined order;
/// - the undo history keeps the deletions of rows still deleted in the section they were deleted from (the index
///   clamped to the section's rows); "Undo reset" keeps the state before the Reset, carried over likewise.
///
/// It costs what the visitor changed, not the table's size, except for a reordered section, whose rows are walked.
extension TableState {
    /// This state, as it applies to `new`; the same state when `new` is its own definition.
    public func migrated(to new: TableDefinition) -> TableState {
        if new === definition { return self }
        var state = TableState(definition: new)
        state.editMode = new.offers(editMode) ? editMode : .off
        state.deleted = migratedDeletions(to: new)
        state.selection = migratedSelection(to: new, deleted: state.deleted)
        state.expansion = migratedExpansion(to: new)
        for order in orders {
            if let (section, rows) = migratedOrder(order, to: new, deleted: state.deleted) {
                state.setRowIndices(rows, inSection: section)
            }
        }
        state.deletions = migratedUndoHistory(to: new, deleted: state.deleted)
        state.beforeReset = beforeReset.map { ResetSnapshot(state: $0.state.migrated(to: new)) }
        return state
    }

    /// The row of `new` with the id of this state's row at `tableIndex`.
    private func row(_ tableIndex: Int, in new: TableDefinition) -> RowDefinition? {
        new.row(id: definition.rows[tableIndex].id)
    }

    private func migratedDeletions(to new: TableDefinition) -> BitSet {
        var deleted = BitSet()
        for index in self.deleted.elements {
            guard let row = row(index, in: new), row.isDeletable else { continue }
            deleted.insert(row.tableIndex)
        }
        return deleted
    }

    private func migratedSelection(to new: TableDefinition, deleted: BitSet) -> BitSet {
        // The visitor's choices, then the new rows' initial selection, section by section.
        var candidates: [Int: (chosen: [Int], fresh: [Int])] = [:]
        for index in selection.elements {
            guard let row = row(index, in: new), !deleted.contains(row.tableIndex) else { continue }
            candidates[row.sectionIndex, default: ([], [])].chosen.append(row.tableIndex)
        }
        for index in new.initialSelection.elements where definition.row(id: new.rows[index].id) == nil {
            candidates[new.rows[index].sectionIndex, default: ([], [])].fresh.append(index)
        }
        var selection = BitSet()
        for (sectionIndex, rows) in candidates {
            let section = new.sections[sectionIndex]
            let limit = switch section.selection {
            case .none: 0
            case .single: 1
            case .multiple: section.maxSelected ?? Int.max
            }
            for index in (rows.chosen.sorted() + rows.fresh.sorted()).prefix(limit) {
                selection.insert(index)
            }
        }
        return selection
    }

    private func migratedExpansion(to new: TableDefinition) -> BitSet {
        var expansion = BitSet()
        for section in new.sections where section.isCollapsible {
            let expanded = if let old = definition.section(id: section.id), old.isCollapsible {
                self.expansion.contains(old.index)
            } else {
                section.isInitiallyExpanded
            }
            if expanded { expansion.insert(section.index) }
        }
        return expansion
    }

    /// The section of `new` the reordered section becomes, with its rows' new order; nil when the section is gone.
    private func migratedOrder(_ order: SectionOrder, to new: TableDefinition, deleted: BitSet) -> (Int, [Int])? {
        let oldSection = definition.sections[Int(order.section)]
        guard let section = new.section(id: oldSection.id) else { return nil }
        let first = section.rows.first?.tableIndex ?? 0
        var isPlaced = [Bool](repeating: false, count: section.rows.count)
        var kept: [Int] = []
        for index in order.rows {
            guard let row = new.row(id: oldSection.rows[index].id), row.sectionIndex == section.index,
                !deleted.contains(row.tableIndex)
            else { continue }
            kept.append(row.indexInSection)
            isPlaced[row.indexInSection] = true
        }
        var rows: [Int] = []
        rows.reserveCapacity(section.rows.count)
        // Rows not in the visitor's order follow the row defined just before them (or open the section).
        func appendFollowers(from start: Int) {
            var next = start
            while next < section.rows.count && !isPlaced[next] {
                if !deleted.contains(first + next) { rows.append(next) }
                next += 1
            }
        }
        appendFollowers(from: 0)
        for index in kept {
            rows.append(index)
            appendFollowers(from: index + 1)
        }
        let locked = rows.filter { !section.rows[$0].isMovable }
        guard zip(locked, locked.dropFirst()).allSatisfy({ $0 < $1 }), section.fixedRowCrossed(in: rows) == nil else {
            return (section.index, rows.sorted())
        }
        return (section.index, rows)
    }

    private func migratedUndoHistory(to new: TableDefinition, deleted: BitSet) -> [DeletionRecord] {
        deletions.compactMap { record in
            let oldRow = definition.rows[Int(record.row)]
            guard let row = new.row(id: oldRow.id), deleted.contains(row.tableIndex) else { return nil }
            let section = new.sections[row.sectionIndex]
            guard section.id == definition.sections[oldRow.sectionIndex].id else { return nil }
            return DeletionRecord(
                row: UInt32(row.tableIndex), index: UInt32(min(Int(record.index), section.rows.count - 1)),
                wasSelected: record.wasSelected && section.selection != .none)
        }
    }
}
