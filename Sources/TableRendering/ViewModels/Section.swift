import Mustache
import TableModel

/// One section of a table page (docs/HTML.md, `Section`), from the model's `SectionPresentation`.
struct Section: MustacheContext {
    let texts: SectionTexts
    let counts: String
    let isCollapsible: Bool
    let isCollapsed: Bool
    let isJustExpanded: Bool
    let isSingle: Bool
    let hasRows: Bool
    /// Boxed once here: the template reads the list once per render.
    let rows: MustacheValue
    let message: MustacheValue

    init(_ section: SectionPresentation, texts: SectionTexts, message: Message?, justExpanded: Bool) {
        self.texts = texts
        counts = Self.counts(section)
        isCollapsible = section.toggle != nil
        isCollapsed = section.toggle != nil && !section.isExpanded
        isJustExpanded = justExpanded && section.toggle != nil && section.isExpanded
        isSingle = section.section.selection == .single
        hasRows = !section.isEmpty
        rows = .list(section.rows.map { row in
            .context(Row(row, texts: texts.rows[row.row.indexInSection]))
        })
        self.message = message.map { .context($0) } ?? .null
    }

    /// `"5 rows, 1 selected"` for a section that selects, `"3 rows"`, `"1 row"`, `"0 rows"` otherwise.
    static func counts(_ section: SectionPresentation) -> String {
        let rows = section.rowCount == 1 ? "1 row" : "\(section.rowCount) rows"
        return section.section.selection == .none ? rows : "\(rows), \(section.selectedCount) selected"
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.id: .text(texts.id)
        case Keys.title: .text(texts.title)
        case Keys.counts: .string(counts)
        case Keys.collapsible: .bool(isCollapsible)
        case Keys.collapsed: .bool(isCollapsed)
        case Keys.ariaExpanded: Words.word(!isCollapsed)
        case Keys.expandValue: Words.word(isCollapsed)
        case Keys.justExpanded: .bool(isJustExpanded)
        case Keys.single: .bool(isSingle)
        case Keys.sectionMessage: message
        case Keys.hasRows: .bool(hasRows)
        case Keys.rows: rows
        case Keys.footer: texts.footer.map { .text($0) } ?? .null
        default: nil
        }
    }
}
