import HTTPServer
import Synchronization
import Testing
import TestSupport

/// The server over real loopback connections.
@Suite struct LiveServerTests {
    private struct Broken: Error {}

    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .html("<p>home</p>") }
        try router.post("/echo") { request, _ in Response(body: request.body) }
        try router.get("/inspect") { request, _ in
            .text("""
                query=\(request.query.fields.map { "\($0.name):\($0.value)" }.joined(separator: ","))
                cookie=\(request.cookies["sid"] ?? "-")
                agent=\(request.headers["user-agent"] ?? "-")
                """)
        }
        try router.get("/cookies") { _, _ in
            var response = Response.text("ok")
            response.setCookie(SetCookie(name: "a", value: "1"))
            response.setCookie(SetCookie(name: "b", value: "2"))
            return response
        }
        try router.get("/broken") { _, _ in throw Broken() }
        try router.get("/forbidden") { _, _ in throw HTTPError(.forbidden, message: "Not for you.") }
        try router.get("/bad-header") { _, _ in Response(headers: ["X-Injected": "a\r\nEvil: 1"]) }
        return router
    }

    @Test func twoRequestsShareOneConnection() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            let first = try client.request("GET", "/")
            let second = try client.request("GET", "/")
            #expect(first.status == 200 && second.status == 200)
            #expect(!first.closesConnection && !second.closesConnection)
            #expect(second.text == "<p>home</p>")
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            try client.send(TestClient.requestBytes("POST", "/echo", host: "x", body: Array("one".utf8))
                + TestClient.requestBytes("POST", "/echo", host: "x", body: Array("two".utf8)))
            #expect(try client.readResponse(to: "POST").text == "one")
            #expect(try client.readResponse(to: "POST").text == "two")
        }
    }

    @Test func headIsAnsweredLikeGetWithoutABody() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            let head = try client.request("HEAD", "/")
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "11")
            #expect(head.header("Content-Type") == "text/html; charset=utf-8")
            // Were a body sent after the HEAD answer, this response would be read from its bytes.
            let get = try client.request("GET", "/")
            #expect(get.text == "<p>home</p>")
        }
    }

    @Test func responsesCarryDateAndContentLength() throws {
        try withLiveServer(try router()) { _, port in
            let response = try TestClient(port: port).request("GET", "/")
            #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            #expect(response.framing == .contentLength)
        }
    }

    @Test func unknownPathIs404WithAnErrorPage() throws {
        try withLiveServer(try router()) { _, port in
            let response = try TestClient(port: port).request("GET", "/nowhere")
            #expect(response.status == 404)
            #expect(response.header("Content-Type") == "text/html; charset=utf-8")
            #expect(response.text.contains("404 Not Found"))
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            let response = try client.request("DELETE", "/")
            #expect(response.status == 405)
            #expect(response.header("Allow") == "GET, HEAD")
            #expect(try client.request("GET", "/echo").header("Allow") == "POST")
        }
    }

    /// Answers with the method it was asked with.
    private struct MethodEcho: HTTPResponder {
        func respond(to request: Request) throws -> Response {
            let known = [HTTPMethod.get, .head, .post].contains(request.method)
            return .text("\(request.method.rawValue) \(known ? "known" : "other")")
        }
    }

    /// The server reads the common methods as their static values and any other token as sent, case and all.
    @Test func theMethodReachesTheResponderAsSent() throws {
        try withLiveServer(MethodEcho()) { _, port in
            let client = try TestClient(port: port)
            #expect(try client.request("GET", "/").text == "GET known")
            #expect(try client.request("POST", "/").text == "POST known")
            #expect(try client.request("PROPFIND", "/").text == "PROPFIND other")
            #expect(try client.request("GETS", "/").text == "GETS other")
            #expect(try client.request("get", "/").text == "get other")
            #expect(try client.request("HEAD", "/").status == 200)
        }
    }

    @Test func invalidPercentEncodingInPathIs400() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            #expect(try client.request("GET", "/%zz").status == 400)
            #expect(try client.request("GET", "/%FF").status == 400)
        }
    }

    @Test func bodyWithinTheLimitReachesTheHandler() throws {
        try withLiveServer(try router(), configure: { $0.maximumBodySize = 100 }) { _, port in
            let body = [UInt8](repeating: UInt8(ascii: "b"), count: 100)
            let response = try TestClient(port: port).request("POST", "/echo", body: body)
            #expect(response.body == body)
        }
    }

    @Test func declaredBodyOverTheLimitIs413WithoutReadingIt() throws {
        let calls = Atomic<Int>(0)
        var router = Router()
        try router.post("/echo") { _, _ in
            calls.add(1, ordering: .relaxed)
            return Response()
        }
        try withLiveServer(router, configure: { $0.maximumBodySize = 100 }) { _, port in
            let client = try TestClient(port: port)
            // Only the headers are sent: the answer must not wait for the body.
            try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\n")
            let response = try client.readResponse(to: "POST")
            #expect(response.status == 413)
            #expect(response.closesConnection)
            #expect(client.waitForClose())
        }
        #expect(calls.load(ordering: .relaxed) == 0)
    }

    @Test func chunkedBodyOverTheLimitIs413() throws {
        try withLiveServer(try router(), configure: { $0.maximumBodySize = 100 }) { _, port in
            let client = try TestClient(port: port)
            let chunk = "40\r\n" + String(repeating: "c", count: 64) + "\r\n"
            try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + chunk + chunk + chunk + "0\r\n\r\n")
            let response = try client.readResponse(to: "POST")
            #expect(response.status == 413)
            #expect(client.waitForClose())
        }
    }

    @Test func chunkedBodyWithinTheLimitIsReassembled() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            try client.send("POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "3\r\nabc\r\n2\r\nde\r\n0\r\n\r\n")
            #expect(try client.readResponse(to: "POST").text == "abcde")
        }
    }

    @Test func queryHeadersAndCookiesReachTheHandler() throws {
        try withLiveServer(try router()) { _, port in
            let response = try TestClient(port: port).request(
                "GET", "/inspect?a=1&a=2&b=x+y%21",
                headers: [("User-Agent", "raw-test"), ("Cookie", "theme=dark; sid=s123")]
            )
            #expect(response.text == "query=a:1,a:2,b:x y!\ncookie=s123\nagent=raw-test")
        }
    }

    @Test func everyCookieGetsItsOwnSetCookieField() throws {
        try withLiveServer(try router()) { _, port in
            let response = try TestClient(port: port).request("GET", "/cookies")
            #expect(response.headers(named: "Set-Cookie") == ["a=1; Path=/; HttpOnly; SameSite=Lax",
                                                              "b=2; Path=/; HttpOnly; SameSite=Lax"])
        }
    }

    @Test func thrownHTTPErrorKeepsItsStatus() throws {
        try withLiveServer(try router()) { _, port in
            let response = try TestClient(port: port).request("GET", "/forbidden")
            #expect(response.status == 403)
            #expect(response.text.contains("Not for you."))
        }
    }

    @Test func otherThrownErrorsAre500AndLogged() throws {
        let lines = Mutex<[String]>([])
        let errorPage = ErrorPage(log: { line in lines.withLock { $0.append(line) } })
        try withLiveServer(try router(), errorPage: errorPage) { _, port in
            let response = try TestClient(port: port).request("GET", "/broken")
            #expect(response.status == 500)
        }
        #expect(lines.withLock { $0.count } == 1)
    }

    @Test func responseHeaderWithALineBreakBecomes500() throws {
        try withLiveServer(try router()) { _, port in
            let response = try TestClient(port: port).request("GET", "/bad-header")
            #expect(response.status == 500)
            #expect(response.header("Evil") == nil)
        }
    }

    @Test func securityHeadersAreOnEveryResponse() throws {
        let csp = "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'"
        try withLiveServer(try router(), configure: { $0.maximumBodySize = 10 }) { _, port in
            let client = try TestClient(port: port)
            let responses = [
                try client.request("GET", "/"),
                try client.request("HEAD", "/"),
                try client.request("GET", "/nowhere"),
                try client.request("PUT", "/"),
                try client.request("GET", "/broken"),
                try client.request("GET", "/%zz"),
                try client.request("POST", "/echo", body: Array(repeating: 0, count: 11)),
            ]
            for response in responses {
                #expect(response.header("Content-Security-Policy") == csp, "\(response.status)")
                #expect(response.header("X-Content-Type-Options") == "nosniff", "\(response.status)")
                #expect(response.header("Referrer-Policy") == "same-origin", "\(response.status)")
            }
        }
    }

    @Test func accessLogRecordsEveryRequest() throws {
        let entries = Mutex<[AccessLogEntry]>([])
        try withLiveServer(try router(), configure: { configuration in
            configuration.accessLog = AccessLog { entry in entries.withLock { $0.append(entry) } }
        }) { _, port in
            let client = try TestClient(port: port)
            try client.request("GET", "/?q=1")
            try client.request("HEAD", "/")
            try client.request("GET", "/nowhere")
        }
        let logged = entries.withLock { $0 }
        #expect(logged.map { "\($0.method) \($0.target) \($0.status.code) \($0.bodyBytes)" } == [
            "GET /?q=1 200 11", "HEAD / 200 0", "GET /nowhere 404 \(logged.last?.bodyBytes ?? -1)",
        ])
        #expect(logged.allSatisfy { $0.microseconds >= 0 })
    }

    @Test func accessLogLineEscapesControlCharacters() {
        let entry = AccessLogEntry(method: .get, target: "/a b\u{1B}\\", status: .ok, bodyBytes: 3, microseconds: 42)
        #expect(entry.line == "GET /a\\x20b\\x1b\\x5c 200 3 42us")
    }
}
