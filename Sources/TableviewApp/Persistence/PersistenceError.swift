/// Why the database (`serve --database`) or a state file being imported could not be used, or a change not kept.
public enum PersistenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The path cannot be used for a database (its folder cannot be made, the file cannot be created or opened).
    case unusable(path: String, reason: String)
    /// What is at the path cannot be moved out of the way.
    case cannotMoveAside(path: String, reason: String)
    /// A state file to import exists but cannot be read.
    case unreadable(path: String, reason: String)
    /// A commit failed (the disk is full, say): nothing of its batch was written.
    case notCommitted(reason: String)

    public var description: String {
        switch self {
        case .unusable(let path, let reason): "cannot use the database \(path): \(reason)"
        case .cannotMoveAside(let path, let reason): "cannot move \(path) aside: \(reason)"
        case .unreadable(let path, let reason): "cannot read the state file \(path): \(reason)"
        case .notCommitted(let reason): "the change could not be saved: \(reason)"
        }
    }
}
