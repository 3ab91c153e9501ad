import HTTPServer
import TableModel
import TableRendering

/// The web application proper: the tables, each visitor's state of them, and the pages and forms that show and
/// change it. Handlers run synchronously on the server's threads; the session store is the only shared mutable
/// state, and it has its own lock.
final class TableSite: Sendable {
    let catalog: TableCatalog
    let renderer: PageRenderer
    let sessions: SessionStore<Visitor>
    let tokens: CSRFTokens
    let issuer: SessionIssuer
    let pageCache: PageCache
    /// The UI language of a request whose `Accept-Language` names none the UI speaks (`--language`).
    let defaultLanguage: UILanguage

    /// A site whose CSRF tokens and session ids derive from `secret` (the state file keeps it across restarts).
    init(
        catalog: TableCatalog, renderer: PageRenderer, sessions: SessionStore<Visitor>,
        secret: ServerSecret = ServerSecret(), pageCache: PageCache = PageCache(), defaultLanguage: UILanguage = .en
    ) {
        self.defaultLanguage = defaultLanguage
        self.catalog = catalog
        self.renderer = renderer
        self.sessions = sessions
        tokens = CSRFTokens(secret: secret.bytes)
        issuer = SessionIssuer(secret: secret.bytes)
        self.pageCache = pageCache
    }

    /// Adds the site's routes (docs/DESIGN.md lists them) to `router`.
    func addRoutes(to router: inout Router) throws {
        try router.get("/") { [self] request, _ in index(request) }
        try router.get("/tables/{table}") { [self] request, parameters in
            try tablePage(request, table: try table(parameters, request: request))
        }
        try router.get("/tables/{table}/rows/{row}/position") { [self] request, parameters in
            try pickerPage(request, table: try table(parameters, request: request), row: parameters["row"] ?? "")
        }
        try router.get("/tables/{table}/state.json") { [self] request, parameters in
            stateExport(request, table: try table(parameters, request: request))
        }
        let actions: [(String, ActionEndpoint)] = [
            ("/tables/{table}/rows/{row}/selection", .selection),
            ("/tables/{table}/sections/{section}/expansion", .sectionExpansion),
            ("/tables/{table}/expansion", .tableExpansion),
            ("/tables/{table}/edit-mode", .editMode),
            ("/tables/{table}/rows/{row}/position", .position),
            ("/tables/{table}/rows/{row}/deletion", .deletion),
            ("/tables/{table}/undo", .undo),
            ("/tables/{table}/reset", .reset),
            ("/tables/{table}/undo-reset", .undoReset),
        ]
        for (pattern, endpoint) in actions {
            try router.post(pattern) { [self] request, parameters in
                try act(endpoint, request: request, table: try table(parameters, request: request),
                        parameters: parameters)
            }
        }
    }

    /// The table a route's `{table}` names, or 404 (said in the request's language).
    private func table(_ parameters: Parameters, request: Request) throws(HTTPError) -> TableDefinition {
        guard let id = parameters["table"], let table = catalog.table(id: id) else {
            let words = renderer.catalogue(language(of: request))
            throw HTTPError(.notFound, message: words.noTableMessage(XMLSafeText.echo(parameters["table"] ?? "")),
                            messageLanguage: words.language.tag)
        }
        return table
    }

    /// The UI language the request asks for (`LanguageNegotiation`).
    func language(of request: Request) -> UILanguage {
        LanguageNegotiation.language(for: request.headers["Accept-Language"], default: defaultLanguage)
    }
}
