import HTTPServer

/// A reason `serve` cannot start that the options caused; the process exits with status 1.
public enum StartupError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The `--public` folder cannot be served.
    case publicFolder(FileServerError)

    public var description: String {
        switch self {
        case .publicFolder(let error): "cannot serve static files: \(error) (see --public)"
        }
    }
}
