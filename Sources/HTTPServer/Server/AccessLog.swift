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
        "\(Self.escaped(method.rawValue)) \(Self.escaped(target)) \(status.code) \(bodyBytes) \(microseconds)us"
    }

    /// `text` with every scalar a terminal or a log reader could act on escaped. Works per Unicode scalar:
    /// C1 controls are two bytes in UTF-8 (`C2 80`…`C2 9F`), so a byte-wise check lets them through.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            escaped += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
        return escaped
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
