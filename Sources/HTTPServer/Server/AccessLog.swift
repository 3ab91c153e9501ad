import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// One served request, as the access log records it.
public struct AccessLogEntry: Sendable, Equatable {
    /// The request method.
    public var method: HTTPMethod
    /// The request target as sent (path and query).
    public var target: String
    /// The status answered.
    public var status: HTTPStatus
    /// The body bytes sent (0 for `HEAD`).
    public var bodyBytes: Int
    /// Microseconds from the request line's arrival to the response being queued.
    public var microseconds: Int

    /// An entry with the given fields.
    public init(method: HTTPMethod, target: String, status: HTTPStatus, bodyBytes: Int, microseconds: Int) {
        self.method = method
        self.target = target
        self.status = status
        self.bodyBytes = bodyBytes
        self.microseconds = microseconds
    }

    /// `GET /static/site.css 200 1234 87us`. Control characters (C0, DEL, C1), spaces and backslashes in the
    /// method and the target are escaped as `\xHH` or `\u{HHHH}`, so a client can neither forge log lines or
    /// fields nor send escape sequences to the terminal that shows the log.
    public var line: String {
        var bytes: [UInt8] = []
        appendLine(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``line``'s UTF-8 bytes, without a line feed. Written as bytes, with no String made: a log line is
    /// formatted per request.
    func appendLine(to bytes: inout [UInt8]) {
        Self.appendEscaped(method.rawValue, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Self.appendEscaped(target, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Self.appendDecimal(status.code, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Self.appendDecimal(bodyBytes, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Self.appendDecimal(microseconds, to: &bytes)
        bytes.append(UInt8(ascii: "u"))
        bytes.append(UInt8(ascii: "s"))
    }

    /// Appends `text`'s UTF-8 bytes with every scalar a terminal or a log reader could act on escaped. Works per
    /// Unicode scalar: C1 controls are two bytes in UTF-8 (`C2 80`…`C2 9F`), so a byte-wise check lets them through.
    static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
        // Printable ASCII but the backslash, which the usual method and target are, is checked on the bytes.
        // Checked and copied in one pass over the contiguous bytes `withUTF8` lends, rather than through the generic
        // `text.utf8` view: every logged request's method and target go through here.
        var text = text
        let isPlain = text.withUTF8 { utf8 in
            guard utf8.allSatisfy({ (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "\\") }) else { return false }
            bytes.append(contentsOf: utf8)
            return true
        }
        if isPlain { return }
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                bytes.append(contentsOf: scalar.utf8)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            let escape = scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
            bytes.append(contentsOf: escape.utf8)
        }
    }

    /// Appends `value` in decimal ASCII digits, as `String(value)` spells it.
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        // Written least significant first, then turned round in place (reversing a slice would copy it).
        var (low, high) = (start, bytes.count - 1)
        while low < high {
            bytes.swapAt(low, high)
            (low, high) = (low + 1, high - 1)
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value <= 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\\"
            // Line and paragraph separators end a line in some log viewers.
            || scalar.value == 0x2028 || scalar.value == 0x2029
    }
}

/// Where access log entries go.
public struct AccessLog: Sendable {
    private let record: @Sendable (AccessLogEntry) -> Void
    private let flushing: @Sendable () -> Void

    /// A log that hands each entry to `record`, on the thread that served the request; `flush` writes out whatever
    /// `record` holds back (the server calls it when it stops).
    public init(
        _ record: @escaping @Sendable (AccessLogEntry) -> Void, flush: @escaping @Sendable () -> Void = {}
    ) {
        self.record = record
        flushing = flush
    }

    /// Records one entry.
    public func callAsFunction(_ entry: AccessLogEntry) {
        record(entry)
    }

    /// Writes out the entries held back.
    public func flush() {
        flushing()
    }

    /// One line per request on standard error: written at once to a terminal, and in batches otherwise (a file, a
    /// pipe, the journal), since a `write(2)` per request would cost about as much as the request.
    public static let standardError: AccessLog = {
        guard isatty(STDERR_FILENO) == 0 else { return AccessLog { StandardError.write($0.line) } }
        let batches = LineBatches(fileDescriptor: STDERR_FILENO)
        // A closure, not the method `entry.appendLine(to:)`, whose partial application copies the entry.
        return AccessLog({ entry in batches.appendLine { entry.appendLine(to: &$0) } }, flush: { batches.flush() })
    }()
}

/// Lines written to a file descriptor in batches: when they fill ``limit`` bytes, and otherwise at most
/// ``delay`` after the first of them, so a quiet server's log is never more than that behind. Whole lines only,
/// in order: a batch is written under the lock that fills it.
final class LineBatches: Sendable {
    /// Bytes that make a batch.
    static let limit = 16 * 1024
    /// How long a line may wait.
    static let delay = DispatchTimeInterval.milliseconds(200)

    private struct Pending {
        var bytes: [UInt8] = []
        var flushScheduled = false
    }

    private let fileDescriptor: Int32
    private let pending = Mutex(Pending())
    private let queue = DispatchQueue(label: "HTTPServer.LineBatches")

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Adds the line `write` appends to the bytes it is given, and a line feed. `write` runs under the lock, so a
    /// line is formatted straight into the batch.
    func appendLine(_ write: (inout [UInt8]) -> Void) {
        let scheduling = pending.withLock { pending in
            write(&pending.bytes)
            pending.bytes.append(UInt8(ascii: "\n"))
            if pending.bytes.count >= Self.limit {
                StandardError.writeAll(pending.bytes, to: fileDescriptor)
                pending.bytes.removeAll(keepingCapacity: true)
                return false
            }
            guard !pending.flushScheduled else { return false }
            pending.flushScheduled = true
            return true
        }
        if scheduling { queue.asyncAfter(deadline: .now() + Self.delay) { [self] in flush() } }
    }

    /// Writes out every line held.
    func flush() {
        pending.withLock { pending in
            pending.flushScheduled = false
            guard !pending.bytes.isEmpty else { return }
            StandardError.writeAll(pending.bytes, to: fileDescriptor)
            pending.bytes.removeAll(keepingCapacity: true)
        }
    }
}
