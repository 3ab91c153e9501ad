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
        counts = texts.counts(rows: section.rowCount, selected: section.selectedCount)
        isCollapsible = section.toggle != nil
        isCollapsed = section.toggle != nil && !section.isExpanded
        isJustExpanded = justExpanded && section.toggle != nil && section.isExpanded
        isSingle = section.section.selection == .single
        hasRows = !section.isEmpty
        var rows: [MustacheValue] = []
        rows.reserveCapacity(section.rows.count)
        // Through a pointer, so that reading a row's fields does not copy the whole presentation.
        section.rows.withUnsafeBufferPointer { presentations in
            guard let first = presentations.baseAddress else { return }
            for offset in presentations.indices {
                let presentation = first + offset
                let index = presentation.pointee.row.indexInSection
                rows.append(texts.value(of: Row(presentation, texts: texts.rows[index]), at: index))
            }
        }
        self.rows = .list(rows)
        self.message = message.map { .context($0) } ?? .null
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        return switch key {
        case keys.id: .text(texts.id)
        case keys.title: .text(texts.title)
        case keys.counts: .string(counts)
        case keys.collapsible: .bool(isCollapsible)
        case keys.collapsed: .bool(isCollapsed)
        case keys.ariaExpanded: keys.word(!isCollapsed)
        case keys.expandValue: keys.word(isCollapsed)
        case keys.justExpanded: .bool(isJustExpanded)
        case keys.single: .bool(isSingle)
        case keys.sectionMessage: message
        case keys.hasRows: .bool(hasRows)
        case keys.rows: rows
        case keys.footer: texts.footer.map { .text($0) } ?? .null
        default: nil
        }
    }
}
