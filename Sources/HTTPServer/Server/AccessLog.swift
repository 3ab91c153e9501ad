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

    /// `GET /static/site.css 200 1234 87us`. Control characters and spaces in the target are escaped
    /// as `\xHH`, so a client cannot forge log lines or fields.
    public var line: String {
        "\(method.rawValue) \(Self.escaped(target)) \(status.code) \(bodyBytes) \(microseconds)us"
    }

    private static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") }) else {
            return text
        }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if byte <= 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") {
                let hex = String(byte, radix: 16)
                bytes.append(contentsOf: ("\\x" + (hex.count < 2 ? "0" + hex : hex)).utf8)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Where access log entries go.
public struct AccessLog: Sendable {
    private let record: @Sendable (AccessLogEntry) -> Void

    /// A log that hands each entry to `record`, on the thread that served the request.
    public init(_ record: @escaping @Sendable (AccessLogEntry) -> Void) {
        self.record = record
    }

    /// Records one entry.
    public func callAsFunction(_ entry: AccessLogEntry) {
        record(entry)
    }

    /// One line per request on standard error.
    public static let standardError = AccessLog { StandardError.write($0.line) }
}
