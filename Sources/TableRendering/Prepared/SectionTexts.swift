import Mustache
import TableModel

/// One section's texts, and its rows boxed for the Off mode.
final class SectionTexts: Sendable {
    let vocabulary = Vocabulary.shared
    let id: MustacheText
    let title: MustacheText
    let footer: MustacheText?
    /// The section's label in the section index.
    let indexTitle: MustacheText
    /// By index in the section's definition.
    let rows: [RowTexts]
    /// The catalogues the counts are worded in.
    let catalogues: StringCatalogues
    /// "0 rows", "1 row", "2 rows"… (「0件」…) worded at start-up for the counts up to ``preparedCounts`` the
    /// section can have, by `UILanguage.index`; larger counts are worded when a page needs them.
    let rowCounts: [[MustacheText]]
    /// ", 0 selected", ", 1 selected"… (「、0件選択」…) likewise, for a section that selects; empty lists
    /// otherwise.
    let selectedCounts: [[MustacheText]]
    /// How many counts are worded in advance: a page's header costs no formatting in the common case, and a section
    /// of 100,000 rows does not word 400,000 counts at start-up.
    static let preparedCounts = 1000
    /// Each row boxed in every look it can have in the Off mode (checked or not, and the selection a tap asks
    /// for), by index in the section's definition: a page in the Off mode, the common case, boxes no row.
    let offModeRows: [[(flags: Row.Flags, value: PreparedValue)]]
    /// The header in each of its looks, by `SectionHeader.Look.index`.
    let headers: [PreparedValue]

    init(_ section: SectionDefinition, tableID: MustacheText, catalogues: StringCatalogues) {
        id = MustacheText(section.id)
        title = MustacheText(section.title)
        footer = section.footer.map { MustacheText($0) }
        indexTitle = MustacheText(section.indexTitle)
        let rows = section.rows.map { RowTexts($0, tableID: tableID) }
        self.rows = rows
        self.catalogues = catalogues
        let languages = UILanguage.allCases.map { catalogues[$0] }
        let prepared = 0...min(section.rows.count, Self.preparedCounts)
        rowCounts = languages.map { catalogue in prepared.map { MustacheText(catalogue.rowCount($0)) } }
        selectedCounts = languages.map { catalogue in
            section.selection == .none ? [] : prepared.map { MustacheText(catalogue.selectedCount($0)) }
        }
        // Every combination of the flags a row can show while not editing; a page takes a prepared one only when
        // the row the model presents has exactly these flags.
        var looks: [Row.Flags] = [[]]
        if section.selection != .none {
            let base: Row.Flags = section.selection == .single ? [.selectable, .radio] : [.selectable]
            looks = [[], [.checked], [.requestsSelected], [.checked, .requestsSelected]].map { base.union($0) }
        }
        offModeRows = rows.map { texts in
            looks.map { flags in (flags, PreparedValue(Row(texts: texts, flags: flags))) }
        }
        let isolatesTitle = BidiIsolation.isNeeded(for: section.title)
        headers = SectionHeader.Look.all.map { [id, title] look in
            PreparedValue(SectionHeader(tableID: tableID, id: id, title: title, isolatesTitle: isolatesTitle,
                                        isCollapsible: section.isCollapsible, selects: section.selection != .none,
                                        look: look))
        }
    }

    /// The header in `look`.
    func header(in look: SectionHeader.Look) -> MustacheValue {
        headers[look.index].borrowed
    }

    /// The counts a header shows, in two parts: `"5 rows"` and `", 1 selected"` (「5件」「、1件選択」), the second
    /// `nil` for a section that does not select (`"3 rows"` / `"1 row"` / `"0 rows"`).
    func counts(rows: Int, selected: Int, in language: UILanguage) -> (rows: MustacheText, selected: MustacheText?) {
        let rowCounts = rowCounts[language.index]
        let selectedCounts = selectedCounts[language.index]
        let catalogue = catalogues[language]
        let rowText = rowCounts.indices.contains(rows) ? rowCounts[rows] : MustacheText(catalogue.rowCount(rows))
        guard !selectedCounts.isEmpty else { return (rowText, nil) }
        let selectedText = selectedCounts.indices.contains(selected)
            ? selectedCounts[selected] : MustacheText(catalogue.selectedCount(selected))
        return (rowText, selectedText)
    }

    /// The row at `index` of `rows`, boxed: prepared when it looks as in the Off mode, else made now. Outside the
    /// edit modes only the row's selection varies, which `selectionLook(at:)` reads without presenting the row.
    func value(of rows: RowPresentations, at index: Int) -> MustacheValue {
        if let (indexInSection, selection) = rows.selectionLook(at: index),
            let prepared = prepared(indexInSection, flags: Row.Flags(selection: selection))
        {
            return prepared
        }
        let presentation = rows[index]
        let indexInSection = presentation.row.indexInSection
        let (flags, moves) = Row.look(of: presentation)
        if moves == Row.MoveIndices(), let prepared = prepared(indexInSection, flags: flags) {
            return prepared
        }
        return .context(Row(texts: self.rows[indexInSection], flags: flags, moves: moves))
    }

    /// The row at `index` of `rows` with its matches marked, made now (a page that finds shows a bounded number).
    func value(of rows: RowPresentations, at index: Int, marks: RowMarks) -> MustacheValue {
        let presentation = rows[index]
        let (flags, moves) = Row.look(of: presentation)
        let texts = RowTexts(presentation.row, tableID: self.rows[presentation.row.indexInSection].tableID, marks: marks)
        return .context(Row(texts: texts, flags: flags, moves: moves))
    }

    /// The prepared row at `index` in the section's definition with `flags`, by address, if there is one.
    private func prepared(_ index: Int, flags: Row.Flags) -> MustacheValue? {
        guard offModeRows.indices.contains(index) else { return nil }
        return offModeRows[index].withUnsafeBufferPointer { looks in
            for look in looks where look.flags == flags {
                return look.value.borrowed
            }
            return nil
        }
    }
}

/// One row's texts: one reference for a row view model to hold.
final class RowTexts: Sendable {
    let vocabulary = Vocabulary.shared
    /// The table's id, which the row's URLs carry: the row answers it itself (see ``Row``).
    let tableID: MustacheText
    let id: MustacheText
    /// The title as control names quote it ("Delete X"), in attributes too.
    let title: MustacheText
    /// The title as the row's text shows it: on a page that finds, with its matches marked.
    let shownTitle: MustacheText
    let detail: MustacheText?
    /// Whether the title and the detail get `dir="auto"` (``BidiIsolation``).
    let isolatesTitle: Bool
    let isolatesDetail: Bool

    convenience init(_ row: RowDefinition, tableID: MustacheText) {
        let title = MustacheText(row.title)
        self.init(row, tableID: tableID, title: title, shownTitle: title, detail: row.detail.map { MustacheText($0) })
    }

    /// The row's texts, its title shown as `shownTitle` and its detail as `detail` (a page that finds marks its
    /// matches in them).
    init(_ row: RowDefinition, tableID: MustacheText, title: MustacheText, shownTitle: MustacheText,
         detail: MustacheText?)
    {
        self.tableID = tableID
        id = MustacheText(row.id)
        self.title = title
        self.shownTitle = shownTitle
        self.detail = detail
        isolatesTitle = BidiIsolation.isNeeded(for: row.title)
        isolatesDetail = row.detail.map(BidiIsolation.isNeeded) ?? false
    }
}
