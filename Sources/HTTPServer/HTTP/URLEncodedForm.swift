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
        // A body is an array already: read in place, not copied.
        let decoded = encoded.withContiguousStorageIfAvailable(Self.decodedStrictly)
            ?? Array(encoded).withUnsafeBufferPointer(Self.decodedStrictly)
        fields = try decoded.get()
    }

    /// The pairs of a form body, in one pass over its bytes; a component with nothing to decode becomes a String
    /// directly.
    private static func decodedStrictly(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<[Field], URLEncodedFormError> {
        var fields: [Field] = []
        var start = 0
        while start < bytes.count {
            let end = bytes.firstIndex(of: UInt8(ascii: "&"), in: start..<bytes.count) ?? bytes.count
            if end > start {
                let equals = bytes.firstIndex(of: UInt8(ascii: "="), in: start..<end) ?? end
                let pairIndex = fields.count
                let name = text(of: UnsafeBufferPointer(rebasing: bytes[start..<equals]))
                let value = text(of: UnsafeBufferPointer(rebasing: bytes[Swift.min(equals + 1, end)..<end]))
                switch (name, value) {
                case (.success(let name), .success(let value)):
                    fields.append(Field(name: name, value: value))
                case (.failure(.invalidPercentEncoding), _), (_, .failure(.invalidPercentEncoding)):
                    return .failure(.invalidPercentEncoding(pairIndex: pairIndex))
                default:
                    return .failure(.invalidUTF8(pairIndex: pairIndex))
                }
            }
            start = end + 1
        }
        return .success(fields)
    }

    /// Why one component did not decode.
    private enum ComponentError: Error {
        case invalidPercentEncoding, invalidUTF8
    }

    /// One name or value, decoded strictly.
    private static func text(of component: UnsafeBufferPointer<UInt8>) -> Result<String, ComponentError> {
        if component.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "%") && $0 != UInt8(ascii: "+") }) {
            // ASCII with nothing to decode, as tokens and most fields are: valid UTF-8 as it stands.
            return .success(String(decoding: component, as: UTF8.self))
        }
        if !component.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") }) {
            return String(validating: component, as: UTF8.self).map { .success($0) } ?? .failure(.invalidUTF8)
        }
        guard let decoded = PercentDecoding.decode(component, plusAsSpace: true, strict: true) else {
            return .failure(.invalidPercentEncoding)
        }
        return String(validating: decoded, as: UTF8.self).map { .success($0) } ?? .failure(.invalidUTF8)
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
