import TableModel
import TableRendering

/// What the command line asks for.
public enum Command: Sendable, Equatable {
    /// `tableview serve …`: run the web server.
    case serve(ServeOptions)
    /// `tableview render …`: print one table page.
    case render(RenderOptions)
    /// `tableview check FILE…`: validate table definition files.
    case check(paths: [String])
    /// `tableview --help`: print the usage.
    case help
    /// `tableview --version`: print the version.
    case version
}

/// The options of `tableview serve`. Paths are relative to the working directory.
public struct ServeOptions: Sendable, Equatable {
    /// `--tables`: the table definition file; nil serves the built-in demo.
    public var tablesFile: String?
    /// `--max-sessions`: most visitors with stored state; evicted by the session store's segmented LRU, the coldest
    /// session still on probation (used on one request only) first.
    public var maxSessions: Int = 10_000
    /// `--session-ttl`: seconds a visitor's state is kept after their last request.
    public var sessionTTL: Int = 86_400
    /// `--host`: the address to bind. `0.0.0.0` serves the local network.
    public var host: String = "127.0.0.1"
    /// `--port`: the TCP port; 0 picks a free one.
    public var port: Int = 8080
    /// `--public`: the folder served under `/static/`; nil serves the `Public/` built into the executable.
    public var publicDirectory: String?
    /// `--templates`: the folder of Mustache templates; nil uses the `templates/` built into the executable.
    public var templatesDirectory: String?
    /// `--quiet`: no access log.
    public var quiet: Bool = false
    /// `--database`: the SQLite file that keeps the visitors' states and the server secret; nil keeps them in memory
    /// only.
    public var database: String?
    /// `--database-sync`: whether a commit is also flushed to the disk before its answer.
    public var databaseSync: DatabaseSync = .normal
    /// `--state-file`: a JSON state file of earlier versions, imported into the database once.
    public var stateFile: String?

    /// The database to keep states in: `--database`, or for a command line of earlier versions that names only
    /// `--state-file FILE`, `FILE` with `.sqlite` for `.json` beside it.
    public var databasePath: String? {
        if let database { return database }
        guard let stateFile else { return nil }
        return (stateFile.hasSuffix(".json") ? String(stateFile.dropLast(5)) : stateFile) + ".sqlite"
    }
    /// `--tls-cert`: the PEM certificate (chain) to serve HTTPS with; always given together with ``tlsKeyFile``.
    public var tlsCertificateFile: String?
    /// `--tls-key`: the certificate's PEM private key, unencrypted.
    public var tlsKeyFile: String?
    /// `--tls-priority`: the GnuTLS priority string of HTTPS connections; nil keeps ``TLSPriorities/modern``.
    public var tlsPriorities: String?
    /// `--origin`: the public origin behind a TLS-terminating proxy, normalized (`https://tables.example.lan`).
    public var origin: String?
    /// `--language`: the UI language of a request whose `Accept-Language` names none the UI speaks.
    public var language: UILanguage = .en
    /// `--max-section-rows`, `--window-rows` and `--max-page-rows`: a section of more rows is shown in windows of
    /// this many rows, and a page shows at most so many rows across its sections.
    public var windowing = RowWindowing()

    /// The defaults.
    public init() {}
}

/// The options of `tableview render`.
public struct RenderOptions: Sendable, Equatable {
    /// `--tables`: the table definition file; nil renders the built-in demo's tables.
    public var tablesFile: String?
    /// `--table`: the id of the table to render.
    public var tableID: String = ""
    /// `--state`: a visitor's state as `/tables/{id}/state.json` exports it; nil is the initial state.
    public var stateFile: String?
    /// `--templates`: the folder of Mustache templates; nil uses the `templates/` built into the executable.
    public var templatesDirectory: String?
    /// `--apply` (repeatable): actions applied in order to the state before rendering.
    public var actions: [TableAction] = []
    /// `--language`: the language of the page's words.
    public var language: UILanguage = .en

    /// No file, no table yet.
    public init() {}
}

/// A command line that does not parse; the process exits with status 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in one sentence.
    public let message: String

    /// An error with the given message.
    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
