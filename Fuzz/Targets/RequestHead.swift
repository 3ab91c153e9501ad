import HTTPServer

/// libFuzzer target `request-head`: the framing decisions the server makes on every request head —
/// `ReceivedHead` (lines libmicrohttpd does not list) and `RequestFraming.decide` (body delimiting).
///
/// The input is read as a request head. It is laid out as libmicrohttpd leaves a head in its buffer (NULs over
/// line ends and each line's first colon) with the fields it would list: lines with a non-empty name before the
/// colon. Deciding must not crash, and each verdict must keep the rules: a line with an empty name or a folded
/// line is found as unlisted content; an accepted body length comes from exactly one `Content-Length` of digits
/// within the limit and no `Transfer-Encoding`; chunked means one `chunked`, exactly as libmicrohttpd lists it,
/// on HTTP/1.1 and no length; no accepted head has a field name that is not a token.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequestHead(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limit = 1000
    // What libmicrohttpd leaves as NUL or white space: not content. (A lone CR becomes a NUL like a line end.)
    func isBlank(_ byte: UInt8) -> Bool { [0, 9, 10, 13, 32].contains(byte) }
    // Lines, as byte ranges, split on LF with an optional CR before it.
    var lines: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
        let end = index > start && bytes[index - 1] == UInt8(ascii: "\r") ? index - 1 : index
        lines.append(start..<end)
        start = index + 1
    }
    if start < bytes.count { lines.append(start..<bytes.count) }
    guard let requestLine = lines.first else { return 0 }
    let version = bytes[requestLine].split(separator: UInt8(ascii: " ")).last.map { String(decoding: $0, as: UTF8.self) }
        ?? ""
    var fields: [NameValuePair] = []
    var spans: [Range<Int>] = []
    var expectUnlisted = false
    for line in lines.dropFirst() {
        if line.isEmpty { break }
        let first = bytes[line.lowerBound]
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") {
            // A folded line: listed by nobody; unlisted content unless it is white space only.
            if bytes[line].contains(where: { !isBlank($0) }) {
                expectUnlisted = true
            }
            continue
        }
        guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")) else { continue }
        bytes[colon] = 0
        guard colon > line.lowerBound else {
            if bytes[(colon + 1)..<line.upperBound].contains(where: { !isBlank($0) }) { expectUnlisted = true }
            continue
        }
        let name = String(decoding: bytes[line.lowerBound..<colon], as: UTF8.self)
        var valueStart = colon + 1
        while valueStart < line.upperBound && (bytes[valueStart] == 32 || bytes[valueStart] == 9) { valueStart += 1 }
        fields.append(NameValuePair(name: name, value: String(decoding: bytes[valueStart..<line.upperBound], as: UTF8.self)))
        spans.append(line.lowerBound..<line.upperBound)
    }
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\r") || bytes[index] == UInt8(ascii: "\n") {
        bytes[index] = 0
    }
    let unlisted = bytes.withUnsafeBytes { head in
        ReceivedHead.hasUnlistedContent(head, requestLineEnd: requestLine.upperBound, fields: spans)
    }
    if expectUnlisted && !unlisted { preconditionFailure("an empty-name or folded line went unnoticed") }

    let framing = RequestFraming.decide(
        version: version, headers: HTTPHeaders(fields: fields), hasUnlistedLines: unlisted, maximumBodySize: limit)
    let lengths = fields.filter { $0.name.lowercased() == "content-length" }
    let codings = fields.filter { $0.name.lowercased() == "transfer-encoding" }
    func trimmed(_ text: String) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
    switch framing {
    case .refused(let error):
        if ![400, 413, 501].contains(error.status.code) { preconditionFailure("refused with \(error.status)") }
    case .none, .length, .chunked:
        if unlisted { preconditionFailure("accepted a head with unlisted lines") }
        let tokenCharacters = Set("!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".utf8)
        if fields.contains(where: { $0.name.isEmpty || !$0.name.utf8.allSatisfy(tokenCharacters.contains) }) {
            preconditionFailure("accepted a field name that is not a token")
        }
        if case .chunked = framing {
            if version != "HTTP/1.1" || codings.count != 1 || !lengths.isEmpty
                || codings[0].value.lowercased() != "chunked"
            { preconditionFailure("chunked accepted against the rules") }
        } else {
            if !codings.isEmpty || lengths.count > 1 { preconditionFailure("a length accepted beside another framing") }
            if let length = lengths.first {
                let digits = trimmed(length.value)
                guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
                    preconditionFailure("a Content-Length that is not digits was accepted")
                }
                let value = Int(digits.drop { $0 == "0" }) ?? 0
                let expected: RequestFraming = value == 0 ? .none : .length(value)
                if framing != expected || value > limit { preconditionFailure("wrong length for \(digits)") }
            } else if framing != .none {
                preconditionFailure("a body length without Content-Length")
            }
        }
    }
    return 0
}
