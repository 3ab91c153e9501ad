#if canImport(Glibc)
import Glibc
#endif

/// The database's place on disk (`serve --database PATH`): its folder made when missing, anything at the path that
/// is not a regular file moved aside before SQLite sees it, a new file created readable by its owner only (it holds
/// the session cookies and the server secret), and a file SQLite cannot use moved aside with its journal files.
struct DatabaseFile: Sendable {
    /// The path given to `--database`.
    let path: String

    /// The files SQLite keeps beside the database in WAL mode; they move with it.
    var companions: [String] { [path + "-wal", path + "-shm", path + "-journal"] }

    /// What is at the path now.
    enum Found: Equatable {
        /// Nothing: a new database is made.
        case nothing
        /// A regular file, for SQLite to open.
        case file
        /// A symbolic link, a FIFO or a folder, which SQLite must not open: moved aside.
        case other(kind: String)
        /// A device or a socket: neither opened nor moved (renaming `/dev/zero` would be no help to anyone).
        case refused(kind: String)
    }

    /// What is at the path, without following a symbolic link.
    func inspect() throws(PersistenceError) -> Found {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return .nothing }
            throw .unusable(path: path, reason: Self.lastError())
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFLNK: return .other(kind: "a symbolic link")
        case S_IFIFO, S_IFDIR: return .other(kind: RegularFile.kind(of: info.st_mode))
        default: return .refused(kind: RegularFile.kind(of: info.st_mode))
        }
    }

    /// Makes the database's folder (and its parents) when missing, readable by the owner only.
    func makeFolder() throws(PersistenceError) {
        let folder = Self.folder(of: path)
        var prefix = folder.hasPrefix("/") ? "/" : ""
        for part in folder.split(separator: "/") where part != "." {
            prefix += part
            if mkdir(prefix, 0o700) != 0 && errno != EEXIST {
                throw .unusable(path: path, reason: "cannot make the folder \(prefix): \(Self.lastError())")
            }
            prefix += "/"
        }
    }

    /// Creates an empty database file, mode 0600 (SQLite's journal files take its mode), where nothing is; SQLite
    /// then writes its header. Leftover journal files of a database that is gone are moved aside first: SQLite would
    /// otherwise replay them into the new one.
    func create(at time: Int) throws(PersistenceError) -> [String] {
        var moved: [String] = []
        for companion in companions where Self.exists(companion) {
            moved.append(try Self.moveAside(companion, suffix: "orphan-" + Self.stamp(time)))
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .unusable(path: path, reason: "cannot create it: \(Self.lastError())") }
        close(descriptor)
        return moved
    }

    /// Renames what is at the path to `PATH.corrupt-YYYYMMDDTHHMMSSZ` (with `-2`, `-3`… if taken), its journal files
    /// beside it with the same name, and returns the new path.
    func moveAside(at time: Int) throws(PersistenceError) -> String {
        let target = try Self.moveAside(path, suffix: "corrupt-" + Self.stamp(time))
        for companion in companions where Self.exists(companion) {
            let name = target + companion.dropFirst(path.count)
            guard rename(companion, name) == 0 else {
                throw .cannotMoveAside(path: companion, reason: Self.lastError())
            }
        }
        return target
    }

    /// Renames `path` to `PATH.SUFFIX` (with `-2`, `-3`… if taken) and returns the new path.
    static func moveAside(_ path: String, suffix: String) throws(PersistenceError) -> String {
        for attempt in 1...100 {
            let target = "\(path).\(suffix)" + (attempt > 1 ? "-\(attempt)" : "")
            if exists(target) { continue }
            guard rename(path, target) == 0 else { throw .cannotMoveAside(path: path, reason: lastError()) }
            return target
        }
        throw .cannotMoveAside(path: path, reason: "too many files named \(path).\(suffix)")
    }

    /// Whether anything (a dangling symbolic link included) is at `path`.
    static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `time` (seconds since 1970) as `YYYYMMDDTHHMMSSZ`.
    static func stamp(_ time: Int) -> String {
        var seconds = time_t(time)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let date = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2)]
        let clock = [(Int(parts.tm_hour), 2), (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2)]
        return date.map(padded).joined() + "T" + clock.map(padded).joined() + "Z"
    }

    private static func padded(_ field: (value: Int, width: Int)) -> String {
        let digits = String(field.value)
        return String(repeating: "0", count: max(0, field.width - digits.count)) + digits
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
