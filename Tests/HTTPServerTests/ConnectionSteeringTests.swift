import CThreadAffinity
import Glibc
import Testing
import TestSupport

@testable import HTTPServer

/// New connections go to the worker on the CPU they arrived on, while that keeps the workers evenly loaded, and by
/// the kernel's hash once one worker holds well over its share, until the server is nearly idle again.
@Suite(.serialized) struct ConnectionSteeringTests {
    @Test func thePolicyStopsOnImbalanceAndResumesWhenNearlyIdle() {
        typealias Steering = ConnectionSteering
        // Steering by CPU: it stays on while the connections are few or even, and stops when one worker holds more
        // than one and a half times its share of at least four connections per worker.
        #expect(Steering.steersByCPU(now: true, openByWorker: [0, 0]))
        #expect(Steering.steersByCPU(now: true, openByWorker: [7, 0]))
        #expect(Steering.steersByCPU(now: true, openByWorker: [6, 2]))
        #expect(!Steering.steersByCPU(now: true, openByWorker: [7, 1]))
        #expect(!Steering.steersByCPU(now: true, openByWorker: [64, 0]))
        #expect(Steering.steersByCPU(now: true, openByWorker: [33, 31]))
        #expect(Steering.steersByCPU(now: true, openByWorker: [7, 1, 0, 0]))
        #expect(!Steering.steersByCPU(now: true, openByWorker: [14, 2, 0, 0]))
        #expect(Steering.steersByCPU(now: true, openByWorker: [5, 4, 4, 3]))
        // By hash: it stays so until fewer than two connections per worker are open.
        #expect(!Steering.steersByCPU(now: false, openByWorker: [20, 20]))
        #expect(!Steering.steersByCPU(now: false, openByWorker: [4, 0]))
        #expect(Steering.steersByCPU(now: false, openByWorker: [2, 1]))
        #expect(Steering.steersByCPU(now: false, openByWorker: [0, 0]))
    }

    @Test(.enabled(if: Self.allowedCPUs().count >= 2, "one CPU: one worker, nothing to steer"))
    func aConnectionGoesToTheSocketOfTheCPUItArrivedOn() throws {
        let cpus = Self.allowedCPUs()
        let sockets = try ListeningSockets.open(host: "127.0.0.1", port: 0, count: 2, backlog: 128)
        defer { sockets.close() }
        let steering = try #require(ConnectionSteering(descriptors: sockets.descriptors))
        #expect(steering.steersByCPU)
        for (index, cpu) in cpus.prefix(2).enumerated() {
            let clients = try onCPU(cpu) { try (0..<8).map { _ in try TestClient(port: sockets.port) } }
            #expect(accepted(on: sockets) == (index == 0 ? [8, 0] : [0, 8]), "from CPU \(cpu)")
            clients.forEach { $0.close() }
        }
    }

    @Test(.enabled(if: Self.allowedCPUs().count >= 2, "one CPU: one worker, nothing to steer"))
    func connectionsFromOneCPUAreSpreadOnceOneWorkerHoldsMostOfThem() throws {
        let cpus = Self.allowedCPUs()
        var router = Router()
        try router.get("/") { _, _ in Response(status: .ok, body: Array("ok".utf8)) }
        // A request timeout of 200 ms runs the watchdog, which keeps the balance, every 50 ms.
        try withLiveServer(router, configure: { $0.requestTimeout = .milliseconds(200) }) { server, port in
            // Each client's connection is served once, so the census has placed it on its worker.
            func open(_ count: Int) throws -> [TestClient] {
                let clients = try (0..<count).map { _ in try TestClient(port: port) }
                for client in clients { _ = try client.request("GET", "/") }
                return clients
            }
            try onCPU(cpus[0]) {
                // Steered: every connection from the first CPU goes to the first worker.
                let first = try open(8)
                #expect(server.connections.openCounts(workers: 2) == [8, 0])
                usleep(300_000)
                // Eight on one worker of two: new connections now go by the hash, and 32 of them fall on both.
                let more = try open(32)
                let spread = server.connections.openCounts(workers: 2)
                #expect(spread.reduce(0, +) == 40 && spread[1] > 0, "\(spread)")
                (first + more).forEach { $0.close() }
                for _ in 0..<40 where server.connections.openCount > 0 { usleep(50_000) }
                usleep(300_000)
                // Nearly idle again: steered once more.
                let later = try open(4)
                #expect(server.connections.openCounts(workers: 2) == [4, 0])
                later.forEach { $0.close() }
            }
        }
    }

    /// The CPUs this process may run on, in order.
    private static func allowedCPUs() -> [Int32] {
        var cpus = [Int32](repeating: 0, count: 1024)
        let count = cta_allowed_cpus(&cpus, Int32(cpus.count))
        return Array(cpus.prefix(Int(max(0, min(count, 1024)))))
    }

    /// `body`'s result, run with the calling thread on `cpu` only; the thread's CPUs are restored after.
    private func onCPU<Result>(_ cpu: Int32, _ body: () throws -> Result) throws -> Result {
        try #require(cta_pin_thread(cpu) == 0)
        defer { cta_unpin_thread() }
        return try body()
    }

    /// How many connections wait on each socket, accepted and closed.
    private func accepted(on sockets: ListeningSockets) -> [Int] {
        sockets.descriptors.map { descriptor in
            var count = 0
            while case let connection = accept(descriptor, nil, nil), connection >= 0 {
                count += 1
                close(connection)
            }
            return count
        }
    }
}
