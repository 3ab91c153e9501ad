import Foundation
import Glibc
import HTTPServer
import Synchronization
import Testing
import TestSupport

/// A stop while clients are busy: the process survives it, requests in flight finish, and newcomers are
/// turned away rather than left waiting.
@Suite struct ShutdownUnderLoadTests {
    private func router() throws -> Router {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        try router.get("/slow") { _, _ in
            usleep(200_000)
            return .text("slow")
        }
        return router
    }

    @Test func stoppingWhileClientsAreBusyNeverAbortsTheProcess() throws {
        // libmicrohttpd's quiesce aborted the process now and then when its worker threads were busy at the
        // moment of the stop (300 stops of this loop hit it in each of two runs): a hundred stops at random moments
        // while clients open a connection per request.
        for _ in 0..<100 {
            var configuration = ServerConfiguration()
            configuration.port = 0
            configuration.threadCount = 2
            configuration.accessLog = nil
            let server = HTTPServer(configuration: configuration, responder: try router())
            try server.start()
            let port = try #require(server.port)
            let stop = Atomic<Bool>(false)
            let group = DispatchGroup()
            for _ in 0..<4 {
                DispatchQueue.global().async(group: group) {
                    while !stop.load(ordering: .relaxed) {
                        guard let client = try? TestClient(port: port, timeout: .seconds(2)) else { return }
                        _ = try? client.request("GET", "/")
                        client.close()
                    }
                }
            }
            usleep(UInt32.random(in: 1_000...20_000))
            server.shutdown()
            stop.store(true, ordering: .relaxed)
            #expect(group.wait(timeout: .now() + 10) == .success)
        }
    }

    @Test func aConnectionOpenedDuringTheStopGetsA503() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        let server = HTTPServer(configuration: configuration, responder: try router())
        try server.start()
        let port = try #require(server.port)
        let busy = try TestClient(port: port)
        try busy.send(TestClient.requestBytes("GET", "/slow", host: "x"))
        usleep(50_000)
        let stopped = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            server.shutdown()
            stopped.signal()
        }
        usleep(50_000)
        // The slow request is still in flight, so the server is stopping but not stopped.
        let newcomer = try TestClient(port: port)
        let answer = try newcomer.request("GET", "/")
        #expect(answer.status == 503)
        #expect(answer.closesConnection)
        #expect(try busy.readResponse().text == "slow")
        #expect(stopped.wait(timeout: .now() + 10) == .success)
        #expect(throws: TestClientError.connectFailed(errno: ECONNREFUSED)) { try TestClient(port: port) }
    }
}
