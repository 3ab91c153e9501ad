extension TableState {
    /// What the page shows for this state, every section whole.
    public var presentation: TablePresentation {
        presentation(windowing: nil, focus: nil)
    }

    /// What a page shows for this state with long sections in windows (``RowWindowing``): the window of the section
    /// `focus` names that holds its row, the first window of any other long section.
    public func presentation(windowing: RowWindowing?, focus: WindowFocus?) -> TablePresentation {
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
            sections: definition.sections.map { section in
                let position = focus?.sectionID == section.id ? focus?.position ?? 0 : 0
                return presentation(of: section, windowing: windowing, position: position)
            },
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
        definition.section(id: id).map { presentation(of: $0, windowing: nil, position: 0) }
    }

    /// The controls one row gets, or `nil` when it is unknown or deleted (whether or not its section is collapsed).
    public func presentation(ofRow id: String) -> RowPresentation? {
        guard let row = definition.row(id: id), let index = currentIndex(of: row) else { return nil }
        let section = definition.sections[row.sectionIndex]
        return rowPresentations(of: section, rows: rowIndices(inSection: section.index))[index]
    }

    /// A section, in the window holding `position` when `windowing` puts it in windows.
    private func presentation(of section: SectionDefinition, windowing: RowWindowing?, position: Int)
        -> SectionPresentation
    {
        let rows = changedRowIndices(inSection: section.index)
        let selectedCount = selectedCount(inSection: section)
        let isExpanded = isExpanded(section)
        let count = rows?.count ?? section.rows.count
        let window = isExpanded ? windowing?.window(holding: position, among: count) : nil
        return SectionPresentation(
            section: section,
            toggle: section.isCollapsible ? SectionToggle(sectionID: section.id, isExpanded: isExpanded) : nil,
            isExpanded: isExpanded,
            rowCount: count,
            selectedCount: selectedCount,
            isSelectionLimitReached: section.maxSelected.map { selectedCount >= $0 } ?? false,
            rows: rowPresentations(of: section, rows: isExpanded ? rows : [], window: window?.rows),
            window: window
        )
    }

    /// `rows` (indices into the section's definition, current order; `nil` for all of them in the defined order),
    /// presented as they are read; only the positions of `window` when there is one.
    private func rowPresentations(of section: SectionDefinition, rows: [Int]?, window: Range<Int>? = nil)
        -> RowPresentations
    {
        RowPresentations(section: section, order: rows, selection: selection, editMode: editMode, window: window)
    }
}

