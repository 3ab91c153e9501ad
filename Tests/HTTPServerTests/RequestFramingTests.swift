@testable import HTTPServer
import Synchronization
import Testing
import TestSupport

/// SPEC §4: requests whose framing is ambiguous are refused with 400 and the connection closed, before the
/// application sees them; an unknown transfer coding gets 501 at once; a declared length over the limit 413.
@Suite struct RequestFramingTests {
    /// A router that counts what it serves, so a test can tell that a smuggled request was never seen.
    func router(served: Served) throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in served.log.withLock { $0.append("GET /") }; return .text("hi") }
        try router.get("/smuggled") { _, _ in served.log.withLock { $0.append("GET /smuggled") }; return .text("oops") }
        try router.post("/") { request, _ in
            served.log.withLock { $0.append("POST / \(request.body.count)") }
            return .text("posted")
        }
        return router
    }

    static let smuggled = "GET /smuggled HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test(arguments: [
        ("two Content-Length fields",
         "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nContent-Length: \(smuggled.utf8.count)\r\n\r\n" + smuggled),
        ("Content-Length and Transfer-Encoding",
         "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled),
        ("a field with an empty name", "GET / HTTP/1.1\r\nHost: x\r\n: x\r\n" + smuggled),
        ("white space before the colon",
         "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n" + smuggled),
        ("a tab before the colon", "GET / HTTP/1.1\r\nHost: x\r\nContent-Length\t: 3\r\n\r\n" + smuggled),
        ("Transfer-Encoding on HTTP/1.0",
         "POST / HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n" + smuggled),
        ("a folded header line", "GET / HTTP/1.1\r\nHost: x\r\nX-A: b\r\n Content-Length: 9\r\n\r\n" + smuggled),
        ("a Content-Length that is not a number", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: +3\r\n\r\nabc"),
        // libmicrohttpd reads these as a body that lasts until the connection closes, not as chunked.
        ("chunked with a space after it",
         "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked \r\n\r\n0\r\n\r\n" + smuggled),
        ("chunked with a tab after it",
         "POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\t\r\n\r\n0\r\n\r\n" + smuggled),
    ])
    func ambiguousFramingIsRefusedWith400AndTheConnectionClosed(_ what: String, _ request: String) throws {
        let served = Served()
        try withLiveServer(try router(served: served)) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(5))
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.status == 400, "\(what)")
            #expect(response.header("Connection") == "close", "\(what)")
            #expect(client.waitForClose(), "\(what): the connection stayed open")
        }
        #expect(served.log.withLock { $0 }.isEmpty, "\(what): the application saw \(served.log.withLock { $0 })")
    }

    @Test(arguments: ["gzip, chunked", "identity", "chunked, chunked", "gzip"])
    func aTransferCodingOtherThanChunkedGets501AtOnce(_ coding: String) throws {
        let served = Served()
        try withLiveServer(try router(served: served)) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \(coding)\r\n\r\n")
            let response = try client.readResponse(to: "POST")
            #expect(response.status == 501)
            #expect(client.waitForClose())
        }
        #expect(served.log.withLock { $0 }.isEmpty)
    }

    @Test(arguments: ["65537", "9223372036854775807", "9223372036854775808", "18446744073709551615",
                      "000000000000000000000000000065537"])
    func aDeclaredLengthOverTheLimitGets413BeforeTheBodyWhateverItsSize(_ length: String) throws {
        let served = Served()
        try withLiveServer(try router(served: served)) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: \(length)\r\n\r\n")
            #expect(try client.readResponse(to: "POST").status == 413)
            #expect(client.waitForClose())
        }
        #expect(served.log.withLock { $0 }.isEmpty)
    }

    @Test func wellFramedRequestsAreServedAsBefore() throws {
        let served = Served()
        try withLiveServer(try router(served: served)) { _, port in
            let client = try TestClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc")
            #expect(try client.readResponse(to: "POST").status == 200)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nab\r\n0\r\n\r\n")
            #expect(try client.readResponse(to: "POST").status == 200)
            try client.send("GET /?q=HTTP/1.1 HTTP/1.1\r\nHost: x\r\nX-Empty:\r\nX-Spaces:   v   \r\n\r\n")
            #expect(try client.readResponse().status == 200)
            try client.send("GET / HTTP/1.0\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
        #expect(served.log.withLock { $0 } == ["POST / 3", "POST / 2", "GET /", "GET /"])
    }
}

extension RequestFramingTests {
    /// The head checks hold for every request of a keep-alive connection, not only the first, and an extra line
    /// break between pipelined requests (which RFC 9112 lets a server ignore) is not mistaken for one.
    @Test func everyPipelinedRequestIsCheckedAndStraysAreIgnored() throws {
        let served = Served()
        try withLiveServer(try router(served: served)) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(5))
            try client.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n"
                + "GET / HTTP/1.1\r\nHost: x\r\n: x\r\n" + Self.smuggled)
            #expect(try client.readResponse().status == 200)
            #expect(try client.readResponse().status == 200)
            #expect(try client.readResponse().status == 400)
            #expect(client.waitForClose())
        }
        #expect(served.log.withLock { $0 } == ["GET /", "GET /"])
    }
}

