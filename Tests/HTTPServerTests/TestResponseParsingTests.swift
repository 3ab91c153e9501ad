import Testing
import TestSupport

/// The raw client's response parser, fed bytes directly.
@Suite struct TestResponseParsingTests {
    private func parse(_ text: String, method: String = "GET", atEnd: Bool = false) throws -> (TestResponse, Int)? {
        try TestResponse.parse(Array(text.utf8), requestMethod: method, atEndOfStream: atEnd).map { ($0.0, $0.1) }
    }

    @Test func contentLengthBodyEndsAtItsLength() throws {
        let (response, consumed) = try #require(try parse("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabcNEXT"))
        #expect(response.status == 200)
        #expect(response.reason == "OK")
        #expect(response.text == "abc")
        #expect(response.framing == .contentLength)
        #expect(consumed == 41)
    }

    @Test func incompleteResponsesNeedMoreBytes() throws {
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nab") == nil)
        #expect(try parse("HTTP/1.1 200 OK\r\nContent-") == nil)
        #expect(try parse("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n") == nil)
    }

    @Test func chunkedBodyIsDechunkedWithTrailers() throws {
        let text = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\nA\r\n0123456789\r\n0\r\n"
            + "X-Trailer: t\r\n\r\n"
        let (response, consumed) = try #require(try parse(text))
        #expect(response.text == "abc0123456789")
        #expect(response.framing == .chunked)
        #expect(consumed == text.utf8.count)
    }

    @Test func headAnswerHasNoBodyDespiteContentLength() throws {
        let (response, _) = try #require(try parse("HTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n", method: "HEAD"))
        #expect(response.body.isEmpty)
        #expect(response.header("content-length") == "9")
        #expect(response.framing == .none)
    }

    @Test func bodyWithoutFramingRunsToTheEndOfTheStream() throws {
        #expect(try parse("HTTP/1.0 200 OK\r\n\r\nall of it") == nil)
        let (response, _) = try #require(try parse("HTTP/1.0 200 OK\r\n\r\nall of it", atEnd: true))
        #expect(response.text == "all of it")
        #expect(response.framing == .untilClose)
    }

    @Test func repeatedHeadersAreKept() throws {
        let text = "HTTP/1.1 204 No Content\r\nSet-Cookie: a=1\r\nset-cookie: b=2\r\n\r\n"
        let (response, _) = try #require(try parse(text))
        #expect(response.headers(named: "Set-Cookie") == ["a=1", "b=2"])
    }

    @Test func closeTokenIsRecognised() throws {
        let (response, _) = try #require(try parse("HTTP/1.1 204 No Content\r\nConnection: Keep-Alive, Close\r\n\r\n"))
        #expect(response.closesConnection)
    }

    @Test func garbageIsMalformed() {
        #expect(throws: TestClientError.self) { try parse("SSH-2.0-OpenSSH\r\n\r\n") }
        #expect(throws: TestClientError.self) {
            try parse("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nab", atEnd: true)
        }
    }
}
