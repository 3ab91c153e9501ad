import Mustache
import TableModel

/// One section of a table page (docs/HTML.md, `Section`), from the model's `SectionPresentation`.
struct Section: MustacheContext {
    let texts: SectionTexts
    /// The prepared `SectionHeader` in this section's look.
    let header: MustacheValue
    /// The header's counts: the rows, and the selected ones in a section that selects.
    let rowCount: MustacheText
    let selectedCount: MustacheText?
    let isSingle: Bool
    let showsEmptyNote: Bool
    /// The rows above the Undo placeholder (all rows without one) and below it; boxed once here.
    let rowsBefore: MustacheValue
    let rowsAfter: MustacheValue
    let hasRowsBefore: Bool
    let hasRowsAfter: Bool
    let undo: MustacheValue
    let hasUndo: Bool
    let message: MustacheValue
    /// The window shown and the links to the others, for a long section (`WindowNavigation`).
    let window: MustacheValue
    /// The link to the rows, when they are on another page (`ElsewhereLink`).
    let elsewhere: MustacheValue

    /// - Parameters:
    ///   - undo: the Undo placeholder, when the most recent deletion was in this section, and its index among
    ///     the rows shown (`PageLayout.items(of:)` places it the same way).
    ///   - window: the navigation of the section's window, when it shows one.
    ///   - elsewhere: the link to the section's rows, when they are on another page.
    init(
        _ section: borrowing SectionPresentation,
        texts: SectionTexts,
        message: Notice?,
        undo: (placeholder: UndoPlaceholder, index: Int)?,
        window: WindowNavigation? = nil,
        elsewhere: ElsewhereLink? = nil,
        marks: [Int: RowMarks]? = nil,
        justExpanded: Bool,
        language: UILanguage
    ) {
        self.texts = texts
        (rowCount, selectedCount) = texts.counts(rows: section.rowCount, selected: section.selectedCount, in: language)
        // The toggle's state, not whether rows show: a page that finds shows a collapsed section's matches.
        let isExpanded = section.toggle?.isExpanded
        header = texts.header(in: SectionHeader.Look(
            isCollapsed: isExpanded == false,
            isJustExpanded: justExpanded && isExpanded == true
        ))
        isSingle = section.section.selection == .single
        showsEmptyNote = section.isExpanded && section.isEmpty
        let rows = section.rows
        // A window's rows are at their positions in the section; the placeholder's index counts from the first.
        let split = rows.startIndex + min(undo?.index ?? rows.count, rows.count)
        // Mapped, each list allocated once at its size (none when empty), rather than reserved and appended to.
        hasRowsBefore = split > rows.startIndex
        hasRowsAfter = split < rows.endIndex
        // On a page that finds, a row with matches shows them marked.
        func value(at index: Int) -> MustacheValue {
            if let marks, let rowMarks = marks[rows[index].row.tableIndex] {
                return texts.value(of: rows, at: index, marks: rowMarks)
            }
            return texts.value(of: rows, at: index)
        }
        rowsBefore = .list(hasRowsBefore ? (rows.startIndex..<split).map(value(at:)) : [])
        rowsAfter = .list(hasRowsAfter ? (split..<rows.endIndex).map(value(at:)) : [])
        self.undo = undo.map { .context($0.placeholder) } ?? .null
        hasUndo = undo != nil
        self.message = message.map { .context($0) } ?? .null
        self.window = window.map { .context($0) } ?? .null
        self.elsewhere = elsewhere.map { .context($0) } ?? .null
    }

    /// The names a section answers (docs/HTML.md).
    enum Field: Sendable {
        case id, header, rowCount, selectedCount, single
        case sectionMessage, hasList, hasRowsBefore, rowsBefore, undo, hasRowsAfter, rowsAfter, showsEmptyNote, footer
        case window, elsewhere
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        guard let field = keys.sectionFields[key] else { return nil }
        return switch field {
        case .id: .borrowing(texts.id)
        case .header: header
        case .rowCount: .borrowing(rowCount)
        case .selectedCount: selectedCount.map { .borrowing($0) } ?? .null
        case .single: .bool(isSingle)
        case .sectionMessage: message
        case .hasList: .bool(hasRowsBefore || hasRowsAfter || hasUndo)
        case .hasRowsBefore: .bool(hasRowsBefore)
        case .rowsBefore: rowsBefore
        case .undo: undo
        case .hasRowsAfter: .bool(hasRowsAfter)
        case .rowsAfter: rowsAfter
        case .showsEmptyNote: .bool(showsEmptyNote)
        case .footer: texts.footer.map { .borrowing($0) } ?? .null
        case .window: window
        case .elsewhere: elsewhere
        }
    }
}
