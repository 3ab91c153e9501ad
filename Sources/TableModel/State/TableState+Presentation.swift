extension TableState {
    /// What the page shows for this state.
    public var presentation: TablePresentation {
        // Counted in place: filtering the sections would copy each collapsible one's definition per render.
        let collapsibleCount = definition.sections.count(where: \.isCollapsible)
        let expandedCount = definition.sections.count { $0.isCollapsible && expansion.contains($0.index) }
        return TablePresentation(
            table: definition,
            editMode: editMode,
            expansionControls: collapsibleCount == 0 ? nil : ExpansionControls(
                canExpandAll: expandedCount < collapsibleCount,
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
        EditModeChoice.choices(of: definition, current: editMode)
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
        let rows = changedRowIndices(inSection: section.index)
        let selectedCount = selectedCount(inSection: section)
        let isExpanded = isExpanded(section)
        return SectionPresentation(
            section: section,
            toggle: section.isCollapsible ? SectionToggle(sectionID: section.id, isExpanded: isExpanded) : nil,
            isExpanded: isExpanded,
            rowCount: rows?.count ?? section.rows.count,
            selectedCount: selectedCount,
            isSelectionLimitReached: section.maxSelected.map { selectedCount >= $0 } ?? false,
            rows: rowPresentations(of: section, rows: isExpanded ? rows : [])
        )
    }

    /// `rows` (indices into the section's definition, current order; `nil` for all of them in the defined order),
    /// presented as they are read.
    private func rowPresentations(of section: SectionDefinition, rows: [Int]?) -> RowPresentations {
        RowPresentations(section: section, order: rows, selection: selection, editMode: editMode)
    }
}

