#if canImport(Glibc)
import Glibc
#endif

/// Unbuffered writes to standard error, one `write(2)` per line so lines from several threads never interleave.
enum StandardError {
    static func write(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(STDERR_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
