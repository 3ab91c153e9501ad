/// HTML escaping per UTF-8 byte: `&` `<` `>` `"` `'` become `&amp;` `&lt;` `&gt;` `&quot;` `&#39;`.
///
/// Working on bytes rather than `Character`s matters: a quote followed by a combining mark is one `Character`
/// that is not equal to `"`, so a Character-based escaper would let the quote through. In UTF-8 these five ASCII
/// bytes never occur inside a multi-byte sequence, so byte-wise replacement is exact.
public enum HTMLEscape {
    /// Appends the escaped UTF-8 of `string` to `buffer`.
    public static func append(_ string: String, to buffer: inout [UInt8]) {
        escape(string, to: &buffer)
    }

    static func escape<Sink: ByteSink & ~Copyable>(_ string: String, to sink: inout Sink) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { bytes in
            escape(bytes, to: &sink)
        }
        if done == nil {
            Array(string.utf8).withUnsafeBufferPointer { escape($0, to: &sink) }
        }
    }

    /// Appends the escaped form of `bytes` (UTF-8) to `buffer`.
    public static func append(_ bytes: [UInt8], to buffer: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { escape($0, to: &buffer) }
    }

    /// The escaped UTF-8 bytes of `string`.
    public static func escaped(_ string: String) -> [UInt8] {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(string.utf8.count)
        append(string, to: &buffer)
        return buffer
    }

    /// Bit `b` is set for each byte value `b` below 64 that needs escaping: `"` `&` `'` `<` `>`.
    private static let escapedBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E

    static func escape<Sink: ByteSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, to buffer: inout Sink) {
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 64, escapedBytes & (1 << UInt64(byte)) != 0 else { continue }
            // Copy the run of plain bytes in one call, then the entity.
            buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            let entity: StaticString =
                switch byte {
                case 0x22: "&quot;"
                case 0x26: "&amp;"
                case 0x27: "&#39;"
                case 0x3C: "&lt;"
                default: "&gt;"
                }
            buffer.append(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
        }
        buffer.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}

/// Text prepared for rendering many times: its UTF-8 bytes and their HTML-escaped form, both computed once.
///
/// Use it for view-model text that is rendered on every request (titles, labels): rendering it is a copy. A view
/// model that keeps its texts for as long as it renders can hand them out with ``MustacheValue/borrowing(_:)``,
/// which counts no reference.
public struct MustacheText: Hashable, Sendable {
    /// The raw bytes followed by the escaped ones, in one allocation that never moves.
    private let storage: TextStorage

    /// Prepares `string`.
    public init(_ string: String) {
        var string = string
        storage = string.withUTF8 { TextStorage(escaping: $0) }
    }

    /// Prepares markup that is already safe: both forms are `html`, so even `{{name}}` renders it unchanged.
    public init(trustedHTML html: String) {
        storage = TextStorage(Array(html.utf8) + Array(html.utf8), rawCount: html.utf8.count)
    }

    /// Calls `body` with the escaped or raw bytes, without copying them.
    func withBytes<Result>(escaped: Bool, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        body(escaped ? storage.escaped : storage.raw)
    }

    /// The bytes, by address: valid for as long as this text (or a copy of it) lives.
    var unownedBytes: BorrowedText {
        BorrowedText(base: storage.raw.baseAddress, rawCount: Int32(storage.raw.count),
                     escapedCount: Int32(storage.escaped.count))
    }

    /// The UTF-8 bytes, as `{{{triple}}}` and `{{&ampersand}}` tags render them.
    public var raw: ArraySlice<UInt8> { ArraySlice(storage.raw) }

    /// The HTML-escaped UTF-8 bytes, as `{{name}}` tags render them.
    public var escaped: ArraySlice<UInt8> { ArraySlice(storage.escaped) }

    public static func == (lhs: MustacheText, rhs: MustacheText) -> Bool {
        lhs.storage === rhs.storage || lhs.storage.raw.elementsEqual(rhs.storage.raw)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(storage.raw))
    }
}

/// The bytes of a ``MustacheText``, allocated once and freed with the last copy of the text.
// @unchecked: the buffer is written in init only.
private final class TextStorage: @unchecked Sendable {
    let raw: UnsafeBufferPointer<UInt8>
    let escaped: UnsafeBufferPointer<UInt8>
    private let allocation: UnsafeMutableBufferPointer<UInt8>

    init(_ bytes: [UInt8], rawCount: Int) {
        // At least one byte, so that even an empty text has an address.
        allocation = .allocate(capacity: max(bytes.count, 1))
        _ = allocation.initialize(from: bytes)
        raw = UnsafeBufferPointer(rebasing: allocation[..<rawCount])
        escaped = UnsafeBufferPointer(rebasing: allocation[rawCount..<bytes.count])
    }

    /// `bytes` and their escaped form, written straight into the allocation (a page's CSRF token is prepared per
    /// render, where building both in an array first cost two more allocations and a copy).
    init(escaping bytes: UnsafeBufferPointer<UInt8>) {
        var length = ByteCount()
        HTMLEscape.escape(bytes, to: &length)
        let rawCount = bytes.count
        allocation = .allocate(capacity: max(rawCount + length.count, 1))
        var sink = ByteWriter(next: allocation.baseAddress!)
        sink.append(bytes)
        HTMLEscape.escape(bytes, to: &sink)
        raw = UnsafeBufferPointer(rebasing: allocation[..<rawCount])
        escaped = UnsafeBufferPointer(rebasing: allocation[rawCount..<rawCount + length.count])
    }

    deinit {
        allocation.deallocate()
    }

    /// Counts what would be appended.
    private struct ByteCount: ByteSink {
        var count = 0

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            count += bytes.count
        }
    }

    /// Writes at `next`, into memory sized beforehand by a ``ByteCount``.
    private struct ByteWriter: ByteSink {
        var next: UnsafeMutablePointer<UInt8>

        mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let source = bytes.baseAddress else { return }
            next.initialize(from: source, count: bytes.count)
            next += bytes.count
        }
    }
}

/// A text's bytes by address, raw then escaped: what ``MustacheValue/borrowing(_:)`` holds. Copying it counts no
/// reference.
@usableFromInline
struct BorrowedText {
    let base: UnsafePointer<UInt8>?
    let rawCount: Int32
    let escapedCount: Int32

    func bytes(escaped: Bool) -> UnsafeBufferPointer<UInt8> {
        guard let base else { return UnsafeBufferPointer(start: nil, count: 0) }
        return escaped
            ? UnsafeBufferPointer(start: base + Int(rawCount), count: Int(escapedCount))
            : UnsafeBufferPointer(start: base, count: Int(rawCount))
    }
}
