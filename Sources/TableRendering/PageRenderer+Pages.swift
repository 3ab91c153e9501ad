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
    ///   - showsIndexLink: the server has several tables: show the "All tables" link.
    public func renderTable(
        _ state: TableState,
        csrf: String,
        message: PageMessage? = nil,
        landing: Landing? = nil,
        justExpanded: Set<String> = [],
        showsIndexLink: Bool,
        into buffer: inout [UInt8]
    ) throws(PageRendererError) {
        let texts = texts(of: state.definition)
        let page = TablePage(
            state.presentation,
            texts: texts,
            csrf: MustacheText(csrf),
            message: message,
            landing: landing,
            justExpanded: justExpanded,
            showsIndexLink: showsIndexLink
        )
        let start = buffer.count
        buffer.reserveCapacity(start + texts.pageSizeHint.load(ordering: .relaxed))
        try Self.render(tablePage, page, into: &buffer)
        texts.pageSizeHint.store((buffer.count - start) * 17 / 16, ordering: .relaxed)
    }

    /// Appends the list of the tables given at start-up, in their order, to `buffer`.
    public func renderIndex(into buffer: inout [UInt8]) {
        buffer.append(contentsOf: indexPage)
    }

    /// Appends an error page to `buffer` (left unchanged on error).
    ///
    /// - Parameters:
    ///   - status: the HTTP status; the page's heading is its status line, e.g. `404 Not Found`.
    ///   - message: what went wrong.
    ///   - advice: what to do, e.g. `Reload the table and submit the form again.`
    ///   - backURL: where the link goes: the table's URL when known, else `/`.
    ///   - backLabel: the link text: `Back to the table` or `All tables`.
    public func renderError(
        status: Int,
        message: String,
        advice: String,
        backURL: String = "/",
        backLabel: String = "All tables",
        into buffer: inout [UInt8]
    ) throws(PageRendererError) {
        let page = ErrorPage(
            status: ErrorPage.statusLine(status),
            message: message,
            advice: advice,
            backURL: backURL,
            backLabel: backLabel
        )
        try Self.render(errorPage, page, into: &buffer)
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
