/// An ordered list of header fields. Names compare case-insensitively (ASCII); a name may repeat, as
/// `Set-Cookie` does, and the order of fields is kept as added.
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field: its name as written (`Content-Type`) and its value without surrounding whitespace.
    public typealias Field = NameValuePair

    /// The fields in order.
    public private(set) var fields: [Field]

    /// No fields.
    public init() {
        fields = []
    }

    /// The given fields in order.
    public init(_ fields: [(name: String, value: String)]) {
        self.fields = fields.map { Field(name: $0.name, value: $0.value) }
    }

    /// The given fields in order.
    init(fields: [Field]) {
        self.fields = fields
    }

    /// The literal's fields in the order written; repeated names are kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        fields = elements.map { Field(name: $0.0, value: $0.1) }
    }

    /// The number of fields.
    public var count: Int { fields.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { fields.isEmpty }

    public func makeIterator() -> IndexingIterator<[Field]> {
        fields.makeIterator()
    }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { fields.first { $0.name.equalsIgnoringASCIICase(name) }?.value }
        set {
            // The replacement takes the place of the first field it replaces, so order stays meaningful.
            let position = fields.firstIndex { $0.name.equalsIgnoringASCIICase(name) }
            fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
            guard let newValue else { return }
            fields.insert(Field(name: name, value: newValue), at: position ?? fields.count)
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.compactMap { $0.name.equalsIgnoringASCIICase(name) ? $0.value : nil }
    }

    /// Whether a field named `name` exists.
    public func contains(_ name: String) -> Bool {
        fields.contains { $0.name.equalsIgnoringASCIICase(name) }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        fields.removeAll { $0.name.equalsIgnoringASCIICase(name) }
    }
}

extension StringProtocol {
    /// ASCII case-insensitive equality, as header names and media types need; no allocation.
    public func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        return zip(lhs, rhs).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension UInt8 {
    public var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
