/// An ordered list of header fields. Names compare case-insensitively (ASCII); a name may repeat, as
/// `Set-Cookie` does, and the order of fields is kept as added.
///
/// The fields are kept as bytes — every name and value back to back in one buffer, and where each lies — so that a
/// request's head becomes two allocations however many fields it has, and a lookup compares bytes. Values are read
/// as Strings only when asked for (``subscript(_:)``), or not at all (``withValue(named:_:)``).
public struct HTTPHeaders: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// One header field: its name as written (`Content-Type`) and its value without surrounding whitespace.
    public typealias Field = NameValuePair

    /// Where one field's name and value lie in ``bytes``.
    @usableFromInline
    struct Span: Sendable {
        @usableFromInline var name: Range<Int>
        @usableFromInline var value: Range<Int>
    }

    // Usable from inline code so that the lookups below are specialized in the modules that call them: a generic
    // lookup called unspecialized from another module costs several times its instructions.
    /// The names and values, back to back; a removed field leaves its bytes behind, unlisted.
    @usableFromInline private(set) var bytes: [UInt8] = []
    /// The fields in order.
    @usableFromInline private(set) var spans: [Span] = []

    /// No fields.
    public init() {}

    /// The given fields in order.
    public init(_ fields: [(name: String, value: String)]) {
        for field in fields { add(field.name, field.value) }
    }

    /// The given fields in order.
    public init(fields: [Field]) {
        for field in fields { add(field.name, field.value) }
    }

    /// The literal's fields in the order written; repeated names are kept.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { add(name, value) }
    }

    /// No fields yet, with room for `fields` fields, holding a copy of a request's `head`, whose fields can then be
    /// listed where they lie in it (``add(nameAt:valueAt:)``): one copy of the head instead of one per name and value.
    init(copying head: UnsafeRawBufferPointer, reservingFields fields: Int) {
        spans.reserveCapacity(fields)
        bytes = Array(head)
    }

    /// The fields in order, as Strings.
    public var fields: [Field] { map { $0 } }

    /// The number of fields.
    public var count: Int { spans.count }

    /// Whether there are no fields.
    public var isEmpty: Bool { spans.isEmpty }

    public struct Iterator: IteratorProtocol {
        fileprivate let headers: HTTPHeaders
        fileprivate var position = 0

        public mutating func next() -> Field? {
            guard position < headers.spans.count else { return nil }
            defer { position += 1 }
            return headers.field(at: position)
        }
    }

    public func makeIterator() -> Iterator {
        Iterator(headers: self)
    }

    /// The first value for `name`; setting replaces every field of that name (nil removes them).
    public subscript(name: String) -> String? {
        get { withValue(named: name) { String(decoding: $0, as: UTF8.self) } }
        set {
            // The replacement takes the place of the first field it replaces, so order stays meaningful.
            let position = positions(of: name).first
            remove(name)
            guard let newValue else { return }
            add(name, newValue)
            if let position, position < spans.count - 1 { spans.insert(spans.removeLast(), at: position) }
        }
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        positions(of: name).map { field(at: $0).value }
    }

    /// Whether a field named `name` exists.
    public func contains(_ name: String) -> Bool {
        withValue(named: name) { _ in () } != nil
    }

    /// Calls `body` with the bytes of the first value for `name`; nil when there is no such field. For values read on
    /// every request, whose delimiters are ASCII: no String is made.
    @inlinable
    public func withValue<Result>(named name: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result?
    {
        try firstValue(named: name) { try body($0) }
    }

    /// The first non-nil result of `body` for the bytes of each value of `name`, in order; nil when there is none.
    @inlinable
    public func firstValue<Result>(
        named name: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result?
    ) rethrows -> Result? {
        var name = name
        return try name.withUTF8 { name in
            try bytes.withUnsafeBufferPointer { bytes in
                for span in spans where Self.equalsIgnoringASCIICase(bytes, span.name, name) {
                    if let result = try body(UnsafeBufferPointer(rebasing: bytes[span.value])) { return result }
                }
                return nil
            }
        }
    }

    /// Appends a field, keeping any existing fields of the same name.
    public mutating func add(_ name: String, _ value: String) {
        let nameStart = bytes.count
        bytes.append(contentsOf: name.utf8)
        let valueStart = bytes.count
        bytes.append(contentsOf: value.utf8)
        spans.append(Span(name: nameStart..<valueStart, value: valueStart..<bytes.count))
    }

    /// Appends a field whose name and value are already in the buffer, at these byte ranges (the head copied by
    /// ``init(copying:reservingFields:)``).
    mutating func add(nameAt name: Range<Int>, valueAt value: Range<Int>) {
        precondition(name.lowerBound >= 0 && name.upperBound <= bytes.count && value.lowerBound >= 0
            && value.upperBound <= bytes.count)
        spans.append(Span(name: name, value: value))
    }

    /// Appends a field of the given bytes (UTF-8 expected, not checked: ``subscript(_:)`` repairs).
    mutating func add(name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer) {
        let nameStart = bytes.count
        bytes.append(contentsOf: name)
        let valueStart = bytes.count
        bytes.append(contentsOf: value)
        spans.append(Span(name: nameStart..<valueStart, value: valueStart..<bytes.count))
    }

    /// Removes every field named `name`.
    public mutating func remove(_ name: String) {
        let removed = positions(of: name)
        guard !removed.isEmpty else { return }
        for position in removed.reversed() { spans.remove(at: position) }
    }

    /// Calls `body` with the name's and the value's bytes of each field, in order: for checks over every field.
    func forEachField(_ body: (_ name: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.withUnsafeBufferPointer { bytes in
            for span in spans {
                body(UnsafeBufferPointer(rebasing: bytes[span.name]), UnsafeBufferPointer(rebasing: bytes[span.value]))
            }
        }
    }

    public static func == (lhs: HTTPHeaders, rhs: HTTPHeaders) -> Bool {
        lhs.spans.count == rhs.spans.count && lhs.indices.allSatisfy { position in
            lhs.bytes[lhs.spans[position].name].elementsEqual(rhs.bytes[rhs.spans[position].name])
                && lhs.bytes[lhs.spans[position].value].elementsEqual(rhs.bytes[rhs.spans[position].value])
        }
    }

    private var indices: Range<Int> { spans.indices }

    private func field(at position: Int) -> Field {
        let span = spans[position]
        return bytes.withUnsafeBufferPointer { bytes in
            Field(name: String(decoding: UnsafeBufferPointer(rebasing: bytes[span.name]), as: UTF8.self),
                  value: String(decoding: UnsafeBufferPointer(rebasing: bytes[span.value]), as: UTF8.self))
        }
    }

    /// The positions of the fields named `name`, in order.
    private func positions(of name: String) -> [Int] {
        var name = name
        return name.withUTF8 { name in
            bytes.withUnsafeBufferPointer { bytes in
                indices.filter { Self.equalsIgnoringASCIICase(bytes, spans[$0].name, name) }
            }
        }
    }

    @usableFromInline
    static func equalsIgnoringASCIICase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        UnsafeBufferPointer(rebasing: bytes[range]).equalsIgnoringASCIICase(name)
    }
}

extension StringProtocol {
    /// ASCII case-insensitive equality, as header names and media types need; no allocation.
    public func equalsIgnoringASCIICase(_ other: some StringProtocol) -> Bool {
        let lhs = utf8, rhs = other.utf8
        guard lhs.count == rhs.count else { return false }
        // Header lookups compare a name with every field's: most differ in the first byte already.
        guard let first = lhs.first, let otherFirst = rhs.first else { return true }
        guard first.asciiLowercased == otherFirst.asciiLowercased else { return false }
        return zip(lhs, rhs).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }
}

extension UInt8 {
    @inlinable
    public var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
