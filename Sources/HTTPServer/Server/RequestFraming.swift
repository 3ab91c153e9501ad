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
    /// A chunked body (HTTP/1.1, `Transfer-Encoding: chunked` alone).
    case chunked
    /// Refused: answer with this error and close the connection, since its bytes cannot be split into
    /// requests with certainty.
    case refused(HTTPError)

    /// The framing of a head with the given version (`HTTP/1.1`) and fields (names as sent, values trimmed),
    /// for a server accepting bodies up to `maximumBodySize` bytes. `hasUnlistedLines` says that the head held
    /// lines the field list does not show (an empty field name, a folded line), which is refused too.
    ///
    /// Ambiguity is answered 400, an unknown transfer coding 501 and a declared length over the limit 413 —
    /// at any size: the length is compared as a decimal string, so 2^63 and above cannot wrap.
    public static func decide(
        version: String, fields: [NameValuePair], hasUnlistedLines: Bool, maximumBodySize: Int
    ) -> RequestFraming {
        if hasUnlistedLines {
            return .refused(HTTPError(.badRequest, message: "The request holds a header line without a field name."))
        }
        if fields.contains(where: { !isToken($0.name) }) {
            return .refused(HTTPError(
                .badRequest, message: "A header field name is empty or holds white space or other characters "
                    + "field names cannot hold."))
        }
        let lengths = fields.filter { $0.name.equalsIgnoringASCIICase("Content-Length") }
        let encodings = fields.filter { $0.name.equalsIgnoringASCIICase("Transfer-Encoding") }
        if lengths.count > 1 {
            return .refused(HTTPError(.badRequest, message: "The request has more than one Content-Length."))
        }
        if !encodings.isEmpty && !lengths.isEmpty {
            return .refused(HTTPError(
                .badRequest, message: "The request has both Content-Length and Transfer-Encoding."))
        }
        if !encodings.isEmpty {
            guard version == "HTTP/1.1" else {
                return .refused(HTTPError(
                    .badRequest, message: "Transfer-Encoding is not allowed in an HTTP/1.0 request."))
            }
            guard encodings.count == 1, encodings[0].value.trimmingOptionalWhiteSpace.equalsIgnoringASCIICase("chunked")
            else {
                return .refused(HTTPError(
                    .notImplemented, message: "This server accepts no transfer coding but plain chunked."))
            }
            return .chunked
        }
        guard let declared = lengths.first?.value.trimmingOptionalWhiteSpace else { return .none }
        return length(declared, maximumBodySize: maximumBodySize)
    }

    /// A `Content-Length` value: decimal digits only (400 otherwise), at most `maximumBodySize` (413 otherwise).
    private static func length(_ declared: Substring, maximumBodySize: Int) -> RequestFraming {
        let digits = declared.utf8
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return .refused(HTTPError(.badRequest, message: "The request’s Content-Length is not a number."))
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        // Eighteen digits always fit an Int; a longer number is over any limit an Int can state.
        guard significant.count <= 18, let value = significant.isEmpty ? 0 : Int(Substring(significant)),
            value <= maximumBodySize
        else {
            return .refused(HTTPError(.contentTooLarge))
        }
        return value == 0 ? .none : .length(value)
    }

    /// RFC 9110's `token`: what a field name may be (visible ASCII but delimiters, at least one).
    static func isToken(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"):
                true
            default:
                "!#$%&'*+-.^_`|~".utf8.contains(byte)
            }
        }
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingOptionalWhiteSpace: Substring {
        let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let bytes = utf8
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return self[first...last]
    }
}
