/// A strong entity tag for a file, derived from its size and modification time (as nginx does), so it
/// changes whenever the file does without reading the file — or, for a file held in memory, from its size and a
/// hash of its bytes.
struct EntityTag: Equatable {
    let opaque: String

    init(size: Int, modificationNanoseconds: Int) {
        opaque = String(size, radix: 16) + "-" + String(modificationNanoseconds, radix: 16)
    }

    init(size: Int, contentHash: UInt64) {
        opaque = String(size, radix: 16) + "-" + String(contentHash, radix: 16)
    }

    /// The `ETag` header value, quoted.
    var headerValue: String { "\"\(opaque)\"" }
}

extension Request {
    /// Whether the request's `If-None-Match` names the entity tag `tag` (as an `ETag` header value: `"abc"` or
    /// `W/"abc"`): `*`, or a list of tags one of which equals it by weak comparison — a `W/` prefix on either side is
    /// ignored — as RFC 9110 §13.1.2 asks. Read from the field's bytes, making no String.
    public func ifNoneMatch(names tag: String) -> Bool {
        var tag = tag
        return tag.withUTF8 { tag in
            headers.withValue(named: "If-None-Match") { Self.entityTagList($0, names: tag) } ?? false
        }
    }

    /// Whether the `If-None-Match` value `list` names the entity tag `tag` (see ``ifNoneMatch(names:)``).
    public static func entityTagList(_ list: String, names tag: String) -> Bool {
        var list = list, tag = tag
        return list.withUTF8 { list in tag.withUTF8 { tag in entityTagList(list, names: tag) } }
    }

    static func entityTagList(_ list: UnsafeBufferPointer<UInt8>, names tag: UnsafeBufferPointer<UInt8>) -> Bool {
        let wanted = Self.droppingWeakPrefix(tag[...])
        var rest = list[...]
        while true {
            let end = rest.firstIndex(of: UInt8(ascii: ",")) ?? rest.endIndex
            let candidate = Self.trimmingWhitespace(rest[..<end])
            if candidate.elementsEqual(CollectionOfOne(UInt8(ascii: "*")))
                || Self.droppingWeakPrefix(candidate).elementsEqual(wanted)
            {
                return true
            }
            guard end < rest.endIndex else { return false }
            rest = rest[(end + 1)...]
        }
    }

    private static func droppingWeakPrefix(_ tag: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        tag.starts(with: "W/".utf8) ? tag.dropFirst(2) : tag
    }

    private static func trimmingWhitespace(_ bytes: Slice<UnsafeBufferPointer<UInt8>>)
        -> Slice<UnsafeBufferPointer<UInt8>>
    {
        let isWhitespace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else { return bytes[bytes.endIndex...] }
        return bytes[first...last]
    }
}
