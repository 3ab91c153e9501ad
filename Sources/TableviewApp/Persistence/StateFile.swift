#if canImport(Glibc)
import Glibc
#endif

/// The state file on disk: read whole, replaced atomically, moved aside when its content is unusable.
struct StateFile: Sendable {
    /// The file's path, as given to `--state-file`.
    let path: String

    /// The most a state file may hold (SPEC §4: a huge file is refused, not read).
    static let sizeLimit = 256 * 1024 * 1024

    /// The file's bytes, or nil when there is no file yet — nothing at the path, or a symbolic link to nothing
    /// (``danglingLinkTarget()``), which the first save replaces with a file (a save renames over the path, which
    /// replaces a link, never writes through it). A path that is not a regular file (a FIFO, a device, a folder) or
    /// a file over ``sizeLimit`` is refused: the server would otherwise hang, abort, or later rename its saves over
    /// it.
    func read() throws(PersistenceError) -> [UInt8]? {
        var info = stat()
        if lstat(path, &info) != 0 {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, reason: Self.lastError())
        }
        if danglingLinkTarget() != nil { return nil }
        do {
            return try RegularFile.read(path, limit: Self.sizeLimit)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
    }

    /// What the symbolic link at the path names, when it is one and names nothing that exists; else nil.
    func danglingLinkTarget() -> String? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0, errno == ENOENT
        else { return nil }
        var target = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(path, &target, target.count - 1)
        guard count >= 0 else { return "" }
        return String(decoding: target.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Replaces the file with `bytes` so that a crash at any moment leaves either the old file or the new one:
    /// the bytes go to a temporary file in the same folder, which is flushed to disk (`fsync`) and renamed over
    /// the file, and then the folder is flushed so the rename itself survives a power cut. The file is readable
    /// by its owner only: it holds the session cookies.
    func write(_ bytes: [UInt8]) throws(PersistenceError) {
        let temporary = "\(path).tmp-\(getpid())"
        // A new file, never one that is there: O_EXCL with O_CREAT neither follows a link planted at the
        // temporary name (it would be written through, then renamed into place) nor reuses a file someone else
        // opened. A leftover of ours, or a planted link, is removed first (unlink removes the link, not its
        // target), once.
        var descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 && errno == EEXIST && unlink(temporary) == 0 {
            descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }
        guard descriptor >= 0 else { throw failure("create \(temporary)") }
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes {
                Glibc.write(descriptor, $0.baseAddress! + written, $0.count - written)
            }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw abandon(temporary, descriptor, step: "write") }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw abandon(temporary, descriptor, step: "fsync") }
        guard close(descriptor) == 0 else { throw abandon(temporary, -1, step: "close") }
        guard rename(temporary, path) == 0 else { throw abandon(temporary, -1, step: "rename") }
        let folder = open(Self.folder(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure("open the folder") }
        defer { close(folder) }
        guard fsync(folder) == 0 else { throw failure("fsync the folder") }
    }

    /// Removes the temporary files (`PATH.tmp-PID`) that a process killed in the middle of a save left behind,
    /// unless that process still runs. Returns the paths removed.
    @discardableResult
    func removeLeftovers() -> [String] {
        let folder = Self.folder(of: path)
        let prefix = String(path.split(separator: "/", omittingEmptySubsequences: false).last ?? "") + ".tmp-"
        guard let stream = opendir(folder) else { return [] }
        defer { closedir(stream) }
        var removed: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            // kill(pid, 0) fails with ESRCH when no such process exists: its leftover is safe to remove.
            guard pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH) else { continue }
            let leftover = folder + "/" + name
            if unlink(leftover) == 0 { removed.append(leftover) }
        }
        return removed
    }

    /// Renames the file to `PATH.corrupt-YYYYMMDDTHHMMSSZ` (with `-2`, `-3`… if taken) and returns the new path.
    func moveAside(at time: Int) throws(PersistenceError) -> String {
        var seconds = time_t(time)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let date = [(Int(parts.tm_year) + 1900, 4), (Int(parts.tm_mon) + 1, 2), (Int(parts.tm_mday), 2)]
        let clock = [(Int(parts.tm_hour), 2), (Int(parts.tm_min), 2), (Int(parts.tm_sec), 2)]
        let stamp = date.map(Self.padded).joined() + "T" + clock.map(Self.padded).joined() + "Z"
        for attempt in 1...100 {
            let target = "\(path).corrupt-\(stamp)" + (attempt > 1 ? "-\(attempt)" : "")
            var info = stat()
            if stat(target, &info) == 0 { continue }
            guard rename(path, target) == 0 else {
                throw .cannotMoveAside(path: path, reason: Self.lastError())
            }
            return target
        }
        throw .cannotMoveAside(path: path, reason: "too many files named \(path).corrupt-\(stamp)")
    }

    private func failure(_ step: String) -> PersistenceError {
        .unwritable(path: path, step: step, reason: Self.lastError())
    }

    /// The error of a failed write step, after removing the temporary file so no half-written file stays.
    private func abandon(_ temporary: String, _ descriptor: Int32, step: String) -> PersistenceError {
        let error = failure(step)
        if descriptor >= 0 { close(descriptor) }
        unlink(temporary)
        return error
    }

    private static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `value` with leading zeros up to `width` digits.
    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
