#if canImport(Glibc)
import Glibc
#endif

/// Reads the files the server is given (tables, state file) only when they are regular files of sensible size
/// (SPEC §4): a FIFO would block the start for ever, a device like `/dev/zero` never ends, and a huge file would
/// exhaust memory — each is refused with a message instead.
enum RegularFile {
    /// Why a file was refused.
    enum Refusal: Error, Equatable, CustomStringConvertible {
        /// `open(2)` or `read(2)` failed.
        case system(reason: String)
        /// Not a regular file: what it is instead (a FIFO, a character device…).
        case notRegular(kind: String)
        /// Larger than the limit.
        case tooLarge(limit: Int)

        var description: String {
            switch self {
            case .system(let reason): reason
            case .notRegular(let kind): "not a regular file (it is \(kind))"
            case .tooLarge(let limit): "larger than \(limit / (1024 * 1024)) MiB"
            }
        }
    }

    /// The bytes of the regular file at `path`, at most `limit` of them.
    static func read(_ path: String, limit: Int) throws(Refusal) -> [UInt8] {
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer. It is checked out right after.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw .system(reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .system(reason: String(cString: strerror(errno))) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular(kind: kind(of: status.st_mode)) }
        guard status.st_size <= limit else { throw .tooLarge(limit: limit) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(status.st_size))
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .system(reason: String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            // The file may grow while it is read.
            guard bytes.count + count <= limit else { throw .tooLarge(limit: limit) }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a folder"
        case S_IFSOCK: "a socket"
        default: "not a plain file"
        }
    }
}
