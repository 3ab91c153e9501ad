/// An HTTP request as the application sees it: a value, complete with its body.
public struct Request: Sendable {
    /// The method, e.g. `GET`.
    public var method: HTTPMethod
    /// The path as sent, still percent-encoded and without the query, e.g. `/tables/sento`.
    /// The router decodes it segment by segment.
    public var path: String
    /// The query as sent (after `?`, still encoded), or nil when the target has no `?`.
    public var rawQuery: String?
    /// The header fields in the order received.
    public var headers: HTTPHeaders
    /// The body bytes; empty when there is none.
    public var body: [UInt8]

    /// A request for `target` (path and optional query, as on the request line). A target in absolute form
    /// (`http://host/path?query`, RFC 9112 §3.2.2) keeps only its path and query.
    public init(method: HTTPMethod, target: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.method = method
        (path, rawQuery) = Self.pathAndQuery(of: Self.originForm(of: target))
        self.headers = headers
        self.body = body
    }

    /// The target's path, and its query without the `?` (nil when it has none).
    private static func pathAndQuery(of target: String) -> (path: String, query: String?) {
        var target = target
        // On UTF-8 bytes: `?` is ASCII, so its position is a valid index into the String. Searched in the contiguous
        // bytes `withUTF8` lends, rather than through `utf8.firstIndex(of:)`, which walks the String's UTF-8 view.
        guard let offset = target.withUTF8({ $0.firstIndex(of: UInt8(ascii: "?")) }) else { return (target, nil) }
        let question = target.utf8.index(target.utf8.startIndex, offsetBy: offset)
        return (String(target[..<question]), String(target[target.utf8.index(after: question)...]))
    }

    private static func originForm(of target: String) -> String {
        guard target.utf8.first != UInt8(ascii: "/"), let scheme = target.firstRange(of: "://") else { return target }
        let authority = target[scheme.upperBound...]
        guard let end = authority.firstIndex(where: { $0 == "/" || $0 == "?" }) else { return "/" }
        return authority[end] == "/" ? String(authority[end...]) : "/" + authority[end...]
    }

    /// The request target: path and query.
    public var target: String {
        rawQuery.map { "\(path)?\($0)" } ?? path
    }

    /// The query pairs, decoded leniently (see ``URLEncodedForm/init(decodingLeniently:)``); routes that
    /// must reject a malformed query can decode ``rawQuery`` strictly instead.
    public var query: URLEncodedForm {
        URLEncodedForm(decodingLeniently: (rawQuery ?? "").utf8)
    }

    /// The cookies from every `Cookie` header field.
    public var cookies: Cookies {
        Cookies(headerValues: headers.values(for: "Cookie"))
    }

    /// The value of the first cookie named `name`, as ``cookies`` would give it, without parsing the others.
    public func cookie(named name: String) -> String? {
        var value: String?
        withCookie(named: name) { value = String(decoding: $0, as: UTF8.self) }
        return value
    }

    /// Calls `body` with the bytes of the value ``cookie(named:)`` reads, without making a String of them, if there
    /// is such a cookie. Not generic, so that a caller in another module runs it specialized.
    public func withCookie(named name: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        _ = headers.firstValue(named: "Cookie") { Cookies.withValue(named: name, in: $0, body) ? true : nil }
    }
}
