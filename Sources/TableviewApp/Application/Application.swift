import HTTPServer
import TableModel

/// The web application: its tables, its routes and the server that runs them.
public struct Application: Sendable {
    /// The options it was started with.
    public let options: ServeOptions

    /// An application for the given options.
    public init(options: ServeOptions) {
        self.options = options
    }

    /// Loads the tables and templates and builds the routes. Throws ``StartupError`` when the tables file, the
    /// templates or the public folder cannot be used.
    func makeWebApp() throws -> WebApp {
        let catalog = try TableSource.load(options.tablesFile)
        let sessions = SessionStore<Visitor>(capacity: options.maxSessions, timeToLive: Double(options.sessionTTL))
        return try WebApp(
            catalog: catalog,
            templatesDirectory: options.templatesDirectory
                ?? ResourceLocator.folder("templates", containing: "layout.mustache"),
            publicDirectory: options.publicDirectory ?? ResourceLocator.folder("Public", containing: "style.css"),
            sessions: sessions
        )
    }

    /// The server configuration for the options; every limit keeps its documented default.
    public func makeServerConfiguration() -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        if options.quiet { configuration.accessLog = nil }
        return configuration
    }

    /// Serves until SIGINT or SIGTERM, then stops gracefully. `onListening` receives the URL once the
    /// server accepts connections. Throws when the server cannot start.
    public func run(onListening: (String) -> Void) throws {
        let app = try makeWebApp()
        let server = HTTPServer(
            configuration: makeServerConfiguration(), responder: app.router, errorPage: app.errorPages.errorPage)
        // Listen for the signals before starting, so that one arriving during start-up is not lost.
        let signals = ShutdownSignals()
        try server.start()
        onListening(url(port: server.port ?? options.port))
        signals.wait()
        server.shutdown()
    }

    /// `http://HOST:PORT/`, with brackets around an IPv6 address.
    func url(port: Int) -> String {
        let host = options.host.contains(":") ? "[\(options.host)]" : options.host
        return "http://\(host):\(port)/"
    }
}
