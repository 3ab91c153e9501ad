import HTTPServer
import Synchronization
import TableModel
import TableRendering

/// The web application proper: the tables, each visitor's state of them, and the pages and forms that show and
/// change it. Handlers run synchronously on the server's threads; the shared mutable state is the session store and
/// the caches (pages, redirects, languages), each behind a lock of its own.
///
/// A site is immutable: a reload makes a new one with the new tables and templates, the same sessions and secret,
/// and an empty page cache (``reloaded(catalog:renderer:)``), and ``CurrentSite`` swaps it in; each request is
/// served by the one site it started with, so it sees one consistent catalogue.
final class TableSite: Sendable {
    let catalog: TableCatalog
    let renderer: PageRenderer
    let sessions: SessionStore<Visitor>
    let secret: ServerSecret
    let tokens: CSRFTokens
    let issuer: SessionIssuer
    let pageTags: PageTags
    let pageCache: PageCache
    /// The redirects after form POSTs, prepared once each.
    let redirects = RedirectCache()
    /// The UI language of each `Accept-Language` value seen lately.
    let languages: LanguageMemo
    let errorPages: ErrorPages
    /// Counts reloads; part of every page's `ETag`, so no page from before a reload is taken for a current one.
    let generation: UInt64
    /// How visitors reach the site: the `Origin` forms come from, redirects' URLs, the cookie's `Secure`.
    let origin: SiteOrigin
    /// The UI language of a request whose `Accept-Language` names none the UI speaks (`--language`).
    let defaultLanguage: UILanguage
    /// How long sections are shown in windows (`--max-section-rows`, `--window-rows`).
    let windowing: RowWindowing
    /// Each table's rows folded for find, by table id: made once per site, so per load and reload.
    let findIndexes: [String: FindIndex]

    /// A site whose CSRF tokens and session ids derive from `secret` (the state file keeps it across restarts).
    init(
        catalog: TableCatalog, renderer: PageRenderer, sessions: SessionStore<Visitor>,
        secret: ServerSecret = ServerSecret(), pageCache: PageCache = PageCache(), origin: SiteOrigin = SiteOrigin(),
        defaultLanguage: UILanguage = .en, windowing: RowWindowing = RowWindowing(), generation: UInt64 = 0
    ) {
        self.origin = origin
        self.windowing = windowing
        self.defaultLanguage = defaultLanguage
        languages = LanguageMemo(default: defaultLanguage)
        self.catalog = catalog
        self.renderer = renderer
        self.sessions = sessions
        self.secret = secret
        tokens = CSRFTokens(secret: secret.bytes)
        issuer = SessionIssuer(secret: secret.bytes)
        pageTags = PageTags(secret: secret.bytes)
        self.pageCache = pageCache
        errorPages = ErrorPages(renderer: renderer, catalog: TableCatalogLinks(tableIDs: Set(catalog.tables.map(\.id))),
                                defaultLanguage: defaultLanguage)
        self.generation = generation
        findIndexes = Dictionary(catalog.tables.map { ($0.id, FindIndex($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// The site with new tables and templates: the same sessions, secret, origin and default language, an empty
    /// page cache.
    func reloaded(catalog: TableCatalog, renderer: PageRenderer) -> TableSite {
        TableSite(catalog: catalog, renderer: renderer, sessions: sessions, secret: secret, origin: origin,
                  defaultLanguage: defaultLanguage, windowing: windowing, generation: generation + 1)
    }

    /// Adds the site's routes (docs/DESIGN.md lists them) to `router`; each request is served by the site that is
    /// `current` when it arrives.
    static func addRoutes(to router: inout Router, serving current: CurrentSite) throws {
        try router.get("/") { request, parameters in
            try current.respond(to: request, parameters) { site, request, _ in site.index(request) }
        }
        try router.get("/tables/{table}") { request, parameters in
            try current.respond(to: request, parameters) { site, request, parameters in
                try site.withTable(parameters, request: request) { try site.tablePage(request, table: $0) }
            }
        }
        try router.get("/tables/{table}/rows/{row}/position") { request, parameters in
            try current.respond(to: request, parameters) { site, request, parameters in
                try site.withTable(parameters, request: request) {
                    try site.pickerPage(request, table: $0, row: parameters["row"] ?? "")
                }
            }
        }
        try router.get("/tables/{table}/state.json") { request, parameters in
            try current.respond(to: request, parameters) { site, request, parameters in
                try site.withTable(parameters, request: request) { site.stateExport(request, table: $0) }
            }
        }
        let actions: [(String, ActionEndpoint)] = [
            ("/tables/{table}/rows/{row}/select", .select),
            ("/tables/{table}/rows/{row}/deselect", .deselect),
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
            try router.post(pattern) { request, parameters in
                try current.respond(to: request, parameters) { site, request, parameters in
                    try site.withTable(parameters, request: request) {
                        try site.act(endpoint, request: request, table: $0, parameters: parameters)
                    }
                }
            }
        }
    }

    /// What `body` answers with the table a route's `{table}` names, or 404 (said in the request's language).
    fileprivate func withTable(
        _ parameters: Parameters, request: Request, _ body: (TableDefinition) throws -> Response
    ) throws -> Response {
        if let id = parameters["table"], let table = catalog.table(id: id) { return try body(table) }
        let words = renderer.catalogue(language(of: request))
        throw HTTPError(.notFound, message: words.noTableMessage(XMLSafeText.echo(parameters["table"] ?? "")),
                        messageLanguage: words.language.tag)
    }

    /// The UI language the request asks for (`LanguageNegotiation`).
    func language(of request: Request) -> UILanguage {
        languages.language(for: request.headers["Accept-Language"])
    }
}

/// The site being served, swapped whole by a reload. A request reads the site once and is served by it throughout,
/// so it sees one catalogue and one set of templates even while a reload happens.
final class CurrentSite: Sendable {
    private let storage: Mutex<TableSite>

    init(_ site: TableSite) {
        storage = Mutex(site)
    }

    /// The site now.
    var site: TableSite { storage.withLock { $0 } }

    /// Answers `request` with `handler` and the site now. The handler gets the request and its parameters as
    /// arguments rather than capturing them, so the route's closure does not copy the request.
    func respond(
        to request: Request, _ parameters: Parameters,
        with handler: (TableSite, Request, Parameters) throws -> Response
    ) throws -> Response {
        try handler(site, request, parameters)
    }

    /// Serves `site` from the next request on.
    func replace(with site: TableSite) {
        storage.withLock { $0 = site }
    }
}
