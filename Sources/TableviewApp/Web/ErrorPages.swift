import HTTPServer
import TableRendering

/// Every error page, from the `error` template: what went wrong, what to do, and a link back.
struct ErrorPages: Sendable {
    let renderer: PageRenderer
    let catalog: TableCatalogLinks
    /// The language of a request whose `Accept-Language` names none the UI speaks.
    let defaultLanguage: UILanguage

    func response(for failure: HTTPError, to request: Request) -> Response {
        let language = LanguageNegotiation.language(for: request.headers["Accept-Language"], default: defaultLanguage)
        var body: [UInt8] = []
        do throws(PageRendererError) {
            try renderer.renderError(
                status: failure.status.code,
                message: Self.message(of: failure, in: renderer.catalogue(language)),
                backURL: catalog.backURL(for: request.path),
                language: language,
                into: &body
            )
        } catch {
            // The templates failed (they were checked at start-up, so this is unexpected): still say what happened.
            return ErrorPage.plainHTML(failure, request)
        }
        var response = Response(status: failure.status, body: body)
        response.headers["Content-Type"] = "text/html; charset=utf-8"
        response.headers["Cache-Control"] = "no-store"
        response.headers["Vary"] = "Accept-Language, Accept-Encoding"
        return response
    }

    /// The error's own sentence when it is in the page's language (English pages show every message as the
    /// HTTP layer and the form checks word it), else the catalogue's general sentence for its status.
    static func message(of failure: HTTPError, in catalogue: StringCatalogue) -> String {
        let language = catalogue.language
        if failure.messageLanguage == language.tag || (failure.messageLanguage == nil && language == .en) {
            return failure.message
        }
        return catalogue.generalErrorMessage(for: failure.status.code)
    }
}

/// Where an error page's link goes: back to the table named in the path when there is one.
struct TableCatalogLinks: Sendable {
    let tableIDs: Set<String>

    func backURL(for path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if segments.count >= 3, segments[1] == "tables", tableIDs.contains(String(segments[2])) {
            return "/tables/\(segments[2])"
        }
        return "/"
    }
}
