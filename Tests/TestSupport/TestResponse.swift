/// A response as the raw test client read it off the wire.
public struct TestResponse: Sendable {
    /// The HTTP version from the status line, e.g. `HTTP/1.1`.
    public var version: String
    /// The status code.
    public var status: Int
    /// The reason phrase.
    public var reason: String
    /// Header fields in the order received (chunked trailers are not included).
    public var headers: [(name: String, value: String)]
    /// The body, de-chunked when it came chunked.
    public var body: [UInt8]
    /// How the body was delimited.
    public var framing: Framing

    /// How a response body is delimited on the wire.
    public enum Framing: Sendable, Equatable {
        /// No body by rule: a `HEAD` answer, 1xx, 204 or 304.
        case none
        /// `Content-Length`.
        case contentLength
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Read until the server closed the connection.
        case untilClose
    }

    /// The first value of the header field `name` (case-insensitive).
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Every value of the header field `name`, in order.
    public func headers(named name: String) -> [String] {
        headers.filter { $0.name.lowercased() == name.lowercased() }.map(\.value)
    }

    /// The body as UTF-8 text (invalid bytes replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }

    /// Whether the server announced it closes the connection after this response.
    public var closesConnection: Bool {
        guard let value = header("Connection") else { return false }
        return value.lowercased().split(separator: ",").contains { $0.filter { $0 != " " && $0 != "\t" } == "close" }
    }
}
