import HTTPServer

/// The web application: its routes and the server that runs them.
public struct Application: Sendable {
    /// The options it was started with.
    public let options: ServeOptions

    /// An application for the given options.
    public init(options: ServeOptions) {
        self.options = options
    }

    /// The routes: `/` and the static files under `/static/`.
    /// Throws ``StartupError/publicFolder(_:)`` when the public folder does not exist.
    public func makeRouter() throws -> Router {
        let files: FileServer
        do {
            files = try FileServer(root: options.publicDirectory)
        } catch {
            throw StartupError.publicFolder(error)
        }
        var router = Router()
        try router.get("/") { _, _ in HomePage.response }
        try router.get("/static/**", use: files.handler)
        return router
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
        let server = HTTPServer(configuration: makeServerConfiguration(), responder: try makeRouter())
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
