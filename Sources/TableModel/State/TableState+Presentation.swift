extension TableState {
    /// What the page shows for this state, every section whole.
    public var presentation: TablePresentation {
        presentation(windowing: nil, focus: nil)
    }

    /// What a page shows for this state with long sections in windows (``RowWindowing``): the window of the section
    /// `focus` names that holds its row, the first window of any other long section. With a `filter` (a page that
    /// finds), only the rows it shows, in their sections' order, and the sections that have some.
    public func presentation(windowing: RowWindowing?, focus: WindowFocus?, filter: RowFilter? = nil)
        -> TablePresentation
    {
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
            sections: filter.map(filteredSections) ?? pagedSections(windowing: windowing, focus: focus),
            undoableDeletion: undoableDeletion,
            canReset: !showsSameTable(as: TableState(definition: definition)),
            canUndoReset: beforeReset != nil,
            filter: filter
        )
    }

    /// The sections of the page that holds `focus`'s section (the first page without one): each in its window, those
    /// of other pages with their rows elsewhere. A section that shows no rows (collapsed, or empty) shows as it is
    /// on every page.
    private func pagedSections(windowing: RowWindowing?, focus: WindowFocus?) -> [SectionPresentation] {
        // A table of no more rows than a page is one page: nothing to count (its long sections, if any, still show
        // in windows).
        let pages = windowing.flatMap { definition.rows.count > $0.pageRows ? sectionPages(windowing: $0) : nil }
        let shownPage = focus.flatMap { definition.section(id: $0.sectionID) }.flatMap { pages?[$0.index] } ?? 0
        return definition.sections.map { section in
            guard pages == nil || pages?[section.index] == shownPage || !isExpanded(section)
                || rowCount(inSection: section) == 0
            else {
                var elsewhere = presentation(of: section, windowing: nil, position: 0, rowsShown: false)
                elsewhere.rowsElsewhere = true
                return elsewhere
            }
            let position = focus?.sectionID == section.id ? focus?.position ?? 0 : 0
            return presentation(of: section, windowing: windowing, position: position)
        }
    }

    /// The page (from 0) each section's rows are on under `windowing` (``RowWindowing/pages(ofShownRows:)``).
    public func sectionPages(windowing: RowWindowing) -> [Int] {
        windowing.pages(ofShownRows: definition.sections.map {
            windowing.shownRows(count: rowCount(inSection: $0), isExpanded: isExpanded($0))
        })
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

    /// A section, in the window holding `position` when `windowing` puts it in windows; its header alone when not
    /// `rowsShown`.
    private func presentation(of section: SectionDefinition, windowing: RowWindowing?, position: Int,
                              rowsShown: Bool = true) -> SectionPresentation
    {
        let rows = changedRowIndices(inSection: section.index)
        let selectedCount = selectedCount(inSection: section)
        let isExpanded = isExpanded(section)
        let count = rows?.count ?? section.rows.count
        let window = isExpanded && rowsShown ? windowing?.window(holding: position, among: count) : nil
        return SectionPresentation(
            section: section,
            toggle: section.isCollapsible ? SectionToggle(sectionID: section.id, isExpanded: isExpanded) : nil,
            isExpanded: isExpanded,
            rowCount: count,
            selectedCount: selectedCount,
            isSelectionLimitReached: section.maxSelected.map { selectedCount >= $0 } ?? false,
            rows: rowPresentations(of: section, rows: isExpanded && rowsShown ? rows : [], window: window?.rows),
            window: window
        )
    }

    /// The sections a page that finds shows: those with rows the filter shows, and the one of the most recent
    /// deletion when that row matched (its Undo placeholder stands among the results). Each shows its matching rows
    /// at their positions in the section, expanded whatever its state; its toggle keeps the state. Costs the rows of
    /// the sections with matches.
    private func filteredSections(_ filter: RowFilter) -> [SectionPresentation] {
        var sectionsShown = Set(filter.shown.map { definition.rows[$0].sectionIndex })
        let deletion = undoableDeletion.map(\.row)
        if let deletion, filter.showsUndoableDeletion { sectionsShown.insert(deletion.sectionIndex) }
        return definition.sections.filter { sectionsShown.contains($0.index) }.map { section in
            let rows = rowIndices(inSection: section.index)
            let first = section.tableRowRange.lowerBound
            let positions = rows.indices.filter { filter.members.contains(first + rows[$0]) }
            let isExpanded = isExpanded(section)
            let selectedCount = selectedCount(inSection: section)
            return SectionPresentation(
                section: section,
                toggle: section.isCollapsible ? SectionToggle(sectionID: section.id, isExpanded: isExpanded) : nil,
                isExpanded: true,
                rowCount: rows.count,
                selectedCount: selectedCount,
                isSelectionLimitReached: section.maxSelected.map { selectedCount >= $0 } ?? false,
                rows: RowPresentations(section: section, order: rows, selection: selection, editMode: editMode,
                                       positions: positions),
                window: nil
            )
        }
    }

    /// `rows` (indices into the section's definition, current order; `nil` for all of them in the defined order),
    /// presented as they are read; only the positions of `window` when there is one.
    private func rowPresentations(of section: SectionDefinition, rows: [Int]?, window: Range<Int>? = nil)
        -> RowPresentations
    {
        RowPresentations(section: section, order: rows, selection: selection, editMode: editMode, window: window)
    }
}

