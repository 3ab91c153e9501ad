extension TableDefinition {
    /// A copy of the table with, in each section, only one row of each kind: what a check that must reach every
    /// branch of the templates needs, at a cost that does not grow with the table.
    ///
    /// A row's kind is what changes which parts of a template it takes: a detail or none, selected or not at first,
    /// deletable, movable. The first and last rows stay (their up or down control is disabled), and so do as many
    /// selected rows as the section's `maxSelected`, so that a section full in the table is full in the sample. The
    /// start-up's render check renders a table of 100,000 rows from a few rows instead of all of them, four times
    /// over, which was most of its start-up (docs/DESIGN.md, "Start-up").
    public func sample() -> TableDefinition {
        var tableIndex = 0
        let sampled = sections.map { section in
            let kept = Self.representativeRows(of: section)
            let rows = kept.enumerated().map { position, row in
                defer { tableIndex += 1 }
                return RowDefinition(
                    id: row.id, title: row.title, detail: row.detail, isInitiallySelected: row.isInitiallySelected,
                    isDeletable: row.isDeletable, isMovable: row.isMovable, sectionIndex: section.index,
                    indexInSection: position, tableIndex: tableIndex)
            }
            return SectionDefinition(
                id: section.id, title: section.title, footer: section.footer, indexTitle: section.indexTitle,
                selection: section.selection,
                allowsEmptySelection: section.allowsEmptySelection, maxSelected: section.maxSelected,
                isCollapsible: section.isCollapsible, isInitiallyExpanded: section.isInitiallyExpanded, rows: rows,
                index: section.index)
        }
        return TableDefinition(id: id, title: title, language: language, editModes: editModes, sections: sampled)
    }

    private struct RowKind: Hashable {
        var hasDetail: Bool
        var isInitiallySelected: Bool
        var isDeletable: Bool
        var isMovable: Bool

        init(_ row: RowDefinition) {
            hasDetail = row.detail != nil
            isInitiallySelected = row.isInitiallySelected
            isDeletable = row.isDeletable
            isMovable = row.isMovable
        }
    }

    /// The rows `sample()` keeps of `section`, in their order.
    private static func representativeRows(of section: SectionDefinition) -> [RowDefinition] {
        var kinds = Set<RowKind>()
        var selectedToKeep = section.maxSelected ?? 1
        return section.rows.enumerated().filter { position, row in
            let isNewKind = kinds.insert(RowKind(row)).inserted
            let isKeptSelection = row.isInitiallySelected && selectedToKeep > 0
            if isKeptSelection { selectedToKeep -= 1 }
            return isNewKind || isKeptSelection || position == 0 || position == section.rows.count - 1
        }.map(\.element)
    }
}
