/// The cookies a request carries, parsed from its `Cookie` header fields (RFC 6265 §5.4 syntax).
///
/// Pairs are split on `;`, whitespace around names and values is trimmed, one pair of surrounding double
/// quotes is removed from a value, and pairs without `=` or with an empty name are skipped. Values are not
/// percent-decoded: RFC 6265 gives them no encoding. When a name repeats, the first one wins, as browsers
/// send the most specific cookie first. Parsing goes by Unicode scalar, not by `Character`: a `;` or `=` followed
/// by a combining mark is one `Character` that equals neither, and must still separate.
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
    public init(headerValues: [String]) {
        all = headerValues.flatMap { value in
            value.unicodeScalars.split(separator: ";").compactMap(Self.parsePair)
        }
    }

    /// The value of the first cookie named `name`.
    public subscript(name: String) -> String? {
        all.first { $0.name == name }?.value
    }

    public func makeIterator() -> IndexingIterator<[Cookie]> {
        all.makeIterator()
    }

    private static func parsePair(_ pair: Substring.UnicodeScalarView) -> Cookie? {
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let name = pair[..<equals].trimmingHTTPWhitespace()
        var value = pair[pair.index(after: equals)...].trimmingHTTPWhitespace()
        guard !name.isEmpty else { return nil }
        if value.count >= 2, value.first == "\"", value.last == "\"" {
            value = value.dropFirst().dropLast()
        }
        return Cookie(name: String(Substring(name)), value: String(Substring(value)))
    }
}

extension Substring.UnicodeScalarView {
    /// Drops spaces and tabs at both ends (HTTP's optional whitespace).
    func trimmingHTTPWhitespace() -> Substring.UnicodeScalarView {
        let isWhitespace: (Unicode.Scalar) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isWhitespace($0) }),
            let last = lastIndex(where: { !isWhitespace($0) })
        else { return self[endIndex...] }
        return self[first...last]
    }
}
