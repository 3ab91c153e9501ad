import HTTPServer
import TableModel
import TableRendering
import Testing
@testable import TableviewApp

/// The project's folders, found from this file's path so tests run from any working directory.
enum ProjectPaths {
    static let root: String = {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Support/LiveSite.swift, TableviewAppTests/, Tests/
        return parts.joined(separator: "/")
    }()
    static var templates: String { root + "/templates" }
    static var publicFiles: String { root + "/Public" }
}

/// A live server on a free loopback port serving `tables` (the built-in demo by default), for one test.
@discardableResult
func withLiveSite<T>(
    tables json: String = DemoTables.json,
    maxSessions: Int = 1000,
    sessionTTL: Double = 3600,
    clock: @escaping SessionStore<Visitor>.Clock = SessionStore<Visitor>.monotonicSeconds,
    tls: TLSCredentials? = nil,
    publicOrigin: String? = nil,
    templatesDirectory: String? = ProjectPaths.templates,
    publicDirectory: String? = ProjectPaths.publicFiles,
    defaultLanguage: UILanguage = .en,
    windowing: RowWindowing = RowWindowing(),
    _ body: (_ port: Int, _ app: WebApp) throws -> T
) throws -> T {
    let catalog = try DefinitionLoader.load(json).get()
    let sessions = SessionStore<Visitor>(capacity: maxSessions, timeToLive: sessionTTL, clock: clock)
    let app = try WebApp(
        catalog: catalog, templatesDirectory: templatesDirectory, publicDirectory: publicDirectory,
        sessions: sessions, origin: SiteOrigin(servesTLS: tls != nil, publicOrigin: publicOrigin),
        defaultLanguage: defaultLanguage, windowing: windowing)
    var configuration = ServerConfiguration()
    configuration.tls = tls
    configuration.port = 0
    configuration.threadCount = 2
    configuration.accessLog = nil
    let server = HTTPServer(configuration: configuration, responder: app.router, errorPage: app.errorPage)
    try server.start()
    defer { server.shutdown() }
    return try body(try #require(server.port), app)
}
