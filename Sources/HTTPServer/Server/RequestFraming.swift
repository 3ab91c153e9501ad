/// How a request's body is delimited, decided from its head before any body byte is read (RFC 9112 §6).
///
/// libmicrohttpd 0.9.75 frames leniently where the rules say to refuse: it takes the first of two
/// `Content-Length` fields, honours `Transfer-Encoding` beside `Content-Length` and on HTTP/1.0, ends the head at
/// a line with an empty field name, and waits for ever on a transfer coding it does not know. A front end that
/// reads the same bytes by the rules would then see other requests than the server does (request smuggling).
/// So the server decides the framing itself, from every field of the head, and refuses what is ambiguous.
public enum RequestFraming: Equatable, Sendable {
    /// No body (neither `Content-Length` nor `Transfer-Encoding`), or `Content-Length: 0`.
    case none
    /// A body of exactly this many bytes, within the limit.
    case length(Int)
    /// A chunked body (HTTP/1.1, `Transfer-Encoding: chunked` alone, as libmicrohttpd reads it).
    case chunked
    /// Refused: answer with this error and close the connection, since its bytes cannot be split into
    /// requests with certainty.
    case refused(HTTPError)

    /// The framing of a head with the given version (`HTTP/1.1`) and fields (names as sent, values as libmicrohttpd
    /// lists them: white space before them dropped, after them kept), for a server accepting bodies up to
    /// `maximumBodySize` bytes. `hasUnlistedLines` says that the head held lines the field list does not show (an
    /// empty field name, a folded line), which is refused too.
    ///
    /// Ambiguity is answered 400 (a `chunked` that libmicrohttpd would not read as chunked included), an unknown
    /// transfer coding 501 and a declared length over the limit 413 — at any size: the length is compared as a
    /// decimal string, so 2^63 and above cannot wrap. It runs on every request, so the fields are read once, on
    /// their bytes.
    public static func decide(
        version: String, headers: HTTPHeaders, hasUnlistedLines: Bool, maximumBodySize: Int
    ) -> RequestFraming {
        if hasUnlistedLines {
            return .refused(HTTPError(.badRequest, message: "The request holds a header line without a field name."))
        }
        var allTokens = true, lengths = 0, encodings = 0
        headers.forEachField { name, _ in
            if !isToken(name) { allTokens = false }
            if equalsLowercased(name, "content-length") { lengths += 1 }
            if equalsLowercased(name, "transfer-encoding") { encodings += 1 }
        }
        if !allTokens {
            return .refused(HTTPError(
                .badRequest, message: "A header field name is empty or holds white space or other characters "
                    + "field names cannot hold."))
        }
        if lengths > 1 {
            return .refused(HTTPError(.badRequest, message: "The request has more than one Content-Length."))
        }
        if encodings > 0 && lengths > 0 {
            return .refused(HTTPError(
                .badRequest, message: "The request has both Content-Length and Transfer-Encoding."))
        }
        if encodings > 0 {
            guard version == "HTTP/1.1" else {
                return .refused(HTTPError(
                    .badRequest, message: "Transfer-Encoding is not allowed in an HTTP/1.0 request."))
            }
            guard encodings == 1 else {
                return .refused(HTTPError(
                    .notImplemented, message: "This server accepts no transfer coding but plain chunked."))
            }
            // libmicrohttpd reads a body as chunked only when the value it lists (white space before it dropped, none
            // after) is `chunked` in any case; `chunked ` it reads as a body lasting until the connection closes.
            let coding = headers.withValue(named: "Transfer-Encoding") { value in
                (exact: equalsLowercased(value, "chunked"), trimmed: equalsLowercased(trimmed(value), "chunked"))
            }
            if coding?.exact == true { return .chunked }
            if coding?.trimmed == true {
                return .refused(HTTPError(
                    .badRequest, message: "The request’s Transfer-Encoding has white space after “chunked”."))
            }
            return .refused(HTTPError(
                .notImplemented, message: "This server accepts no transfer coding but plain chunked."))
        }
        return headers.withValue(named: "Content-Length") { length(trimmed($0), maximumBodySize: maximumBodySize) }
            ?? .none
    }

    /// A `Content-Length` value: decimal digits only (400 otherwise), at most `maximumBodySize` (413 otherwise).
    private static func length(_ digits: UnsafeBufferPointer<UInt8>, maximumBodySize: Int) -> RequestFraming {
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .refused(HTTPError(.badRequest, message: "The request’s Content-Length is not a number."))
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        // Eighteen digits always fit an Int; a longer number is over any limit an Int can state.
        guard significant.count <= 18 else { return .refused(HTTPError(.contentTooLarge)) }
        let value = significant.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
        guard value <= maximumBodySize else { return .refused(HTTPError(.contentTooLarge)) }
        return value == 0 ? .none : .length(value)
    }

    /// RFC 9110's `token`: what a field name may be (visible ASCII but delimiters, at least one).
    static func isToken(_ name: UnsafeBufferPointer<UInt8>) -> Bool {
        !name.isEmpty && name.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                true
            default:
                "!#$%&'*+.^_`|~".utf8.contains(byte)
            }
        }
    }

    /// Whether `bytes` are `lowercase` in any ASCII case.
    private static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        bytes.equalsIgnoringASCIICase(
            UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
    }

    /// `bytes` without leading and trailing spaces and tabs.
    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0, upper = bytes.count
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") {
            upper -= 1
        }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }
}
