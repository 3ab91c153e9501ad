/// What the command line asks for.
public enum Command: Sendable, Equatable {
    /// `tableview serve …`: run the web server.
    case serve(ServeOptions)
    /// `tableview --help`: print the usage.
    case help
    /// `tableview --version`: print the version.
    case version
}

/// The options of `tableview serve`. Paths are relative to the working directory.
public struct ServeOptions: Sendable, Equatable {
    /// `--host`: the address to bind. `0.0.0.0` serves the local network.
    public var host: String = "127.0.0.1"
    /// `--port`: the TCP port; 0 picks a free one.
    public var port: Int = 8080
    /// `--public`: the folder served under `/static/`.
    public var publicDirectory: String = "Public"
    /// `--templates`: the folder of Mustache templates.
    public var templatesDirectory: String = "templates"
    /// `--quiet`: no access log.
    public var quiet: Bool = false

    /// The defaults.
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
