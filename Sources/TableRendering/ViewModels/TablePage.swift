import Mustache
import TableModel

/// A table page (docs/HTML.md, `TablePage`), from the model's `TablePresentation`.
struct TablePage: MustacheContext {
    let texts: TableTexts
    let csrf: MustacheText
    let showsIndexLink: Bool
    /// Each enabled button is followed by the image input that reports where a pointer tap landed.
    let reportsTaps: Bool
    /// A long table in an edit mode, in a browser that lays out CSS: each section's rows share one form, and each
    /// button names its action in its `formaction` (`templates/row-light.mustache`).
    let lightForms: Bool
    /// The prepared `Toolbar` of the current edit mode.
    let toolbar: MustacheValue
    let landing: String?
    /// The `lang` of the table's texts where it differs from the page's (`TableTexts.textLanguages`).
    let textLanguage: MustacheText?
    let pageMessage: MustacheValue
    let sections: MustacheValue
    /// "Undo delete “X”" in the toolbar (`ToolbarUndo`), once the page right after the deletion has been left.
    let toolbarUndo: MustacheValue
    /// "Undo reset" in the toolbar, once the page right after the Reset has been left.
    let toolbarUndoReset: Bool
    /// The search field, and what a page that finds found (`FindBar`).
    let find: FindBar
    /// On a page that finds, its query: every form of the page carries it back (field `q`), so the page after an
    /// action shows the same results.
    let findQuery: MustacheText?
    /// On a page that finds, `q=` and its query percent-encoded: each row's picker link carries it, so the picker
    /// and the move made there return to the same results.
    let findQueryURL: MustacheText?
    /// The links to every section's header, on the whole page of a table of many sections (`SectionIndex`).
    let sectionIndex: SectionIndex?

    /// The page for `presentation`. The message goes under the header of section `message.sectionID` when the
    /// table has it, else below the toolbar (in the page's text; CSS fixes it to the window). A deletion's status
    /// is the Undo placeholder itself, where the row was; on later pages the deletion's Undo is in the toolbar.
    /// Likewise Undo reset is in the Reset's status, then in the toolbar.
    init(
        _ presentation: TablePresentation,
        texts: TableTexts,
        csrf: MustacheText,
        message: PageMessage?,
        landing: Landing?,
        justExpanded: Set<String>,
        changed: Bool,
        showsIndexLink: Bool,
        reportsTaps: Bool,
        find results: FindResults? = nil,
        catalogue: StringCatalogue
    ) {
        let language = catalogue.language
        self.texts = texts
        textLanguage = texts.textLanguages[language.index]
        self.csrf = csrf
        self.showsIndexLink = showsIndexLink
        self.reportsTaps = reportsTaps
        // A long page shows its tap inputs only under the pointer (`lazy-taps`, Public/style.css): thousands of fixed,
        // clipped inputs laid out at once made a tap on 2,000 rows four times slower.
        let rows = presentation.sections.reduce(0) { $0 + $1.rows.count }
        // `changed`: the first page after an action that changed the table, whose CSS shows the change (the tapped
        // row's checkmark fades in, a deletion's Undo opens: Public/style.css); a reload, Back or a refusal does not.
        let classes = [landing?.pageClasses ?? "", reportsTaps && rows > Self.lazyTapRows ? "lazy-taps" : "",
                       changed ? "changed" : ""]
        // Text browsers keep a form per control: lynx and w3m do not know `formaction`.
        lightForms = reportsTaps && rows > Self.lazyTapRows && presentation.editMode != .off
        self.landing = classes.filter { !$0.isEmpty }.joined(separator: " ").nilIfEmpty
        toolbar = texts.toolbar(in: presentation.editMode, language: language)
        find = FindBar(results, table: presentation.table.id, fragment: landing?.fragment, catalogue: catalogue)
        findQuery = results.map { MustacheText($0.query) }
        findQueryURL = results.map { MustacheText(FindResults.urlQuery($0.query)) }
        sectionIndex = presentation.showsSectionIndex
            ? SectionIndex(links: presentation.sections.map { SectionIndex.Link(texts: texts.sections[$0.section.index]) })
            : nil

        let deletion = presentation.undoableDeletion
        let announcesDeletion = Self.announcesDeletion(presentation, message: message)
        let shown = announcesDeletion ? nil : message
        var notice: Notice?
        if let shown {
            notice = Notice(message: shown, text: shown.text(in: catalogue, table: presentation.table),
                            offersUndoReset: presentation.canUndoReset,
                            atTop: landing?.placesMessageAtTop ?? false)
        }
        toolbarUndoReset = presentation.canUndoReset && shown == nil
        if let deletion, !announcesDeletion {
            let row = texts.sections[deletion.row.sectionIndex].rows[deletion.row.indexInSection]
            toolbarUndo = .context(ToolbarUndo(rowID: row.id, title: row.title))
        } else {
            toolbarUndo = .null
        }
        let sectionIndex = shown?.sectionID.flatMap { presentation.table.section(id: $0)?.index }
        pageMessage = sectionIndex == nil ? notice.map { .context($0) } ?? .null : .null
        let layout = PageLayout(presentation, showsIndexLink: showsIndexLink, showsUndoPlaceholder: announcesDeletion)
        // Each section boxed as it is made: mapping to `Section`s first copied each into its box and tore the
        // copies down again.
        sections = .list(presentation.sections.map { section -> MustacheValue in
            var undo: (UndoPlaceholder, Int)?
            if let deletion, deletion.row.sectionIndex == section.section.index,
                let index = layout.items(of: section).firstIndex(of: .placeholder)
            {
                let placeholder = UndoPlaceholder(
                    rowID: texts.sections[section.section.index].rows[deletion.row.indexInSection].id,
                    text: catalogue.statusMessage(for: .deleted(row: deletion.row.id), in: presentation.table) ?? "",
                    isAnnounced: announcesDeletion
                )
                undo = (placeholder, index)
            }
            let sectionTexts = texts.sections[section.section.index]
            return .context(Section(
                section,
                texts: sectionTexts,
                message: section.section.index == sectionIndex ? notice : nil,
                undo: undo,
                window: section.window.map {
                    WindowNavigation($0, table: presentation.table.id, section: section.section.id,
                                     title: sectionTexts.title)
                },
                elsewhere: section.rowsElsewhere
                    ? ElsewhereLink(table: presentation.table.id, section: section.section.id, count: section.rowCount)
                    : nil,
                marks: results?.marks,
                justExpanded: !justExpanded.isEmpty && justExpanded.contains(section.section.id),
                language: language
            ))
        })
    }

