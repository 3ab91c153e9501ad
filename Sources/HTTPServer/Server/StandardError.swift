#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered writes to standard error, one `write(2)` per line so lines from several threads never interleave: the
/// one writer of the server's and the command line's messages and of the access log.
public enum StandardError {
    /// Writes `line` and a line feed.
    public static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        writeAll(bytes, to: STDERR_FILENO)
    }

    /// Writes all of `bytes` to `fileDescriptor` (standard output too), going on after a partial write or an
    /// interruption; gives up on an error.
    public static func writeAll(_ bytes: [UInt8], to fileDescriptor: Int32) {
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(fileDescriptor, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
