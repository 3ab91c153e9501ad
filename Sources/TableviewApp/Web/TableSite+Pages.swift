import HTTPServer
import TableModel
import TableRendering

extension TableSite {
    /// `/`: the list of tables, or the only table.
    func index(_ request: Request) -> Response {
        if catalog.tables.count == 1 {
            return Response.redirect(to: "/tables/\(catalog.tables[0].id)", status: .found)
        }
        var body: [UInt8] = []
        renderer.renderIndex(language: language(of: request), into: &body)
        return htmlResponse(body)
    }

    /// `/tables/{table}`: the visitor's page of the table, with the message the last action left, once.
    ///
    /// A page without a message is the same bytes for as long as the visitor's state stays the same: it carries
    /// an `ETag` made from the session, the state's version and the page's language (``PageTags``; a matching
    /// `If-None-Match` gets 304), and the page is kept in the page cache as a whole answer, with its language, so
    /// only a changed state costs a render. A returning reader (a cookie, no stored state) is cached the same way;
    /// only a request without a usable cookie renders every time.
    func tablePage(_ request: Request, table: TableDefinition) throws -> Response {
        let language = language(of: request)
        let reportsTaps = TapReporting.isOffered(to: request)
        let query = try Self.findQuery(in: request.rawQuery)
        if query == .blank { return clearedSearch(request, table: table) }
        // A page that finds is rendered for each request: it costs what it shows, and no cache keeps it.
        let find = try pageFind(query, table: table, request: request)
        let focus = find == nil ? try windowFocus(of: request, table: table) : nil
        // A cached page needs two fields of the visitor, not a copy of all of them.
        let (cookie, glance) = VisitorCookie.find(
            in: request, issuer: issuer, sessions: sessions, secure: origin.isSecure
        ) { visitor in
            (version: visitor.version, hasMessage: visitor.pending?.tableID == table.id)
        }
        if find == nil, !cookie.isNew, glance?.hasMessage != true,
            let cached = pageCache.answer(to: request, session: cookie.id, table: table.id,
                                          version: glance?.version ?? 0, language: language,
                                          reportsTaps: reportsTaps, focus: focus)
        {
            return cached
        }
        let visitor = cookie.isNew ? nil : sessions.value(for: cookie.id)
        if let waiting = visitor?.pending, waiting.tableID == table.id {
            // HEAD shows the same page but leaves the message for the GET that will display it.
            if request.method != .head { try consumeMessage(of: cookie.id, table: table.id) }
            let token = visitor?.csrfToken ?? tokens.token(for: cookie.id)
            var response = htmlResponse(try render(table, visitor: visitor, token: token, pending: waiting,
                                                   focus: focus, find: find, language: language,
                                                   reportsTaps: reportsTaps),
                                        vary: Self.tablePageVary)
            // The message shows once: no browser may keep this page to show again on Back (its back-forward cache
            // keeps pages that may be stored), so Back asks the server, which answers without it.
            response.headers["Cache-Control"] = "no-store"
            return response
        }
        if find != nil {
            let token = visitor?.csrfToken ?? tokens.token(for: cookie.id)
            var response = htmlResponse(try render(table, visitor: visitor, token: token, pending: nil, focus: nil,
                                                   find: find, language: language, reportsTaps: reportsTaps),
                                        vary: Self.tablePageVary)
            cookie.apply(to: &response, secure: origin.isSecure)
            return response
        }
        let version = visitor?.version ?? 0
        let tag = pageTags.tag(session: cookie.id, generation: generation, version: version, language: language,
                               reportsTaps: reportsTaps, focus: focus)
        let token = visitor?.csrfToken ?? tokens.token(for: cookie.id)
        var response = htmlResponse(try render(table, visitor: visitor, token: token, pending: nil, focus: focus,
                                               language: language, reportsTaps: reportsTaps), vary: Self.tablePageVary)
        response.headers["ETag"] = tag
        // Rendered first: the 304 says the page's length (a request naming the tag of a page no longer cached).
        if !cookie.isNew, request.ifNoneMatch(names: tag) { return Self.notModified(tag: tag, of: response) }
        if !cookie.isNew {
            let page = PageCache.Page(tableID: table.id, version: version, language: language,
                                      reportsTaps: reportsTaps, focus: focus, response: response, tag: tag)
            pageCache.store(page, for: cookie.id)
        }
        cookie.apply(to: &response, secure: origin.isSecure)
        return response
    }

