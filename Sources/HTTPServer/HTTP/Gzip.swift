import CZlib

/// gzip (RFC 1952), the content coding the server sends to clients that accept it (SPEC §4), through Debian's zlib.
///
/// The server decides per response (``HTTPServer``): a body worth compressing (``isWorthCompressing(_:)``) goes out
/// gzip-compressed when the request's `Accept-Encoding` accepts gzip, with `Vary: Accept-Encoding` on both forms.
public enum Gzip {
    /// Bodies shorter than this go out as they are: the gzip header and trailer alone take 18 bytes, and a short
    /// page fits one packet either way.
    public static let minimumSize = 512

    /// The level responses are compressed at: zlib's fastest. A page is compressed again whenever it changes, so on
    /// every tap, between the POST and the page the reader waits for. On the 2,000-row page (971 KB) level 1 takes
    /// 3.5 ms where gzip's default, 6, takes 11.5 ms, for 36 KB on the wire instead of 30 KB (Debian's zlib, one
    /// core): the 6 KB cost a network far less than the 8 ms do.
    public static let responseLevel: Int32 = 1

    /// `bytes` in the gzip format, compressed at `level` (1 fastest … 9 smallest; 6 is gzip's default).
    public static func compress(_ bytes: [UInt8], level: Int32 = responseLevel) -> [UInt8] {
        var stream = z_stream()
        guard czlib_deflate_init_gzip(&stream, level) == Z_OK else {
            preconditionFailure("zlib: deflateInit2 failed (out of memory)")
        }
        defer { deflateEnd(&stream) }
        // With room for the worst case, one call compresses everything.
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))))
        let result: Int32 = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { output in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = UInt32(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(result == Z_STREAM_END, "zlib: deflate did not finish within deflateBound")
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// Whether an `Accept-Encoding` value accepts gzip (RFC 9110 §12.5.3): `gzip` or `x-gzip` with a non-zero
    /// quality, or `*` with a non-zero quality when gzip is not named. No header means no coding is wanted.
    ///
    /// Read on the value's bytes: it comes with nearly every request.
    public static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard var value = acceptEncoding else { return false }
        return value.withUTF8(isAccepted(by:))
    }

    /// ``isAccepted(by:)-(String?)`` on a value's bytes.
    static func isAccepted(by bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var wildcard = false
        var start = 0
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: ",")) ?? bytes.count
            let item = UnsafeBufferPointer(rebasing: bytes[start..<end])
            let codingEnd = item.firstIndex(of: UInt8(ascii: ";")) ?? item.count
            let coding = trimmed(UnsafeBufferPointer(rebasing: item[..<codingEnd]))
            let accepted = hasNonZeroQuality(UnsafeBufferPointer(rebasing: item[codingEnd...]))
            if equalsLowercased(coding, "gzip") || equalsLowercased(coding, "x-gzip") { return accepted }
            if coding.count == 1 && coding[0] == UInt8(ascii: "*") { wildcard = accepted }
            start = end + 1
        }
        return wildcard
    }

    /// Whether the parameters of an item (`;q=0.5`, from the first `;`) leave its quality above zero: a `q` of
    /// `0`, `0.` or `0.000` refuses; anything else, malformed values included, does not.
    private static func hasNonZeroQuality(_ parameters: UnsafeBufferPointer<UInt8>) -> Bool {
        var start = 0
        while start < parameters.count {
            let end = parameters[(start + 1)...].firstIndex(of: UInt8(ascii: ";")) ?? parameters.count
            let parameter = trimmed(UnsafeBufferPointer(rebasing: parameters[(start + 1)..<Swift.max(start + 1, end)]))
            if parameter.count >= 2, parameter[0] | 0x20 == UInt8(ascii: "q"), parameter[1] == UInt8(ascii: "=") {
                let quality = trimmed(UnsafeBufferPointer(rebasing: parameter[2...]))
                let isZero = quality.first == UInt8(ascii: "0")
                    && (quality.count == 1 || (quality[1] == UInt8(ascii: ".")
                        && quality[2...].allSatisfy { $0 == UInt8(ascii: "0") }))
                if isZero { return false }
            }
            start = end
        }
        return true
    }

    private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var lower = 0, upper = bytes.count
        while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
        while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[lower..<upper])
    }

    private static func equalsLowercased(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        bytes.count == lowercase.utf8CodeUnitCount
            && zip(bytes, UnsafeBufferPointer(start: lowercase.utf8Start, count: lowercase.utf8CodeUnitCount))
                .allSatisfy { $0.asciiLowercased == $1 }
    }

    /// Whether `response` is worth compressing: a body of at least ``minimumSize`` bytes, of a textual type
    /// (`text/*`, JSON, SVG, XML, JavaScript), not already encoded.
    public static func isWorthCompressing(_ response: Response) -> Bool {
        guard response.body.count >= minimumSize, !response.headers.contains("Content-Encoding"),
            let type = response.headers["Content-Type"]
        else { return false }
        let essence = type.utf8.prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") }
        func starts(with prefix: String, whole: Bool) -> Bool {
            (whole ? essence.count == prefix.utf8.count : essence.count >= prefix.utf8.count)
                && zip(essence, prefix.utf8).allSatisfy { $0.asciiLowercased == $1 }
        }
        return starts(with: "text/", whole: false) || textualApplicationTypes.contains { starts(with: $0, whole: true) }
    }

    private static let textualApplicationTypes = [
        "application/json", "image/svg+xml", "application/xml", "application/javascript",
    ]

    /// The gzip form of a response worth compressing: the body compressed, `Content-Encoding: gzip`, and a strong
    /// `ETag` made weak, as nginx does: a strong tag names exact bytes, which the compressed ones are not, while a
    /// weak one names the same content in any form (RFC 9110 §8.8.1), and `If-None-Match` compares weakly, so the
    /// compressed form still revalidates to 304.
    static func encoded(_ response: Response) -> Response {
        var encoded = response
        encoded.body = compress(response.body)
        encoded.headers["Content-Encoding"] = "gzip"
        if let tag = response.headers["ETag"], tag.hasPrefix("\"") {
            encoded.headers["ETag"] = "W/" + tag
        }
        return encoded
    }

    /// `response` with `Accept-Encoding` added to its `Vary` field, as both forms of a compressible response carry.
    static func varying(_ response: Response) -> Response {
        var varied = response
        if let vary = response.headers["Vary"] {
            let named = vary.split(separator: ",").contains { $0.trimmingHTTPWhitespace().equalsIgnoringASCIICase("Accept-Encoding") }
            if !named { varied.headers["Vary"] = vary + ", Accept-Encoding" }
        } else {
            varied.headers["Vary"] = "Accept-Encoding"
        }
        return varied
    }
}
