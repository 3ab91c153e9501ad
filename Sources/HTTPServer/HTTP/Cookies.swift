/// The cookies a request carries, parsed from its `Cookie` header fields (RFC 6265 §5.4 syntax).
///
/// Pairs are split on `;`, whitespace around names and values is trimmed, one pair of surrounding double
/// quotes is removed from a value, and pairs without `=` or with an empty name are skipped. Values are not
/// percent-decoded: RFC 6265 gives them no encoding. When a name repeats, the first one wins, as browsers
/// send the most specific cookie first.
public struct Cookies: Sendable, Equatable, Sequence {
    /// One cookie as sent; its value without quotes.
    public typealias Cookie = NameValuePair

    /// Every cookie in the order sent, repeated names included.
    public var all: [Cookie]

    /// The given cookies.
    public init(_ cookies: [Cookie] = []) {
        all = cookies
    }

    /// Parses the values of one or more `Cookie` header fields.
    ///
    /// Works on UTF-8 bytes (every delimiter is ASCII), since a cookie header is parsed on every request.
    public init(headerValues: [String]) {
        var cookies: [Cookie] = []
        for value in headerValues {
            let bytes = value.utf8
            var start = bytes.startIndex
            while start < bytes.endIndex {
                let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
                if let cookie = Self.parsePair(value[start..<end]) { cookies.append(cookie) }
                start = end < bytes.endIndex ? bytes.index(after: end) : end
            }
        }
        all = cookies
    }

    /// The value of the first cookie named `name`.
    public subscript(name: String) -> String? {
        all.first { $0.name == name }?.value
    }

    public func makeIterator() -> IndexingIterator<[Cookie]> {
        all.makeIterator()
    }

    private static func parsePair(_ pair: Substring) -> Cookie? {
        guard let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) else { return nil }
        let name = pair[..<equals].trimmingHTTPWhitespace()
        var value = pair[pair.utf8.index(after: equals)...].trimmingHTTPWhitespace()
        guard !name.isEmpty else { return nil }
        let quote = UInt8(ascii: "\"")
        if value.utf8.count >= 2, value.utf8.first == quote, value.utf8.last == quote {
            value = value[value.utf8.index(after: value.startIndex)..<value.utf8.index(before: value.endIndex)]
        }
        return Cookie(name: String(name), value: String(value))
    }
}

extension Substring {
    /// Drops spaces and tabs at both ends (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> Substring {
        let isWhitespace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = utf8.firstIndex(where: { !isWhitespace($0) }),
            let last = utf8.lastIndex(where: { !isWhitespace($0) })
        else { return self[endIndex...] }
        // A half-open range of byte positions: `first...last` would step over `last` by Character, and a
        // prepended concatenation mark (U+0601) makes one Character of itself and the space after it.
        return self[first..<utf8.index(after: last)]
    }
}
