extension TableState {
    mutating func select(_ row: RowDefinition) throws(ActionError) -> ActionEffect {
        // The section is read in place until the selection changes: a bound copy would count a reference to each of
        // its texts, for a check that a repeated tap ends early.
        guard definition.sections[row.sectionIndex].selection != .none else {
            throw .invalid(.rowNotSelectable(row: row.id))
        }
        guard !deleted.contains(row.tableIndex) else {
            throw .refused(.rowIsDeleted(row: row.id))
        }
        guard !editMode.isEditing else {
            throw .refused(.notSelectableWhileEditing)
        }
        guard !selection.contains(row.tableIndex) else { return .nothingChanged }
        let section = definition.sections[row.sectionIndex]
        if let max = insertSelection(row, in: section) {
            throw .refused(.selectionLimitReached(max: max, section: section.id))
        }
        return .selected(row: row.id)
    }

    /// Selects `row` under its section's rules, as a tap and an Undo both do: in a single section it becomes the
    /// only selected row; in a multiple section at its limit nothing changes and the limit is returned.
    mutating func insertSelection(_ row: RowDefinition, in section: SectionDefinition) -> Int? {
        switch section.selection {
        case .single:
            for other in section.tableRowRange {
                selection.remove(other)
            }
        case .multiple:
            if let max = section.maxSelected, selectedCount(inSection: section) >= max {
                return max
            }
        case .none:
            return nil
        }
        selection.insert(row.tableIndex)
        return nil
    }

    mutating func deselect(_ row: RowDefinition) throws(ActionError) -> ActionEffect {
        // Read in place, as in `select(_:)`.
        let kind = definition.sections[row.sectionIndex].selection
        guard kind != .none else {
            throw .invalid(.rowNotSelectable(row: row.id))
        }
        guard selection.contains(row.tableIndex) else { return .nothingChanged }
        guard !editMode.isEditing else {
            throw .refused(.notSelectableWhileEditing)
        }
        // A single section that needs a selection keeps it, as tapping the selected row does (SPEC §2).
        guard kind == .multiple || definition.sections[row.sectionIndex].allowsEmptySelection else {
            return .nothingChanged
        }
        selection.remove(row.tableIndex)
        return .deselected(row: row.id)
    }
}
