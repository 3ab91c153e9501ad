@testable import HTTPServer
import Testing
import TestSupport

/// SPEC §4: every request gets an answer or an immediate close — a bare CR in a field 400, an HTTP/1.1 request
/// without exactly one valid `Host` 400 — before the application sees it.
@Suite struct RequestHeadRulesTests {
    @Test(arguments: [
        ("a bare CR inside a value", "GET / HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n"),
        ("no Host on HTTP/1.1", "GET / HTTP/1.1\r\nX-A: a\r\n\r\n"),
        ("two Host fields", "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n"),
        ("two Host fields on HTTP/1.0", "GET / HTTP/1.0\r\nHost: a\r\nHost: a\r\n\r\n"),
        ("an unclosed IPv6 Host", "GET / HTTP/1.1\r\nHost: [::1\r\n\r\n"),
        ("a Host with a space", "GET / HTTP/1.1\r\nHost: a b\r\n\r\n"),
        ("a Host with a path", "GET / HTTP/1.1\r\nHost: a/b\r\n\r\n"),
        ("a Host with user information", "GET / HTTP/1.1\r\nHost: user@a\r\n\r\n"),
        ("a port beyond 65535", "GET / HTTP/1.1\r\nHost: a:65536\r\n\r\n"),
        ("an empty Host", "GET / HTTP/1.1\r\nHost:\r\n\r\n"),
    ])
    func aHeadBreakingTheRulesGets400AndTheConnectionClosed(_ what: String, _ request: String) throws {
        let served = Served()
        try withLiveServer(try served.targetRouter()) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.status == 400, "\(what)")
            #expect(client.waitForClose(), "\(what): the connection stayed open")
        }
        #expect(served.log.withLock { $0 }.isEmpty, "\(what): the application saw \(served.log.withLock { $0 })")
    }

    @Test(arguments: ["x", "example.com", "127.0.0.1:8080", "[::1]", "[::1]:443", "Tables.Example.LAN:1", "a_b~c"])
    func aValidHostIsServed(_ host: String) throws {
        let served = Served()
        try withLiveServer(try served.targetRouter()) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(3))
            try client.send("GET / HTTP/1.1\r\nHost: \(host)\r\n\r\n")
            #expect(try client.readResponse().status == 200, "\(host)")
            try client.send("GET / HTTP/1.0\r\n\r\n")
            #expect(try client.readResponse().status == 200, "HTTP/1.0 needs no Host")
        }
    }
}

/// The rules themselves, on field lists and bytes.
@Suite struct RequestHeadRulesDecisionTests {
    private func violation(_ fields: [(String, String)], version: String = "HTTP/1.1", target: String? = nil)
        -> Int?
    {
        RequestHeadRules.violation(version: version, headers: HTTPHeaders(fields.map { (name: $0.0, value: $0.1) }),
                                   absoluteTarget: target)?.status.code
    }

    /// Only HTTP/1.0 and 1.1 are served: libmicrohttpd lets `HTTP/1.2` through as if it were 1.1.
    @Test func otherVersionsAre505() {
        for version in ["HTTP/1.2", "HTTP/1.9", "HTTP/2.0", "HTTP/0.9", "http/1.1"] {
            #expect(violation([("Host", "x")], version: version) == 505, "\(version)")
        }
    }

    /// A target in absolute form names the host the request is for: it must be the one `Host` names.
    @Test func anAbsoluteTargetMustNameTheHostField() {
        #expect(violation([("Host", "tables.lan:8080")], target: "http://tables.lan:8080/tables/a") == nil)
        #expect(violation([("Host", "Tables.LAN:8080 ")], target: "http://tables.lan:8080?q=1") == nil)
        #expect(violation([("Host", "tables.lan:8080")], target: "http://evil.example/tables/a") == 400)
        #expect(violation([("Host", "tables.lan:8080")], target: "http://tables.lan/tables/a") == 400, "port")
        #expect(violation([("Host", "tables.lan")], target: "http://user@tables.lan/") == 400)
        #expect(violation([], version: "HTTP/1.0", target: "http://tables.lan/") == 400)
        #expect(violation([("Host", "x")], target: "*") == nil, "not a URL: left to the router")
    }

    @Test func exactlyOneValidHostOnHTTP11() {
        #expect(violation([("Host", "x")]) == nil)
        #expect(violation([("Host", "x:80 \t")]) == nil, "white space after a value is not part of it")
        #expect(violation([("host", "x:1")]) == nil)
        #expect(violation([]) == 400)
        #expect(violation([], version: "HTTP/1.0") == nil)
        #expect(violation([("Host", "x"), ("HOST", "x")]) == 400)
        #expect(violation([("Host", "[::1")], version: "HTTP/1.0") == 400)
    }

    @Test func aCarriageReturnInAnyValueIsRefused() {
        #expect(violation([("Host", "x"), ("X-A", "a\rb")]) == 400)
        #expect(violation([("Host", "x"), ("X-A", "a\r")]) == 400)
    }

    @Test(arguments: [
        ("x", true), ("a.b-c_d~e", true), ("192.0.2.1", true), ("192.0.2.1:80", true), ("[::1]", true),
        ("[2001:db8::1]:8443", true), ("[::ffff:192.0.2.1]", true), ("h:65535", true), ("h:00080", true),
        ("", false), (":80", false), ("h:", false), ("h:65536", false), ("h:123456", false), ("h:8a", false),
        ("[::1", false), ("::1", false), ("[::1]x", false), ("[]", false), ("[v1.x]", false), ("[::g]", false),
        ("a b", false), ("a/b", false), ("a@b", false), ("a%20b", false), ("a,b", false), ("a\u{7F}", false),
        ("é.example", false), (String(repeating: "a", count: 256), false),
    ])
    func hostSyntax(_ host: String, _ valid: Bool) {
        #expect(HostField.isValid(host) == valid, "\(host)")
    }
}
