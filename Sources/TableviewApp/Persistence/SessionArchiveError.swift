/// Why a state file's content is unusable as a whole; nothing in it is restored.
public enum SessionArchiveError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Not JSON, or JSON cut short (a truncated file).
    case notJSON(String)
    /// JSON, but not a tableview sessions file.
    case foreign(String)
    /// A tableview sessions file of a version this build does not read.
    case unsupportedVersion(String)
    /// The right kind of file, with a field missing or of the wrong type at `path`.
    case malformed(path: String, reason: String)

    public var description: String {
        switch self {
        case .notJSON(let reason): "not valid JSON (truncated or corrupt): \(reason)"
        case .foreign(let reason): "not a tableview sessions file: \(reason)"
        case .unsupportedVersion(let found): "unsupported version \(found) (this build reads version 1)"
        case .malformed(let path, let reason): "\(path): \(reason)"
        }
    }
}
