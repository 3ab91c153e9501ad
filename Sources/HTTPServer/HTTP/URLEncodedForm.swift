/// Name–value pairs in the `application/x-www-form-urlencoded` format, used by form bodies and query strings.
///
/// Pairs are split on `&`, a name from its value on the first `=` (a pair without one has an empty value),
/// `+` stands for a space, and `%XX` escapes are decoded before the bytes are read as UTF-8. Empty pairs
/// (`a=1&&b=2`) are skipped. Order and repeated names are kept.
public struct URLEncodedForm: Sendable, Equatable, Sequence {
    /// One decoded pair.
    public typealias Field = NameValuePair

    /// The pairs in the order they were written.
    public var fields: [Field]

    /// The given pairs.
    public init(_ fields: [Field] = []) {
        self.fields = fields
    }

    /// Decodes strictly, for form bodies: a malformed escape or bytes that are not UTF-8 throw,
    /// so the caller can answer 400 rather than act on a guess.
    public init(decoding encoded: some Collection<UInt8>) throws(URLEncodedFormError) {
        fields = []
        for (index, pair) in Self.pairs(of: encoded).enumerated() {
            guard let name = PercentDecoding.decode(pair.name, plusAsSpace: true, strict: true),
                let value = PercentDecoding.decode(pair.value, plusAsSpace: true, strict: true)
            else {
                throw .invalidPercentEncoding(pairIndex: index)
            }
            guard let nameText = String(validating: name, as: UTF8.self),
                let valueText = String(validating: value, as: UTF8.self)
            else {
                throw .invalidUTF8(pairIndex: index)
            }
            fields.append(Field(name: nameText, value: valueText))
        }
    }

    /// Decodes leniently, as browsers do (the WHATWG URL standard): a malformed escape stays as written
    /// and invalid UTF-8 becomes U+FFFD. Used for query strings, which no route relies on.
    public init(decodingLeniently encoded: some Collection<UInt8>) {
        fields = Self.pairs(of: encoded).map { pair in
            let name = PercentDecoding.decode(pair.name, plusAsSpace: true, strict: false) ?? []
            let value = PercentDecoding.decode(pair.value, plusAsSpace: true, strict: false) ?? []
            return Field(name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self))
        }
    }

    /// The value of the first pair named `name`.
    public subscript(name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    /// The values of every pair named `name`, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { $0.name == name ? $0.value : nil }
    }

    /// Whether there are no pairs.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    private static func pairs(
        of encoded: some Collection<UInt8>
    ) -> [(name: ArraySlice<UInt8>, value: ArraySlice<UInt8>)] {
        Array(encoded).split(separator: UInt8(ascii: "&")).map { pair in
            guard let equals = pair.firstIndex(of: UInt8(ascii: "=")) else { return (pair, []) }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
    }
}

/// Why a form body could not be decoded. `pairIndex` counts the non-empty pairs from 0.
public enum URLEncodedFormError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A `%` not followed by two hexadecimal digits.
    case invalidPercentEncoding(pairIndex: Int)
    /// The decoded bytes are not UTF-8.
    case invalidUTF8(pairIndex: Int)

    public var description: String {
        switch self {
        case .invalidPercentEncoding(let index): "invalid percent-encoding in form field \(index + 1)"
        case .invalidUTF8(let index): "form field \(index + 1) is not valid UTF-8"
        }
    }
}

extension URLEncodedFormError: HTTPErrorConvertible {
    /// A malformed form is the client's mistake: 400.
    public var httpError: HTTPError { HTTPError(.badRequest, message: description) }
}
