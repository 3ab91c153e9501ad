#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX file calls the file server needs.
enum FileSystem {
    /// The canonical absolute path (symbolic links, `.` and `..` resolved), or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// An open regular file with its size and modification time.
    struct RegularFile {
        let path: String
        let descriptor: Int32
        let size: Int
        let modificationNanoseconds: Int

        /// Opens `path` if it is a regular file of at most `maximumSize` bytes; nil when it is missing, unreadable,
        /// larger, or not a regular file. Nothing here waits: a FIFO, a device or a socket is refused before it is
        /// opened (`stat`), and the open itself does not block (`O_NONBLOCK`: a FIFO that appears in between opens
        /// at once, without a writer, and is refused by `fstat`), so no request holds a thread on such a path.
        init?(openingIfRegular path: String, maximumSize: Int = Int.max) throws(FileServerError) {
            var named = stat()
            guard stat(path, &named) == 0 else {
                let code = errno
                if [ENOENT, ENOTDIR, EACCES, ELOOP, ENAMETOOLONG].contains(code) { return nil }
                throw .readFailed(path: path, errno: code)
            }
            guard (named.st_mode & S_IFMT) == S_IFREG, Int(named.st_size) <= maximumSize else { return nil }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard descriptor >= 0 else {
                let code = errno
                if [ENOENT, ENOTDIR, EACCES, ELOOP, ENAMETOOLONG].contains(code) { return nil }
                throw .readFailed(path: path, errno: code)
            }
            var status = stat()
            guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG,
                Int(status.st_size) <= maximumSize
            else {
                Glibc.close(descriptor)
                return nil
            }
            self.path = path
            self.descriptor = descriptor
            size = Int(status.st_size)
            modificationNanoseconds = Int(status.st_mtim.tv_sec) * 1_000_000_000 + Int(status.st_mtim.tv_nsec)
        }

        /// The whole file.
        func readAll() throws(FileServerError) -> [UInt8] {
            var bytes = [UInt8](repeating: 0, count: size)
            var offset = 0
            while offset < size {
                let count = bytes.withUnsafeMutableBytes { buffer in
                    pread(descriptor, buffer.baseAddress! + offset, size - offset, off_t(offset))
                }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { throw .readFailed(path: path, errno: count == 0 ? EIO : errno) }
                offset += count
            }
            return bytes
        }

        func close() {
            Glibc.close(descriptor)
        }
    }
}
