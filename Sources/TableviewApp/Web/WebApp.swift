import HTTPServer
import TableModel
import TableRendering

/// Everything the server answers with, assembled once at start-up: the site's routes, the static files, and the
/// templated error pages.
struct WebApp: Sendable {
    let site: TableSite
    let router: Router
    let errorPages: ErrorPages

    /// Loads the templates (failing with a clear error when one is missing or does not parse) and builds the
    /// routes; CSRF tokens and session ids derive from `secret`. Without a folder, the templates and static files
    /// built into the executable serve.
    init(
        catalog: TableCatalog, templatesDirectory: String?, publicDirectory: String?, sessions: SessionStore<Visitor>,
        secret: ServerSecret = ServerSecret(), origin: SiteOrigin = SiteOrigin()
    ) throws {
        let renderer = try TemplateSource(templatesDirectory).renderer(for: catalog.tables)
        let files = try PublicSource(publicDirectory).handler()
        site = TableSite(catalog: catalog, renderer: renderer, sessions: sessions, secret: secret, origin: origin)
        var router = Router()
        try site.addRoutes(to: &router)
        try router.get("/static/**", use: files)
        self.router = router
        errorPages = ErrorPages(renderer: renderer, catalog: TableCatalogLinks(tableIDs: Set(catalog.tables.map(\.id))))
    }
}
