import Mustache
import TableModel

extension PageRenderer {
    /// Appends the page of one visitor's table to `buffer` (left unchanged on error).
    ///
    /// - Parameters:
    ///   - state: the visitor's state of the table.
    ///   - csrf: the session's CSRF token, put in every form.
    ///   - message: the message after the action that led here, if any.
    ///   - landing: where the page lands after that action (its scroll margin); `nil` when unknown.
    ///   - justExpanded: the sections that action expanded; they animate in (CSS).
    ///   - changed: that action changed the table: the page marks itself `changed`, and its CSS shows the change
    ///     (docs/DESIGN.md "Animated changes").
    ///   - showsIndexLink: the server has several tables: show the "All tables" link.
    ///   - reportsTaps: the browser lays out CSS, so each button is followed by the image input that reports
    ///     where a pointer tap landed (a text browser would show it as a second control).
    ///   - windowing: how long sections are shown in windows; nil shows every section whole.
    ///   - focus: the window asked for (the others show their first).
    ///   - find: on a page that finds, the query, the rows it shows and their matches; nil for the whole table.
    ///   - language: the language of the page's words.
    public func renderTable(
        _ state: TableState,
        csrf: String,
        message: PageMessage? = nil,
        landing: Landing? = nil,
        justExpanded: Set<String> = [],
        changed: Bool = false,
        showsIndexLink: Bool,
        reportsTaps: Bool = true,
        windowing: RowWindowing? = .init(),
        focus: WindowFocus? = nil,
        find: FindResults? = nil,
        language: UILanguage,
        into buffer: inout [UInt8]
    ) throws(PageRendererError) {
        let texts = texts(of: state.definition)
        let pages = languages[language.index]
        let page = TablePage(
            state.presentation(windowing: windowing, focus: focus, filter: find?.filter),
            texts: texts,
            csrf: MustacheText(csrf),
            message: message,
            landing: landing,
            justExpanded: justExpanded,
            changed: changed,
            showsIndexLink: showsIndexLink,
            reportsTaps: reportsTaps,
            find: find,
            catalogue: pages.catalogue
        )
        let start = buffer.count
        buffer.reserveCapacity(start + texts.pageSizeHint.load(ordering: .relaxed))
        try Self.render(pages.tablePage, page, into: &buffer)
        texts.pageSizeHint.store((buffer.count - start) * 17 / 16, ordering: .relaxed)
    }

    /// Appends the position picker of one row (`Move X…`) to `buffer` (left unchanged on error): the places the row
    /// can reach in its section, each a move form, or links to groups of them (docs/HTML.md, `PickerPage`).
    ///
    /// - Parameters:
    ///   - state: the visitor's state of the table.
    ///   - row: the row's id.
    ///   - scope: which places to list.
    ///   - csrf: the session's CSRF token, put in every form.
    ///   - backURL: the link back to the table, at the row.
    ///   - findQuery: the query of the page of results the picker was opened from, if any: its forms and links
    ///     keep it.
    ///   - language: the language of the page's words.
    /// - Returns: `false`, with nothing appended, when the table has no such row.
    @discardableResult
    public func renderPicker(
        _ state: TableState,
        row: String,
        scope: PickerScope,
        csrf: String,
        backURL: String,
        findQuery: String? = nil,
        language: UILanguage,
        into buffer: inout [UInt8]
    ) throws(PageRendererError) -> Bool {
        guard let moves = state.movePlaces(ofRow: row) else { return false }
        let pages = languages[language.index]
        let page = PickerPage(moves, scope: scope, texts: texts(of: state.definition), csrf: MustacheText(csrf),
                              backURL: backURL, findQuery: findQuery, catalogue: pages.catalogue)
        try Self.render(pages.pickerPage, page, into: &buffer)
        return true
    }

    /// Appends the list of the tables given at start-up, in their order, to `buffer`.
    public func renderIndex(language: UILanguage, into buffer: inout [UInt8]) {
        buffer.append(contentsOf: languages[language.index].indexPage)
    }

    /// Appends an error page to `buffer` (left unchanged on error).
    ///
    /// - Parameters:
    ///   - status: the HTTP status; the page's heading is its status line, e.g. `404 Not Found` (「404
    ///     見つかりません」).
    ///   - message: what went wrong, in `language` (`catalogue(_:)` words the app's messages).
    ///   - backURL: where the link goes: the table's URL when known (the link says "Back to the table"), else
    ///     `/` ("All tables").
    ///   - language: the language of the page's words; the advice (what to do) depends on the status.
    public func renderError(
        status: Int,
        message: String,
        backURL: String = "/",
        language: UILanguage,
        into buffer: inout [UInt8]
    ) throws(PageRendererError) {
        let pages = languages[language.index]
        let catalogue = pages.catalogue
        let page = ErrorPageView(
            status: ErrorPageView.statusLine(status, in: catalogue),
            message: message,
            advice: ErrorPageView.advice(for: status, in: catalogue),
            backURL: backURL,
            backLabel: catalogue.text(backURL == "/" ? .allTables : .backToTable)
        )
        try Self.render(pages.errorPage, page, into: &buffer)
    }

    /// Appends `template`'s rendering of `page` to `buffer`; the engine's errors become this module's.
    static func render(_ template: Template, _ page: some MustacheContext, into buffer: inout [UInt8])
        throws(PageRendererError)
    {
        do {
            try template.render(page, into: &buffer)
        } catch {
            throw .renderingFailed(error)
        }
    }
}
