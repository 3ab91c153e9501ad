import HTTPServer
import TableModel
#if canImport(Glibc)
import Glibc
#endif

/// The web application: its tables, its routes and the server that runs them.
public struct Application: Sendable {
    /// The options it was started with.
    public let options: ServeOptions

    /// An application for the given options.
    public init(options: ServeOptions) {
        self.options = options
    }

    /// Loads the templates and builds the routes. Throws ``StartupError`` when the templates or the public
    /// folder cannot be used.
    private func makeWebApp(catalog: TableCatalog, sessions: SessionStore<Visitor>, secret: ServerSecret) throws
        -> WebApp
    {
        try WebApp(
            catalog: catalog,
            templatesDirectory: options.templatesDirectory,
            publicDirectory: options.publicDirectory,
            sessions: sessions,
            secret: secret,
            origin: SiteOrigin(servesTLS: options.tlsCertificateFile != nil, publicOrigin: options.origin),
            defaultLanguage: options.language,
            windowing: options.windowing
        )
    }

    /// The `--tls-cert` and `--tls-key` credentials, checked (``TLSCredentials``); nil without them.
    func loadTLSCredentials() throws(StartupError) -> TLSCredentials? {
        guard let certificate = options.tlsCertificateFile, let key = options.tlsKeyFile else { return nil }
        func read(_ path: String) throws(StartupError) -> [UInt8] {
            do {
                return try RegularFile.read(path, limit: 1024 * 1024)
            } catch {
                throw .tlsFile(path: path, reason: error.description)
            }
        }
        let (certificatePEM, keyPEM) = (try read(certificate), try read(key))
        do {
            return try TLSCredentials(certificatePEM: certificatePEM, keyPEM: keyPEM)
        } catch {
            throw .tls(error, certificate: certificate, key: key)
        }
    }

    /// The server configuration for the options (with the checked TLS credentials, if any); every limit keeps its
    /// documented default.
    public func makeServerConfiguration(tls: TLSCredentials? = nil) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.host = options.host
        configuration.port = options.port
        configuration.tls = tls
        if let priorities = options.tlsPriorities { configuration.tlsPriorities = priorities }
        if options.quiet { configuration.accessLog = nil }
        return configuration
    }

    /// Serves until SIGINT or SIGTERM, then stops gracefully; SIGHUP goes to ``RunningApplication/hangUp()``
    /// and serving goes on. `onListening` receives the URL and the port once the server accepts connections.
    /// Throws when the server cannot start.
    public func run(onListening: (_ url: String, _ port: Int) -> Void) throws {
        // Listen for the signals before starting, so that one arriving during start-up is not lost.
        let signals = ShutdownSignals()
        let running = try start()
        onListening(url(port: running.port), running.port)
        while signals.wait() == .hangUp {
            running.hangUp()
        }
        try running.stop()
    }

    /// Starts serving: loads the tables and templates, opens the database and restores its sessions
    /// (``ServeOptions/databasePath``), starts the server and the database's sweeps. Notes about the database go to
    /// `report`. Throws when anything the options name cannot be used.
    public func start(report: @escaping @Sendable (String) -> Void = Application.writeToStandardError) throws
        -> RunningApplication
    {
        let catalog = try TableSource.load(options.tablesFile)
        let tls = try loadTLSCredentials()
        var keeper: SessionKeeper?
        var secret = ServerSecret()
        let sessions: SessionStore<Visitor>
        if let path = options.databasePath {
            if let stateFile = options.stateFile {
                report("tableview: --state-file is replaced by --database: the states in \(stateFile) are imported "
                    + "into \(path) once; serve with --database \(path) from now on")
            }
            let opened = try SessionDatabase.open(
                path: path, synchronous: options.databaseSync, importing: options.stateFile, catalog: catalog,
                timeToLive: options.sessionTTL, report: report)
            sessions = SessionStore(capacity: options.maxSessions, timeToLive: Double(options.sessionTTL),
                                    journal: opened.database)
            sessions.restore(opened.sessions)
            // The sessions left out (more than --max-sessions) leave the database now, and a database that cannot
            // be written fails the start rather than the first action.
            try opened.database.flush()
            secret = opened.secret
            keeper = SessionKeeper(database: opened.database, sessions: sessions, timeToLive: options.sessionTTL,
                                   report: report)
        } else {
            sessions = SessionStore(capacity: options.maxSessions, timeToLive: Double(options.sessionTTL))
        }
        let app = try makeWebApp(catalog: catalog, sessions: sessions, secret: secret)
        let server = HTTPServer(
            configuration: makeServerConfiguration(tls: tls), responder: app.router, errorPage: app.errorPage)
        try server.start()
        keeper?.startSweeping()
        return RunningApplication(server: server, app: app, options: options, keeper: keeper, report: report)
    }

    /// Writes `line` and a line feed to standard error in one `write(2)`, so lines never interleave.
    @Sendable public static func writeToStandardError(_ line: String) {
        StandardError.write(line)
    }

    /// `http://HOST:PORT/` (`https` with `--tls-cert`), with brackets around an IPv6 address.
    func url(port: Int) -> String {
        NetworkAddresses.url(scheme: scheme, address: options.host, port: port)
    }

    /// `https` with `--tls-cert`, else `http`.
    var scheme: String { options.tlsCertificateFile == nil ? "http" : "https" }

    /// What follows the first line when the server listens on every address (`--host 0.0.0.0` or `::`) and is not
    /// `--quiet` (SPEC §11): a line `reachable at URL` for each of the machine's network addresses, then the first
    /// of them as a QR code when standard output is a terminal (a log file has no use for one). Empty otherwise.
    public func localNetworkAnnouncement(port: Int, drawsQRCode: Bool) -> String {
        guard !options.quiet, NetworkAddresses.isWildcard(options.host) else { return "" }
        let urls = NetworkAddresses.reachable(forWildcard: options.host).map {
            NetworkAddresses.url(scheme: scheme, address: $0, port: port)
        }
        var text = urls.map { "reachable at \($0)\n" }.joined()
        if drawsQRCode, let first = urls.first, let code = TerminalQRCode(first) {
            text += code.lines.joined(separator: "\n") + "\n"
        }
        return text
    }
}

