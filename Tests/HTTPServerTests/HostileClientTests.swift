import Dispatch
import Glibc
import HTTPServer
import Synchronization
import Testing
import TestSupport

/// Clients that misbehave — slowly, hugely, in bulk or not in HTTP at all — get a 4xx or a closed connection,
/// never a 5xx, and never stop the server from serving everybody else.
@Suite struct HostileClientTests {
    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        try router.get("/echo/{word}") { _, parameters in .text(parameters["word"] ?? "") }
        try router.post("/") { request, _ in .text("posted \(request.body.count)") }
        return router
    }

    /// The status of the answer to a misbehaving client, or nil when the server closed the connection instead.
    /// Neither within the client's timeout is an issue: the server must not leave such a client hanging.
    private func outcome(_ client: TestClient, method: String = "GET") -> Int? {
        do {
            return try client.readResponse(to: method).status
        } catch {
            #expect(error != .timedOut, "neither an answer nor a close")
            return nil
        }
    }

    /// The best of `tries` timings of a fresh connection's `GET /` that is answered 200.
    private static func bestLatency(port: Int, tries: Int = 3) -> Duration? {
        var best: Duration?
        for _ in 0..<tries {
            let clock = ContinuousClock()
            let start = clock.now
            guard let response = try? TestClient(port: port, timeout: .seconds(10)).request("GET", "/"),
                response.status == 200
            else { continue }
            best = min(best ?? .seconds(3600), clock.now - start)
        }
        return best
    }

    /// The slow clients all come from loopback here, as if from many addresses: the per-address cap, which alone
    /// would close most of them on accept, is lifted, so that it is the watchdog and the timeouts that are tested.
    @Test func slowlorisConnectionsDoNotKeepANormalVisitorWaiting() throws {
        try withLiveServer(try router(), configure: { $0.maximumConnectionsPerAddress = 1_000 }) { server, port in
            // 300 connections that each send a request line and then one header line per second.
            let slow = try (0..<300).map { _ in try TestClient(port: port, timeout: .seconds(20)) }
            for client in slow { try client.send("GET / HTTP/1.1\r\nHost: x\r\n") }
            // A normal visitor comes by while they trickle in (best of three, for a loaded machine).
            let measured = DispatchSemaphore(value: 0)
            let latency = Mutex<Duration?>(nil)
            for round in 0..<3 {
                sleep(1)
                for client in slow { try? client.send("X-Slow-\(round): \(String(repeating: "z", count: 20))\r\n") }
                if round == 0 {
                    DispatchQueue.global().async {
                        let best = Self.bestLatency(port: port)
                        latency.withLock { $0 = best }
                        measured.signal()
                    }
                }
            }
            measured.wait()
            let best = try #require(latency.withLock { $0 }, "the normal visitor was never served")
            #expect(best < .seconds(1), "a normal visitor waited \(best) behind 300 slow clients")
            // Once they finish their headers, the slow clients are answered too: nothing was lost, no 5xx.
            for client in slow { try client.send("\r\n") }
            let statuses = slow.map { outcome($0) }
            #expect(statuses.allSatisfy { $0 == 200 }, "\(Set(statuses.map { $0.map(String.init) ?? "closed" }))")
            #expect(server.requestsInFlight <= slow.count)
        }
    }

    @Test(arguments: [
        ("a request line too long",
         "GET /echo/" + String(repeating: "a", count: 40_000) + " HTTP/1.1\r\nHost: x\r\n\r\n"),
        ("a header too long",
         "GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "b", count: 40_000) + "\r\n\r\n"),
        ("too many header fields", "GET / HTTP/1.1\r\nHost: x\r\n"
            + (0..<3000).map { "X-Field-\($0): v\r\n" }.joined() + "\r\n"),
        ("a cookie too long",
         "GET / HTTP/1.1\r\nHost: x\r\nCookie: " + String(repeating: "c=1; ", count: 8000) + "\r\n\r\n"),
    ])
    func requestsOverTheLimitsGetA4xxOrAClosedConnection(_ what: String, _ request: String) throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port, timeout: .seconds(10))
            try? client.send(request)
            let status = outcome(client)
            #expect(status == nil || (400..<500).contains(status!), "\(what): \(status.map(String.init) ?? "closed")")
            #expect(try TestClient(port: port).request("GET", "/").status == 200)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withLiveServer(try router()) { _, port in
            let client = try TestClient(port: port)
            var bytes: [UInt8] = []
            for word in ["one", "two", "three"] {
                bytes += TestClient.requestBytes("GET", "/echo/\(word)", host: "x")
            }
            bytes += TestClient.requestBytes("POST", "/", host: "x", body: Array("12345".utf8))
            bytes += TestClient.requestBytes("GET", "/echo/four", host: "x")
            try client.send(bytes)
            #expect(try client.readResponse().text == "one")
            #expect(try client.readResponse().text == "two")
            #expect(try client.readResponse().text == "three")
            #expect(try client.readResponse(to: "POST").text == "posted 5")
            #expect(try client.readResponse().text == "four")
        }
    }

    /// A client that gives up halfway loses its request; its connection slot comes back at once when its close
    /// arrives on its own, and by the idle timeout at the latest when it arrives with the last bytes
    /// (libmicrohttpd's edge-triggered epoll reads the bytes and notices the close only at the timeout).
    @Test(arguments: [
        ("mid-body", "POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n0123456789"),
        ("mid-headers", "GET / HTTP/1.1\r\nHost: x\r\nX-Half"),
    ], [false, true])
    func aClientThatDisconnectsHalfwayIsForgotten(
        _ halfway: (when: String, request: String), pausesBeforeClosing: Bool
    ) throws {
        let (when, request) = halfway
        try withLiveServer(try router(), configure: { $0.idleTimeout = .seconds(1) }) { server, port in
            for _ in 0..<20 {
                let client = try TestClient(port: port)
                try client.send(request)
                if pausesBeforeClosing { usleep(50_000) }
                client.close()
            }
            #expect(try TestClient(port: port).request("GET", "/").status == 200)
            #expect(waitUntil { server.requestsInFlight == 0 }, "\(when): \(server.requestsInFlight) still counted")
        }
    }

    @Test func aTLSClientHelloOnThePlainPortGetsA400OrAClose() throws {
        try withLiveServer(try router(), configure: { $0.idleTimeout = .seconds(1) }) { _, port in
            let client = try TestClient(port: port)
            try? client.send(Self.tlsClientHello)
            let status = outcome(client)
            #expect(status == nil || status == 400, "\(status.map(String.init) ?? "closed")")
            #expect(try TestClient(port: port).request("GET", "/").status == 200)
        }
    }

    /// Bytes starting with NUL read as an empty line to libmicrohttpd, which skips empty lines before a request
    /// line and so waits: such a client is closed by the idle timeout (1 s here) rather than answered.
    @Test func garbageBytesGetA4xxOrAClose() throws {
        try withLiveServer(try router(), configure: { $0.idleTimeout = .seconds(1) }) { _, port in
            for length in [1, 7, 64, 500, 4000, 20_000] {
                let client = try TestClient(port: port, timeout: .seconds(10))
                // Fixed pseudo-random bytes (Knuth's multiplicative hash of the index), so a failure replays.
                let garbage = (0..<length).map { UInt8(truncatingIfNeeded: ($0 &* 2_654_435_761) >> 11) }
                try? client.send(garbage + Array("\r\n\r\n".utf8))
                let status = outcome(client)
                #expect(status == nil || (400..<500).contains(status!), "\(length) bytes: \(status!)")
            }
            #expect(try TestClient(port: port).request("GET", "/").status == 200)
        }
    }

    /// A TLS 1.2/1.3 ClientHello as a browser sends it first on an `https://` URL (record header, handshake
    /// header, client version, 32 random bytes, cipher suites, no extensions worth parsing).
    static let tlsClientHello: [UInt8] = {
        let body: [UInt8] = [0x03, 0x03] + Array(repeating: 0x42, count: 32) + [0x00]
            + [0x00, 0x06, 0x13, 0x01, 0x13, 0x02, 0xc0, 0x2f] + [0x01, 0x00] + [0x00, 0x00]
        let handshake: [UInt8] = [0x01, 0x00, 0x00, UInt8(body.count)] + body
        return [0x16, 0x03, 0x01, 0x00, UInt8(handshake.count)] + handshake
    }()
}