    /// The 304 of a table page whose `ETag` is `tag`, with the `Cache-Control`, `ETag` and `Vary` its 200 carries
    /// (RFC 9110 §15.4.5), so a cache keeps the page apart per language and browser and checks it again before every
    /// use.
    static func notModified(tag: String, of page: Response) -> Response {
        .notModified(of: page, headers: ["ETag": tag, "Cache-Control": pageCacheControl, "Vary": tablePageVary])
    }

    /// A page's `Cache-Control` and `Vary` (see ``htmlResponse(_:status:vary:)``); a table page's tap inputs depend
    /// on the `User-Agent` too (``TapReporting``).
    private static let pageCacheControl = "no-store"
    private static let pageVary = "Accept-Language, Accept-Encoding"
    private static let tablePageVary = "Accept-Language, Accept-Encoding, User-Agent"

    /// The most bytes a table page may have (SPEC §10 "Huge tables"): a page of `pageRows` rows whose texts are so
    /// long that it would be larger is rendered again with half the rows (``RowWindowing/halved()``), until it fits.
    static let maximumPageBytes = 4 << 20

    private func render(
        _ table: TableDefinition, visitor: Visitor?, token: CSRFToken, pending: PendingMessage?, focus: WindowFocus?,
        find: PageFind? = nil, language: UILanguage, reportsTaps: Bool
    ) throws -> [UInt8] {
        var body: [UInt8] = []
        let state = visitor?.state(of: table) ?? TableState(definition: table)
        var windowing = self.windowing
        while true {
            try render(state, windowing: windowing, token: token, pending: pending, focus: focus, find: find,
                       language: language, reportsTaps: reportsTaps, visitor: visitor, into: &body)
            guard body.count > Self.maximumPageBytes, let fewer = windowing.halved() else { return body }
            windowing = fewer
            body.removeAll(keepingCapacity: true)
        }
    }

    private func render(
        _ state: TableState, windowing: RowWindowing, token: CSRFToken, pending: PendingMessage?,
        focus: WindowFocus?, find: PageFind?, language: UILanguage, reportsTaps: Bool, visitor: Visitor?,
        into body: inout [UInt8]
    ) throws {
        let table = state.definition
        try renderer.renderTable(
            state,
            csrf: token.text,
            message: pending?.message,
            landing: visitor?.landings[table.id],
            justExpanded: pending?.justExpanded ?? [],
            changed: pending?.changed ?? false,
            showsIndexLink: catalog.tables.count > 1,
            reportsTaps: reportsTaps,
            windowing: windowing,
            focus: focus,
            find: find?.results(in: state),
            language: language,
            into: &body
        )
    }

    /// `/tables/{table}/state.json`: the visitor's state in the format `tableview render --state` reads.
    func stateExport(_ request: Request, table: TableDefinition) -> Response {
        let (cookie, visitor) = VisitorCookie.find(
            in: request, issuer: issuer, sessions: sessions, secure: origin.isSecure)
        let state = visitor?.state(of: table) ?? TableState(definition: table)
        var response = Response(status: .ok, body: Array((state.exportJSON(pretty: true) + "\n").utf8))
        response.headers["Content-Type"] = "application/json; charset=utf-8"
        response.headers["Cache-Control"] = "no-store"
        cookie.apply(to: &response, secure: origin.isSecure)
        return response
    }

    /// Clears the one-shot message: nothing a journal keeps changes, so nothing waits for a commit.
    private func consumeMessage(of id: SessionID, table: String) throws {
        try sessions.update(id) { visitor in
            guard visitor?.pending?.tableID == table else { return }
            visitor?.pending = nil
            if visitor?.isEmpty == true { visitor = nil }
        }
    }

    /// A page that depends on the visitor: private, and checked with the server before every use (back button
    /// included), so a page never shows a state older than the server's. Its words depend on `Accept-Language`.
    func htmlResponse(_ body: [UInt8], status: HTTPStatus = .ok, vary: String = pageVary) -> Response {
        var response = Response(status: status, body: body)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Cache-Control"] = Self.pageCacheControl
        response.headers["Vary"] = vary
        return response
    }
}
