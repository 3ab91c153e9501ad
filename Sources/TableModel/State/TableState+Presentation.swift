extension TableState {
    /// What the page shows for this state.
    public var presentation: TablePresentation {
        let collapsible = definition.sections.filter(\.isCollapsible)
        let expandedCount = collapsible.count { expansion.contains($0.index) }
        return TablePresentation(
            table: definition,
            editMode: editMode,
            editModeChoices: editModeChoices,
            expansionControls: collapsible.isEmpty ? nil : ExpansionControls(
                canExpandAll: expandedCount < collapsible.count,
                canCollapseAll: expandedCount > 0
            ),
            sections: definition.sections.map(presentation(of:)),
            undoableDeletion: undoableDeletion,
            canReset: !showsSameTable(as: TableState(definition: definition)),
            canUndoReset: beforeReset != nil
        )
    }

    /// The edit-mode switch as the page shows it: *Off* then the offered modes, the current one marked; empty when the
    /// table offers none. Part of ``presentation``, and on its own for what depends on the mode alone.
    public var editModeChoices: [EditModeChoice] {
        definition.editModeChoices.map { EditModeChoice(mode: $0, isCurrent: $0 == editMode) }
    }

    /// What the page shows for one section, or `nil` for an unknown id.
    public func presentation(ofSection id: String) -> SectionPresentation? {
        definition.section(id: id).map(presentation(of:))
    }

    /// The controls one row gets, or `nil` when it is unknown or deleted (whether or not its section is collapsed).
    public func presentation(ofRow id: String) -> RowPresentation? {
        guard let row = definition.row(id: id), let index = currentIndex(of: row) else { return nil }
        let section = definition.sections[row.sectionIndex]
        return rowPresentations(of: section, rows: rowIndices(inSection: section.index))[index]
    }

    private func presentation(of section: SectionDefinition) -> SectionPresentation {
        let rows = rowIndices(inSection: section.index)
        let selectedCount = selectedCount(inSection: section)
        let isExpanded = isExpanded(section)
        return SectionPresentation(
            section: section,
            toggle: section.isCollapsible ? SectionToggle(sectionID: section.id, isExpanded: isExpanded) : nil,
            isExpanded: isExpanded,
            rowCount: rows.count,
            selectedCount: selectedCount,
            isSelectionLimitReached: section.maxSelected.map { selectedCount >= $0 } ?? false,
            rows: isExpanded ? rowPresentations(of: section, rows: rows) : []
        )
    }

    /// `rows` (indices into the section's definition, current order) with their controls.
    private func rowPresentations(of section: SectionDefinition, rows: [Int]) -> [RowPresentation] {
        let (allowsMoving, allowsDeletion) = (editMode.allowsMoving, editMode.allowsDeletion)
        // The runs of movable rows matter only in modes that move rows; the page is rendered far more often in Off.
        let runs = allowsMoving ? MovableRuns(rows.map { section.rows[$0].isMovable }) : nil
        return rows.enumerated().map { index, rowIndex in
            let row = section.rows[rowIndex]
            let isSelected = selection.contains(row.tableIndex)
            let moveRange = runs?.range(at: index)
            return RowPresentation(
                row: row,
                index: index,
                isSelected: isSelected,
                selectionControl: selectionControl(for: row, in: section, isSelected: isSelected),
                deleteControl: allowsDeletion
                    ? DeleteControl(isEnabled: row.isDeletable, action: .delete(row: row.id)) : nil,
                moveUp: allowsMoving ? moveControl(row, at: index, to: index - 1, within: moveRange) : nil,
                moveDown: allowsMoving ? moveControl(row, at: index, to: index + 1, within: moveRange) : nil,
                moveToTop: allowsMoving
                    ? moveControl(row, at: index, to: moveRange?.lowerBound ?? index, within: moveRange) : nil,
                moveToBottom: allowsMoving
                    ? moveControl(row, at: index, to: moveRange?.upperBound ?? index, within: moveRange) : nil,
                moveRange: moveRange
            )
        }
    }

    private func selectionControl(for row: RowDefinition, in section: SectionDefinition, isSelected: Bool)
        -> SelectionControl?
    {
        let role: SelectionRole
        switch section.selection {
        case .none: return nil
        case .single: role = .radio
        case .multiple: role = .checkbox
        }
        let keepsSelection = section.selection == .single && !section.allowsEmptySelection
        let requestsSelected = !isSelected || keepsSelection
        return SelectionControl(
            role: role,
            isChecked: isSelected,
            requestsSelected: requestsSelected,
            isEnabled: !editMode.isEditing,
            action: requestsSelected ? .select(row: row.id) : .deselect(row: row.id)
        )
    }

    /// A move of the row at `current` to `index`: disabled when it would leave the row's run or change nothing.
    private func moveControl(_ row: RowDefinition, at current: Int, to index: Int, within range: ClosedRange<Int>?)
        -> MoveControl
    {
        guard let range, range.contains(index), index != current else {
            return MoveControl(targetIndex: nil, action: nil)
        }
        return MoveControl(targetIndex: index, action: .move(row: row.id, toIndex: index, fromIndex: current))
    }
}

/// The runs of movable rows between locked ones in a section's current order: a movable row may move anywhere
/// inside its run and nowhere else.
struct MovableRuns {
    private let movable: [Bool]
    /// For each position, the first position of the run it belongs to.
    private let starts: [Int]
    /// For each position, the last position of the run it belongs to.
    private let ends: [Int]

    init(_ movable: [Bool]) {
        self.movable = movable
        var starts = Array(repeating: 0, count: movable.count)
        var start = 0
        for (position, isMovable) in movable.enumerated() {
            if !isMovable { start = position + 1 }
            starts[position] = start
        }
        var ends = Array(repeating: 0, count: movable.count)
        var end = movable.count - 1
        for position in movable.indices.reversed() {
            if !movable[position] { end = position - 1 }
            ends[position] = end
        }
        self.starts = starts
        self.ends = ends
    }

    /// The positions the row at `position` may move to, or `nil` when it is locked.
    func range(at position: Int) -> ClosedRange<Int>? {
        movable[position] ? starts[position]...ends[position] : nil
    }
}
