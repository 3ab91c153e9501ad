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
    static func decodedSegments(of path: String) throws(HTTPError) -> [String] {
        guard path.hasPrefix("/") else {
            throw HTTPError(.badRequest, message: "The request path must start with /.")
        }
        return try split(path).map { segment throws(HTTPError) in
            guard let bytes = PercentDecoding.decode(segment.utf8, plusAsSpace: false, strict: true) else {
                throw HTTPError(.badRequest, message: "The request path has an invalid percent-encoding.")
            }
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw HTTPError(.badRequest, message: "The request path is not valid UTF-8.")
            }
            return text
        }
    }
}