/// Polls `condition` every 10 ms for up to `timeout`; whether it became true.
func waitUntil(timeout: Duration = .seconds(10), _ condition: () -> Bool) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now >= deadline { return false }
        usleep(10_000)
    }
    return true
}

/// The request timeout bounds a request's headers too: a client that keeps trickling header lines, each
/// within the idle timeout, is cut off instead of holding its connection for ever.
@Suite struct SlowHeaderTests {
    @Test func aClientThatNeverFinishesItsHeadersIsCutAtTheRequestTimeout() throws {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        try withLiveServer(router, configure: { $0.requestTimeout = .seconds(1) }) { server, port in
            let slow = try (0..<10).map { _ in try TestClient(port: port, timeout: .milliseconds(200)) }
            for client in slow { try client.send("GET / HTTP/1.1\r\nHost: x\r\n") }
            var open = slow
            let deadline = ContinuousClock.now + .seconds(15)
            while !open.isEmpty && ContinuousClock.now < deadline {
                // One header line each, well within the idle timeout, until the server hangs up.
                open.removeAll { client in
                    (try? client.send("X-Slow: z\r\n")) == nil || client.waitForClose(timeout: .milliseconds(200))
                }
            }
            #expect(open.isEmpty, "\(open.count) slow clients still connected after 15 s")
            #expect(waitUntil { server.requestsInFlight == 0 })
            #expect(try TestClient(port: port).request("GET", "/").status == 200)
        }
    }
}
