/// Why the sessions could not be saved to or read from the state file (`serve --state-file`).
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// A step of the atomic write failed (`step` names it: create, write, fsync, rename…); the old file, if any,
    /// is left as it was.
    case unwritable(path: String, step: String, reason: String)
    /// The file cannot be moved out of the way.
    case cannotMoveAside(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "cannot read the state file \(path): \(reason)"
        case .unwritable(let path, let step, let reason): "cannot save the state file \(path) (\(step)): \(reason)"
        case .cannotMoveAside(let path, let reason): "cannot move the state file \(path) aside: \(reason)"
        }
    }
}

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
