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

    /// Whether an `If-None-Match` value names this tag: `*`, or a list of tags compared weakly
    /// (a `W/` prefix is ignored), as RFC 9110 §13.1.2 asks.
    func matches(ifNoneMatch value: String) -> Bool {
        value.split(separator: ",").contains { candidate in
            var tag = candidate.trimmingHTTPWhitespace()
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            return tag == headerValue
        }
    }
}
