import Glibc
import HTTPServer
import Testing
import TestSupport

@Suite struct ServerLimitsTests {
    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        try router.post("/") { _, _ in .text("posted") }
        return router
    }

    @Test func idleConnectionIsClosedAfterTheIdleTimeout() throws {
        try withLiveServer(try router(), configure: { $0.idleTimeout = .seconds(1) }) { _, port in
            let client = try TestClient(port: port)
            try client.request("GET", "/")
            #expect(client.waitForClose(timeout: .seconds(4)))
        }
    }

    @Test func requestWhoseHeadersArriveTooSlowlyIs408() throws {
        try withLiveServer(try router(), configure: { $0.requestTimeout = .milliseconds(200) }) { _, port in
            let client = try TestClient(port: port)
            try client.send("GET / HTTP/1.1\r\n")
            usleep(400_000)
            try client.send("Host: x\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(client.waitForClose())
        }
    }

    @Test func bodyArrivingTooSlowlyLosesItsConnection() throws {
        try withLiveServer(try router(), configure: { $0.requestTimeout = .milliseconds(200) }) { _, port in
            let client = try TestClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\n\r\nab")
            usleep(400_000)
            try? client.send("cd")
            #expect(client.waitForClose())
        }
    }

    @Test func connectionsBeyondTheLimitAreNotServed() throws {
        try withLiveServer(try router(), configure: { configuration in
            configuration.threadCount = 1
            configuration.maximumConnections = 1
        }) { _, port in
            let first = try TestClient(port: port)
            #expect(try first.request("GET", "/").status == 200)
            // An extra connection is let in only to be told 503 (OverloadTests has the details); beyond the
            // overflow slots it waits in the listen backlog. Either way it is not served while the first one
            // holds the slot.
            let second = try TestClient(port: port, timeout: .milliseconds(500))
            try? second.send(TestClient.requestBytes("GET", "/", host: "x"))
            do {
                #expect(try second.readResponse().status == 503)
            } catch {
                #expect([.timedOut, .closed].contains(error as? TestClientError))
            }
            #expect(try first.request("GET", "/").status == 200)
        }
    }

    @Test func portInUseIsAStartError() throws {
        try withLiveServer(try router()) { _, port in
            var configuration = ServerConfiguration()
            configuration.port = port
            let second = HTTPServer(configuration: configuration, responder: try router())
            #expect {
                try second.start()
            } throws: { error in
                guard case ServerError.bindFailed(_, port, let reason) = error else { return false }
                return reason == "Address already in use"
            }
        }
    }

    @Test func outOfRangeConfigurationIsAStartError() {
        var configuration = ServerConfiguration()
        configuration.port = 70000
        #expect(throws: ServerError.invalidConfiguration("port 70000 is not in 0...65535")) {
            try HTTPServer(configuration: configuration, responder: Router()).start()
        }
    }

    @Test func unknownHostIsAStartError() {
        var configuration = ServerConfiguration()
        configuration.host = "no-such-host.invalid"
        configuration.port = 0
        #expect {
            try HTTPServer(configuration: configuration, responder: Router()).start()
        } throws: { error in
            if case ServerError.unknownHost("no-such-host.invalid", _) = error { return true }
            return false
        }
    }

    @Test func serverListensOnIPv6Loopback() throws {
        try withLiveServer(try router(), configure: { $0.host = "::1" }) { _, port in
            let response = try TestClient(host: "::1", port: port).request("GET", "/")
            #expect(response.text == "hi")
        }
    }

    @Test func startingTwiceIsAnError() throws {
        try withLiveServer(try router()) { server, _ in
            #expect(throws: ServerError.alreadyStarted) { try server.start() }
        }
    }
}
