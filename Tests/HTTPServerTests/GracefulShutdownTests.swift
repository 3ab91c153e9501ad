import Foundation
import HTTPServer
import Synchronization
import Testing
import TestSupport

@Suite struct GracefulShutdownTests {
    @Test func requestInFlightFinishesBeforeTheServerStops() throws {
        let handlerStarted = DispatchSemaphore(value: 0)
        let handlerFinished = Atomic<Bool>(false)
        var router = Router()
        try router.get("/slow") { _, _ in
            handlerStarted.signal()
            usleep(300_000)
            handlerFinished.store(true, ordering: .relaxed)
            return .text("done")
        }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        let server = HTTPServer(configuration: configuration, responder: router)
        try server.start()
        let port = try #require(server.port)

        let client = try TestClient(port: port)
        try client.send(TestClient.requestBytes("GET", "/slow", host: "x"))
        #expect(handlerStarted.wait(timeout: .now() + 5) == .success)

        let stopped = DispatchSemaphore(value: 0)
        let finishedWhenStopped = Atomic<Bool>(false)
        // A thread of its own: Dispatch's global queue may be busy with other tests blocked on sockets.
        Thread.detachNewThread {
            server.shutdown()
            finishedWhenStopped.store(handlerFinished.load(ordering: .relaxed), ordering: .relaxed)
            stopped.signal()
        }
        let response = try client.readResponse()
        #expect(response.status == 200)
        #expect(response.text == "done")
        #expect(response.closesConnection)
        #expect(stopped.wait(timeout: .now() + 5) == .success)
        let handlerHadFinished = finishedWhenStopped.load(ordering: .relaxed)
        #expect(handlerHadFinished)
        #expect(throws: TestClientError.connectFailed(errno: ECONNREFUSED)) { try TestClient(port: port) }
    }

    @Test func idleKeepAliveConnectionsDoNotDelayTheStop() throws {
        var router = Router()
        try router.get("/") { _, _ in .text("hi") }
        var configuration = ServerConfiguration()
        configuration.port = 0
        configuration.accessLog = nil
        let server = HTTPServer(configuration: configuration, responder: router)
        try server.start()
        let client = try TestClient(port: try #require(server.port))
        try client.request("GET", "/")
        let started = ContinuousClock.now
        server.shutdown()
        #expect(ContinuousClock.now - started < .seconds(2))
        #expect(client.waitForClose())
    }

    @Test func shutdownTwiceOrBeforeStartDoesNothingMore() throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        let server = HTTPServer(configuration: configuration, responder: Router())
        server.shutdown()
        try server.start()
        server.shutdown()
        server.shutdown()
        #expect(server.port == nil)
    }
}
