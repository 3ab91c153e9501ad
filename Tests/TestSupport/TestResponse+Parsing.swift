extension TestResponse {
    /// Parses one response from the start of `bytes`.
    ///
    /// - Parameters:
    ///   - requestMethod: the method of the request it answers (a `HEAD` answer has no body).
    ///   - atEndOfStream: whether the server has closed the connection, which ends a body that has neither
    ///     `Content-Length` nor chunked framing.
    /// - Returns: the response and the number of bytes it took, or nil when more bytes are needed.
    public static func parse(
        _ bytes: some Collection<UInt8>,
        requestMethod: String = "GET",
        atEndOfStream: Bool = false
    ) throws(TestClientError) -> (response: TestResponse, consumed: Int)? {
        let bytes = Array(bytes)
        guard let headEnd = bytes.firstRange(of: crlfcrlf) else {
            if atEndOfStream { throw .malformedResponse("the connection closed inside the response head") }
            return nil
        }
        let headLines = String(decoding: bytes[..<headEnd.lowerBound], as: UTF8.self)
            .split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusParts = headLines[0].split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard statusParts.count >= 2, statusParts[0].hasPrefix("HTTP/"), let status = Int(statusParts[1]) else {
            throw .malformedResponse("bad status line: \(headLines[0])")
        }
        var headers: [(name: String, value: String)] = []
        for line in headLines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .malformedResponse("bad header line: \(line)") }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingSpaces()))
        }
        var response = TestResponse(
            version: String(statusParts[0]),
            status: status,
            reason: statusParts.count > 2 ? String(statusParts[2]) : "",
            headers: headers,
            body: [],
            framing: .none
        )
        let bodyStart = headEnd.upperBound
        if requestMethod == "HEAD" || (100..<200).contains(status) || status == 204 || status == 304 {
            return (response, bodyStart)
        }
        if let encoding = response.header("Transfer-Encoding"), encoding.lowercased().hasSuffix("chunked") {
            response.framing = .chunked
            guard let (body, end) = try decodeChunked(bytes, from: bodyStart) else {
                if atEndOfStream { throw .malformedResponse("the connection closed inside a chunked body") }
                return nil
            }
            response.body = body
            return (response, end)
        }
        if let lengthText = response.header("Content-Length") {
            guard let length = Int(lengthText), length >= 0 else {
                throw .malformedResponse("bad Content-Length: \(lengthText)")
            }
            response.framing = .contentLength
            guard bytes.count - bodyStart >= length else {
                if atEndOfStream { throw .malformedResponse("the connection closed before the body's end") }
                return nil
            }
            response.body = Array(bytes[bodyStart..<bodyStart + length])
            return (response, bodyStart + length)
        }
        guard atEndOfStream else { return nil }
        response.framing = .untilClose
        response.body = Array(bytes[bodyStart...])
        return (response, bytes.count)
    }

    /// The de-chunked body and the index after its trailers, or nil when incomplete.
    private static func decodeChunked(_ bytes: [UInt8], from start: Int) throws(TestClientError) -> ([UInt8], Int)? {
        var body: [UInt8] = []
        var position = start
        while true {
            guard let lineEnd = bytes[position...].firstRange(of: crlf) else { return nil }
            let sizeText = String(decoding: bytes[position..<lineEnd.lowerBound], as: UTF8.self)
                .split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingSpaces()
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                throw .malformedResponse("bad chunk size: \(sizeText)")
            }
            position = lineEnd.upperBound
            if size == 0 { break }
            guard bytes.count - position >= size + 2 else { return nil }
            body.append(contentsOf: bytes[position..<position + size])
            guard bytes[position + size] == 13, bytes[position + size + 1] == 10 else {
                throw .malformedResponse("a chunk does not end with CRLF")
            }
            position += size + 2
        }
        // Trailer fields, then an empty line.
        while true {
            guard let lineEnd = bytes[position...].firstRange(of: crlf) else { return nil }
            let isEmpty = lineEnd.lowerBound == position
            position = lineEnd.upperBound
            if isEmpty { return (body, position) }
        }
    }

    private static let crlf: [UInt8] = [13, 10]
    private static let crlfcrlf: [UInt8] = [13, 10, 13, 10]
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
