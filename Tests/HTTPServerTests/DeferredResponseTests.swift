import Dispatch
import Foundation
import HTTPServer
import Synchronization
import Testing
import TestSupport

/// A responder that answers later (``DeferredResponse``): the connection waits without its worker thread, which
/// serves other connections meanwhile; the answer, or the error page for an error, goes out on the same connection,
/// which stays open for the next request.
@Suite struct DeferredResponseTests {
    /// Answers that the test releases, in the order their requests came.
    final class Gate: Sendable {
        private let waiting = Mutex<[DeferredResponse.Completion]>([])
        var count: Int { waiting.withLock { $0.count } }

        func hold(_ completion: @escaping DeferredResponse.Completion) {
            waiting.withLock { $0.append(completion) }
        }

        /// Gives every held request `result`, from another thread.
        func release(_ result: Result<Response, any Error>) {
            let completions = waiting.withLock { held in
                defer { held = [] }
                return held
            }
            let group = DispatchGroup()
            for completion in completions {
                DispatchQueue.global().async(group: group) { completion(result) }
            }
            group.wait()
        }
    }

    private func router(_ gate: Gate) throws -> Router {
        var router = Router()
        try router.get("/later") { _, _ in .deferred(DeferredResponse { gate.hold($0) }) }
        try router.get("/now") { _, _ in .text("now") }
        return router
    }

    @Test func aWaitingAnswerHoldsNoThreadAndComesOnItsConnection() throws {
        let gate = Gate()
        // One worker thread: were it held by the waiting requests, nothing else would be served.
        try withLiveServer(try router(gate), configure: { $0.threadCount = 1 }) { _, port in
            let waiting = try (0..<3).map { _ in try TestClient(port: port) }
            for client in waiting { try client.send(TestClient.requestBytes("GET", "/later", host: "x")) }
            #expect(waitUntil { gate.count == 3 })
            #expect(try TestClient(port: port).request("GET", "/now").text == "now")

            gate.release(.success(.text("later")))
            for client in waiting {
                let answer = try client.readResponse()
                #expect(answer.status == 200 && answer.text == "later")
                // The connection is kept for the next request.
                #expect(try client.request("GET", "/now").text == "now")
            }
        }
    }

    @Test func aDeferredErrorGetsTheErrorPage() throws {
        let gate = Gate()
        try withLiveServer(try router(gate)) { _, port in
            let client = try TestClient(port: port)
            try client.send(TestClient.requestBytes("GET", "/later", host: "x"))
            #expect(waitUntil { gate.count == 1 })
            gate.release(.failure(HTTPError(.serviceUnavailable, message: "not saved")))
            let answer = try client.readResponse()
            #expect(answer.status == 503)
            #expect(answer.text.contains("not saved"))
        }
    }

    @Test func anAnswerGivenAtOnceIsSentToo() throws {
        var router = Router()
        try router.get("/") { _, _ in .deferred(DeferredResponse { $0(.success(.text("at once"))) }) }
        try withLiveServer(router) { _, port in
            let client = try TestClient(port: port)
            for _ in 0..<3 { #expect(try client.request("GET", "/").text == "at once") }
        }
    }
}
