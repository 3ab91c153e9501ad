/// Splitting and decoding request paths into segments.
enum RequestPath {
    /// The segments of a path that starts with `/`; `/` itself has none. Empty segments are kept,
    /// so `/a/` is `["a", ""]`.
    static func split(_ path: some StringProtocol) -> [Substring] {
        let rest = path.dropFirst()
        guard !rest.isEmpty else { return [] }
        return Substring(rest).split(separator: "/", omittingEmptySubsequences: false)
    }

    /// The percent-decoded segments of a raw request path. A path that does not start with `/`, a malformed
    /// escape or bytes that are not UTF-8 are the client's mistake: 400.
    ///
    /// Works on the path's UTF-8 bytes in one pass: it runs on every request, and most segments need no decoding.
    static func decodedSegments(of path: String) throws(HTTPError) -> [String] {
        var path = path
        return try path.withUTF8 { decodedSegments(of: $0) }.get()
    }

    private static func decodedSegments(of bytes: UnsafeBufferPointer<UInt8>) -> Result<[String], HTTPError> {
        let slash = UInt8(ascii: "/"), percent = UInt8(ascii: "%")
        guard bytes.first == slash else {
            return .failure(HTTPError(.badRequest, message: "The request path must start with /."))
        }
        var segments: [String] = []
        guard bytes.count > 1 else { return .success(segments) }
        segments.reserveCapacity(8)
        var start = 1
        while true {
            var end = start, plain = true
            while end < bytes.count, bytes[end] != slash {
                if bytes[end] == percent || bytes[end] >= 0x80 { plain = false }
                end += 1
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let text: String?
            if plain {
                // ASCII without escapes, as most segments are: valid UTF-8 as it stands.
                text = String(decoding: raw, as: UTF8.self)
            } else if raw.contains(percent) {
                guard let decoded = PercentDecoding.decode(raw, plusAsSpace: false, strict: true) else {
                    return .failure(HTTPError(.badRequest, message: "The request path has an invalid percent-encoding."))
                }
                text = String(validating: decoded, as: UTF8.self)
            } else {
                text = String(validating: raw, as: UTF8.self)
            }
            guard let text else {
                return .failure(HTTPError(.badRequest, message: "The request path is not valid UTF-8."))
            }
            segments.append(text)
            guard end < bytes.count else { return .success(segments) }
            start = end + 1
        }
    }
}
