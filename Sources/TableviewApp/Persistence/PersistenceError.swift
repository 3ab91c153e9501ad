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
