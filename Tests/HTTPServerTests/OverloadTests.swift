import Glibc
import HTTPServer
import Testing
import TestSupport

/// At the connection limit new clients are turned away quickly, and the server serves again once the
/// connections holding it go.
@Suite struct OverloadTests {
    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        return router
    }

    /// What a client arriving at a full server gets: a status, or nil when its connection is closed or refused.
    /// Measured from connect to the answer or the close.
    private func arrival(port: Int) -> (status: Int?, waited: Duration) {
        let clock = ContinuousClock()
        let start = clock.now
        guard let client = try? TestClient(port: port, timeout: .seconds(10)) else { return (nil, clock.now - start) }
        try? client.send(TestClient.requestBytes("GET", "/", host: "x"))
        let status = try? client.readResponse().status
        return (status, clock.now - start)
    }

    @Test func clientsBeyondTheConnectionLimitAreTurnedAwayAndTheServerRecovers() throws {
        try withLiveServer(try router(), configure: { $0.maximumConnections = 8 }) { _, port in
            // Eight keep-alive visitors hold every slot.
            var holders = try (0..<8).map { _ in try TestClient(port: port) }
            for holder in holders { #expect(try holder.request("GET", "/").status == 200) }
            // Newcomers are closed at once rather than left waiting (never a 5xx, never a hang).
            for _ in 0..<5 {
                let (status, waited) = arrival(port: port)
                #expect(status == nil || status == 503, "a newcomer got \(status!)")
                #expect(waited < .seconds(5), "a newcomer waited \(waited)")
            }
            // The holders are still served, and once they leave, newcomers are again.
            for holder in holders { #expect(try holder.request("GET", "/").status == 200) }
            holders.removeAll()
            #expect(waitUntil { arrival(port: port).status == 200 })
        }
    }

    @Test func connectionsBeyondTheLimitOfAllThreadsAreClosedOnAccept() throws {
        // One daemon per thread, each of which could hold all 16 (8 served, 8 to be told 503): together they keep
        // to 16, and one more for each thread that accepted at the same moment.
        try withLiveServer(try router(), configure: { $0.maximumConnections = 8; $0.threadCount = 2 }) { _, port in
            let clients = try (0..<24).map { _ in try TestClient(port: port) }
            usleep(300_000)  // for the daemons to accept them all
            let closed = clients.filter(\.isClosedByServer).count
            #expect((24 - 17...24 - 16).contains(closed), "\(closed) of 24 closed")
        }
    }

    /// One address cannot take every connection: beyond its share its connections are closed on accept, and another
    /// address is still served.
    @Test func oneAddressCannotHoldEveryConnection() throws {
        try withLiveServer(try router(), configure: { $0.maximumConnectionsPerAddress = 4; $0.threadCount = 2 }) {
            _, port in
            let greedy = try (0..<12).map { _ in try TestClient(port: port, source: "127.0.0.1") }
            // Each open connection answers; one closed on accept does not.
            let served = greedy.filter { (try? $0.request("GET", "/").status) == 200 }.count
            #expect((4...6).contains(served), "\(served) of 12 connections from one address served")
            let other = try TestClient(port: port, source: "127.0.0.2")
            #expect(try other.request("GET", "/").status == 200)
        }
    }

    @Test func aFullServerRecoversWhenIdleConnectionsTimeOut() throws {
        try withLiveServer(try router(), configure: { configuration in
            configuration.maximumConnections = 4
            configuration.idleTimeout = .seconds(1)
        }) { _, port in
            // Four clients connect and then say nothing: the idle timeout frees their slots.
            let silent = try (0..<4).map { _ in try TestClient(port: port) }
            #expect(waitUntil { arrival(port: port).status == 200 })
            #expect(silent.allSatisfy { $0.waitForClose(timeout: .seconds(10)) })
        }
    }
}
