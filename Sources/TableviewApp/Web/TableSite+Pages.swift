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
    func tablePage(_ request: Request, table: TableDefinition) throws -> Response {
        let cookie = VisitorCookie(of: request)
        let visitor = cookie.isNew ? nil : sessions.value(for: cookie.id)
        var pending: PendingMessage?
        if let waiting = visitor?.pending, waiting.tableID == table.id {
            pending = waiting
            // HEAD shows the same page but leaves the message for the GET that will display it.
            if request.method != .head { consumeMessage(of: cookie.id, table: table.id) }
        }
        var body: [UInt8] = []
        try renderer.renderTable(
            visitor?.state(of: table) ?? TableState(definition: table),
            csrf: tokens.token(for: cookie.id),
            message: pending?.message,
            justExpanded: pending?.justExpanded ?? [],
            showsIndexLink: catalog.tables.count > 1,
            into: &body
        )
        var response = htmlResponse(body)
        cookie.apply(to: &response)
        return response
    }

    /// `/tables/{table}/state.json`: the visitor's state in the format `tableview render --state` reads.
    func stateExport(_ request: Request, table: TableDefinition) -> Response {
        let cookie = VisitorCookie(of: request)
        let visitor = cookie.isNew ? nil : sessions.value(for: cookie.id)
        let state = visitor?.state(of: table) ?? TableState(definition: table)
        var response = Response(status: .ok, body: Array((state.exportJSON(pretty: true) + "\n").utf8))
        response.headers["Content-Type"] = "application/json; charset=utf-8"
        response.headers["Cache-Control"] = "no-store"
        cookie.apply(to: &response)
        return response
    }

    private func consumeMessage(of id: SessionID, table: String) {
        sessions.update(id) { visitor in
            guard visitor?.pending?.tableID == table else { return }
            visitor?.pending = nil
            if visitor?.isEmpty == true { visitor = nil }
        }
    }

    /// A page that depends on the visitor: never stored by caches, always fetched again (back button included),
    /// so a page never shows a state older than the server's.
    func htmlResponse(_ body: [UInt8], status: HTTPStatus = .ok) -> Response {
        var response = Response(status: status, body: body)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Cache-Control"] = "no-store"
        return response
    }
}