/// A started application: ``hangUp()`` reloads it as SIGHUP does, ``stop()`` ends it as SIGTERM does.
public final class RunningApplication: Sendable {
    let server: HTTPServer
    let app: WebApp
    let options: ServeOptions
    let keeper: SessionKeeper?
    let report: @Sendable (String) -> Void

    init(
        server: HTTPServer, app: WebApp, options: ServeOptions, keeper: SessionKeeper?,
        report: @escaping @Sendable (String) -> Void
    ) {
        self.server = server
        self.app = app
        self.options = options
        self.keeper = keeper
        self.report = report
    }

    /// The port the server listens on.
    public var port: Int { server.port ?? server.configuration.port }

    /// What SIGHUP does: the terminal may be gone, or an operator edited files. The server keeps serving and
    /// reloads the tables file and the templates (``reload()``).
    public func hangUp() {
        reload()
    }

    /// Reads the tables file (or the demo) and the templates (`--templates`, or the built-in ones) again and serves
    /// them from the next request on, each visitor's state carried over by ids (SPEC §11) and committed to the
    /// database; reports on standard error what was reloaded, or every problem of a file that cannot be used — the
    /// server then keeps serving the tables and templates it had. Returns whether it reloaded.
    @discardableResult
    public func reload() -> Bool {
        let templates = TemplateSource(options.templatesDirectory)
        do {
            let catalog = try TableSource.load(options.tablesFile)
            try app.reload(catalog: catalog, templates: templates)
            keeper?.flush()
            let tables = options.tablesFile ?? "the built-in demo"
            let counts = catalog.summary.trimmingPrefix("ok: ")
            report("tableview: reloaded \(tables) (\(counts)) and the templates from \(templates.name)")
            return true
        } catch {
            report("tableview: reload failed; still serving the tables and templates loaded before: \(error)")
            return false
        }
    }

    /// Stops gracefully — no new connections, requests in flight finish — then sweeps and closes the database.
    /// Throws when that fails (every answered action is committed already).
    public func stop() throws {
        server.shutdown()
        try keeper?.stop()
    }
}