/// What the application served, across the server's threads.
final class Served: Sendable {
    let log = Mutex<[String]>([])

    /// A router answering `GET /` (any query) that logs `GET {target}` here.
    func targetRouter() throws -> Router {
        var router = Router()
        try router.get("/") { [self] request, _ in
            log.withLock { $0.append("GET \(request.target)") }
            return .text("hi")
        }
        return router
    }
}

/// The decisions themselves, on field lists.
@Suite struct RequestFramingDecisionTests {
    private func decide(_ fields: [(String, String)], version: String = "HTTP/1.1", unlisted: Bool = false)
        -> RequestFraming
    {
        RequestFraming.decide(
            version: version, headers: HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }),
            hasUnlistedLines: unlisted, maximumBodySize: 100)
    }

    private func status(_ framing: RequestFraming) -> Int? {
        if case .refused(let error) = framing { return error.status.code }
        return nil
    }

    @Test func theOrdinaryCases() {
        #expect(decide([("Host", "x")]) == RequestFraming.none)
        #expect(decide([("Content-Length", "0")]) == RequestFraming.none)
        #expect(decide([("content-length", "100")]) == .length(100))
        #expect(decide([("Transfer-Encoding", "chunked")]) == .chunked)
    }

    @Test func lengthsAreComparedWithoutOverflow() {
        #expect(status(decide([("Content-Length", "101")])) == 413)
        #expect(status(decide([("Content-Length", String(repeating: "9", count: 400))])) == 413)
        #expect(status(decide([("Content-Length", "18446744073709551616")])) == 413)
        #expect(status(decide([("Content-Length", "-1")])) == 400)
        #expect(status(decide([("Content-Length", "1 2")])) == 400)
        #expect(status(decide([("Content-Length", "")])) == 400)
    }

    @Test func ambiguityIs400BeforeAnythingElse() {
        #expect(status(decide([("Content-Length", "1"), ("Content-Length", "1")])) == 400)
        #expect(status(decide([("Content-Length", "1000"), ("Transfer-Encoding", "gzip")])) == 400)
        #expect(status(decide([("Transfer-Encoding", "chunked")], version: "HTTP/1.0")) == 400)
        #expect(status(decide([("Host ", "x")])) == 400)
        #expect(status(decide([("", "x")])) == 400)
        #expect(status(decide([("Host", "x")], unlisted: true)) == 400)
    }

    /// A field name may hold letters, digits and RFC 9110's token symbols, and no other byte.
    @Test func everyByteOfAFieldNameIsATokenByteOrRefused() {
        let symbols = Set("!#$%&'*+-.^_`|~".utf8)
        var wrong: [UInt8] = []
        for byte in UInt8.min...UInt8.max {
            let isToken = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
                || symbols.contains(byte)
            var headers = HTTPHeaders()
            let name: [UInt8] = Array("X-".utf8) + [byte], value: [UInt8] = Array("v".utf8)
            name.withUnsafeBytes { name in value.withUnsafeBytes { headers.add(name: name, value: $0) } }
            let framing = RequestFraming.decide(version: "HTTP/1.1", headers: headers, hasUnlistedLines: false,
                                                maximumBodySize: 100)
            if (status(framing) == nil) != isToken { wrong.append(byte) }
        }
        #expect(wrong.isEmpty, "\(wrong)")
    }

    /// libmicrohttpd drops white space before a value and keeps it after, and reads `chunked` only exactly (in any
    /// case): a value it would read otherwise than the server is ambiguous.
    @Test func chunkedIsChunkedOnlyAsLibmicrohttpdReadsIt() {
        #expect(decide([("Transfer-Encoding", "Chunked")]) == .chunked)
        #expect(status(decide([("Transfer-Encoding", "chunked ")])) == 400)
        #expect(status(decide([("Transfer-Encoding", "chunked\t")])) == 400)
        #expect(status(decide([("Transfer-Encoding", "chunked \t ")])) == 400)
        #expect(status(decide([("Transfer-Encoding", "chunkedx")])) == 501)
    }

    @Test func unknownCodingsAre501() {
        #expect(status(decide([("Transfer-Encoding", "gzip, chunked")])) == 501)
        #expect(status(decide([("Transfer-Encoding", "chunked"), ("Transfer-Encoding", "chunked")])) == 501)
    }
}