    /// Whether the page is the one right after the most recent deletion, whose status message it shows: the Undo
    /// placeholder stands where the row was.
    static func announcesDeletion(_ presentation: TablePresentation, message: PageMessage?) -> Bool {
        guard let deletion = presentation.undoableDeletion else { return false }
        return message?.undoRowID == deletion.row.id
    }

    /// Beyond this many rows shown, the tap inputs are laid out only under the pointer.
    static let lazyTapRows = 200

    /// The names a table page answers (docs/HTML.md).
    enum Field: Sendable {
        case tableID, csrf, title, sections, showsIndexLink, toolbar
        case landing, textLanguage, pageMessage, reportsTaps, toolbarUndo, toolbarUndoReset, lightForms
        case find, findQuery, findQueryURL, sectionIndex
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        guard let field = texts.vocabulary.pageFields[key] else { return nil }
        return switch field {
        case .tableID: .borrowing(texts.tableID)
        case .csrf: .borrowing(csrf)
        case .title: .borrowing(texts.title)
        case .sections: sections
        case .showsIndexLink: .bool(showsIndexLink)
        case .toolbar: toolbar
        case .landing: landing.map { .string($0) } ?? .null
        case .textLanguage: textLanguage.map { .borrowing($0) } ?? .null
        case .pageMessage: pageMessage
        case .reportsTaps: .bool(reportsTaps)
        case .toolbarUndo: toolbarUndo
        case .toolbarUndoReset: .bool(toolbarUndoReset)
        case .lightForms: .bool(lightForms)
        case .find: .context(find)
        case .findQuery: findQuery.map { .borrowing($0) } ?? .null
        case .findQueryURL: findQueryURL.map { .borrowing($0) } ?? .null
        case .sectionIndex: sectionIndex.map { .context($0) } ?? .null
        }
    }
}

private extension String {
    var nilIfEmpty: String? { isEmpty ? nil : self }
}
