import HTTPServer
import TableRendering

/// Every error page, from the `error` template: what went wrong, what to do, and a link back.
struct ErrorPages: Sendable {
    let renderer: PageRenderer
    let catalog: TableCatalogLinks

    /// The server's error-page hook.
    var errorPage: ErrorPage {
        ErrorPage(render: { [self] error, request in response(for: error, to: request) })
    }

    func response(for failure: HTTPError, to request: Request) -> Response {
        let back = catalog.backLink(for: request.path)
        var body: [UInt8] = []
        do throws(PageRendererError) {
            try renderer.renderError(
                status: failure.status.code,
                message: failure.message,
                advice: Self.advice(for: failure.status),
                backURL: back.url,
                backLabel: back.label,
                into: &body
            )
        } catch {
            // The templates failed (they were checked at start-up, so this is unexpected): still say what happened.
            return ErrorPage.plainHTML(failure, request)
        }
        var response = Response(status: failure.status, body: body)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Cache-Control"] = "no-store"
        return response
    }

    /// What the reader can do about each kind of error.
    static func advice(for status: HTTPStatus) -> String {
        switch status.code {
        case 400: "Go back to the table, reload it and use its buttons again."
        case 403: "Go back to the table, reload it, and try again. Your browser must keep this site’s cookie."
        case 404: "Check the address, or pick a table from the list."
        case 405: "Use the buttons on the table’s page; this address does not take that kind of request."
        case 413: "The form was too large. Go back to the table and use its buttons."
        case 415: "Send the table’s forms as a browser does, as application/x-www-form-urlencoded."
        default: "Go back to the table and try again."
        }
    }
}

/// Where an error page's link goes: back to the table named in the path when there is one.
struct TableCatalogLinks: Sendable {
    let tableIDs: Set<String>

    func backLink(for path: String) -> (url: String, label: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count >= 3, segments[1] == "tables", tableIDs.contains(String(segments[2])) {
            return ("/tables/\(segments[2])", "Back to the table")
        }
        return ("/", "All tables")
    }
}
