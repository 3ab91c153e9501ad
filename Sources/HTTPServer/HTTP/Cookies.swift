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
            var value = value
            value.withUTF8 { bytes in
                Self.forEachPair(in: bytes) { name, value in
                    cookies.append(Cookie(name: Self.text(bytes, name), value: Self.text(bytes, value)))
                    return true
                }
            }
        }
        all = cookies
    }

    /// The value of the first cookie named `name`.
    public subscript(name: String) -> String? {
        all.first { $0.name == name }?.value
    }

    /// Calls `body` with the value of the first cookie named `name` in the bytes of one `Cookie` header value, parsed
    /// as ``init(headerValues:)`` parses pairs; false when there is none.
    static func withValue(
        named name: String, in bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) -> Bool {
        var name = name
        return name.withUTF8 { name in
            var found = false
            forEachPair(in: bytes) { pairName, value in
                guard UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[pairName])).hasSameBytes(as: .init(name))
                else { return true }
                body(UnsafeBufferPointer(rebasing: bytes[value]))
                found = true
                return false
            }
            return found
        }
    }

    /// Calls `body` with the name and the value of each pair of one header value, in order, until it returns false:
    /// pairs split on `;`, each at its first `=` (pairs without one are skipped), both parts without surrounding
    /// spaces and tabs, pairs with an empty name skipped, one pair of double quotes removed from a value.
    private static func forEachPair(
        in bytes: UnsafeBufferPointer<UInt8>, _ body: (_ name: Range<Int>, _ value: Range<Int>) -> Bool
    ) {
        var start = 0
        while start < bytes.count {
            let end = bytes.firstIndex(of: UInt8(ascii: ";"), in: start..<bytes.count) ?? bytes.count
            if let equals = bytes.firstIndex(of: UInt8(ascii: "="), in: start..<end) {
                let name = trimmed(bytes, start..<equals)
                var value = trimmed(bytes, equals + 1..<end)
                let quote = UInt8(ascii: "\"")
                if value.count >= 2, bytes[value.lowerBound] == quote, bytes[value.upperBound - 1] == quote {
                    value = value.lowerBound + 1..<value.upperBound - 1
                }
                if !name.isEmpty, !body(name, value) { return }
            }
            start = end + 1
        }
    }

    /// `range` of `bytes` without spaces and tabs at either end.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return lower..<upper
    }

    /// The text of `range`: a String's bytes split at ASCII delimiters, so still UTF-8.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    public func makeIterator() -> IndexingIterator<[Cookie]> {
        all.makeIterator()
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
