import HTTPServer
import TableModel
import TableRendering

/// Everything the server answers with: the site's routes, the static files, and the templated error pages. The
/// site itself can be swapped by ``reload(catalog:templates:)`` while the server runs.
struct WebApp: Sendable {
    let current: CurrentSite
    let router: Router

    /// Loads the templates (failing with a clear error when one is missing or does not parse) and builds the
    /// routes; CSRF tokens and session ids derive from `secret`. Without a folder, the templates and static files
    /// built into the executable serve.
    init(
        catalog: TableCatalog, templatesDirectory: String?, publicDirectory: String?, sessions: SessionStore<Visitor>,
        secret: ServerSecret = ServerSecret(), origin: SiteOrigin = SiteOrigin(), defaultLanguage: UILanguage = .en,
        windowing: RowWindowing = RowWindowing()
    ) throws {
        let renderer = try TemplateSource(templatesDirectory).renderer(for: catalog.tables)
        let files = try PublicSource(publicDirectory).handler()
        current = CurrentSite(
            TableSite(catalog: catalog, renderer: renderer, sessions: sessions, secret: secret, origin: origin,
                      defaultLanguage: defaultLanguage, windowing: windowing))
        var router = Router()
        try TableSite.addRoutes(to: &router, serving: current)
        try router.get("/static/**", use: files)
        self.router = router
    }

    /// The site being served now.
    var site: TableSite { current.site }

    /// The server's error-page hook: the current site's error pages.
    var errorPage: ErrorPage {
        ErrorPage(render: { [current] error, request in current.site.errorPages.response(for: error, to: request) })
    }

    /// Serves `catalog` with `templates` from the next request on (SPEC §11): the templates are loaded and checked
    /// first — a failure throws and changes nothing — then the new site is swapped in, with an empty page cache,
    /// and every stored visitor is carried over to the new tables (``Visitor/migrated(to:)``). Requests already
    /// under way finish with the site they started with.
    func reload(catalog: TableCatalog, templates: TemplateSource) throws(StartupError) {
        let renderer = try templates.renderer(for: catalog.tables)
        let old = current.site
        current.replace(with: old.reloaded(catalog: catalog, renderer: renderer))
        old.sessions.reviseAll { $0.migrated(to: catalog) }
    }
}
