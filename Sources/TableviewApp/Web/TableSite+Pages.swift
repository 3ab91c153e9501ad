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
        renderer.renderIndex(into: &body)
        return htmlResponse(body)
    }

    /// `/tables/{table}`: the visitor's page of the table, with the message the last action left, once.
    ///
    /// A page without a message is the same bytes for as long as the visitor's state stays the same: it carries
    /// an `ETag` naming the session and the state's version (a matching `If-None-Match` gets 304), and the
    /// bytes of an active visitor's page are kept in the page cache, so only a changed state costs a render.
    func tablePage(_ request: Request, table: TableDefinition) throws -> Response {
        let cookie = VisitorCookie(of: request, issuer: issuer, sessions: sessions)
        let visitor = cookie.isNew ? nil : sessions.value(for: cookie.id)
        var response: Response
        if let waiting = visitor?.pending, waiting.tableID == table.id {
            // HEAD shows the same page but leaves the message for the GET that will display it.
            if request.method != .head { consumeMessage(of: cookie.id, table: table.id) }
            let body = try render(table, visitor: visitor, token: tokens.token(for: cookie.id), pending: waiting)
            response = htmlResponse(body)
        } else {
            let version = visitor?.version ?? 0
            let cached = visitor == nil ? nil : pageCache.page(for: cookie.id, table: table.id, version: version)
            let token = cached == nil ? tokens.token(for: cookie.id) : ""
            let tag = cached?.tag ?? "W/\"\(token.prefix(16))-\(generation)-\(version)\""
            if !cookie.isNew, request.headers["If-None-Match"].map({ Self.matches($0, tag) }) == true {
                response = Response(status: .notModified)
            } else if let cached {
                response = htmlResponse(cached.body)
            } else {
                let body = try render(table, visitor: visitor, token: token, pending: nil)
                if visitor != nil {
                    pageCache.store(PageCache.Page(tableID: table.id, version: version, body: body, tag: tag), for: cookie.id)
                }
                response = htmlResponse(body)
            }
            response.headers["ETag"] = tag
        }
        cookie.apply(to: &response, secure: origin.isSecure)
        return response
    }

    private func render(_ table: TableDefinition, visitor: Visitor?, token: String, pending: PendingMessage?) throws
        -> [UInt8]
    {
        var body: [UInt8] = []
        try renderer.renderTable(
            visitor?.state(of: table) ?? TableState(definition: table),
            csrf: token,
            message: pending?.message,
            landing: visitor?.landings[table.id],
            justExpanded: pending?.justExpanded ?? [],
            showsIndexLink: catalog.tables.count > 1,
            into: &body
        )
        return body
    }

    /// Whether an `If-None-Match` value names `tag` (weak comparison, as RFC 9110 asks for this header).
    static func matches(_ header: String, _ tag: String) -> Bool {
        let bare = tag.hasPrefix("W/") ? tag.dropFirst(2) : tag[...]
        return header.split(separator: ",").contains { candidate in
            let trimmed = candidate.trimmingPrefix(" ")
            return trimmed == "*" || (trimmed.hasPrefix("W/") ? trimmed.dropFirst(2) : trimmed) == bare
        }
    }

    /// `/tables/{table}/state.json`: the visitor's state in the format `tableview render --state` reads.
    func stateExport(_ request: Request, table: TableDefinition) -> Response {
        let cookie = VisitorCookie(of: request, issuer: issuer, sessions: sessions)
        let visitor = cookie.isNew ? nil : sessions.value(for: cookie.id)
        let state = visitor?.state(of: table) ?? TableState(definition: table)
        var response = Response(status: .ok, body: Array((state.exportJSON(pretty: true) + "\n").utf8))
        response.headers["Content-Type"] = "application/json; charset=utf-8"
        response.headers["Cache-Control"] = "no-store"
        cookie.apply(to: &response, secure: origin.isSecure)
        return response
    }

    private func consumeMessage(of id: SessionID, table: String) {
        sessions.update(id) { visitor in
            guard visitor?.pending?.tableID == table else { return }
            visitor?.pending = nil
            if visitor?.isEmpty == true { visitor = nil }
        }
    }

    /// A page that depends on the visitor: private, and checked with the server before every use (back button
    /// included), so a page never shows a state older than the server's.
    func htmlResponse(_ body: [UInt8], status: HTTPStatus = .ok) -> Response {
        var response = Response(status: status, body: body)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Cache-Control"] = "private, no-cache"
        return response
    }
}
