import Glibc
import Testing
import TestSupport

@testable import HTTPServer

/// One listening socket per worker thread on a shared port: the kernel spreads connections over them, and the
/// port is still refused to another server while they hold it.
@Suite struct ListeningSocketsTests {
    @Test func connectionsAreSpreadOverTheSocketsOfAGroup() throws {
        let sockets = try ListeningSockets.open(host: "127.0.0.1", port: 0, count: 2, backlog: 128)
        defer { sockets.close() }
        #expect(sockets.descriptors.count == 2)
        // 64 connections, each hashed by its address to one of the two queues: all on one would happen once in 2^63.
        let clients = try (0..<64).map { _ in try TestClient(port: sockets.port) }
        let accepted = sockets.descriptors.map { descriptor in
            var count = 0
            while case let connection = accept(descriptor, nil, nil), connection >= 0 {
                count += 1
                close(connection)
            }
            return count
        }
        #expect(accepted.reduce(0, +) == clients.count)
        #expect(accepted.allSatisfy { $0 > 0 }, "accepted per socket: \(accepted)")
    }

    @Test func aPortAGroupHoldsIsRefusedToAnotherGroupAndToASingleSocket() throws {
        let sockets = try ListeningSockets.open(host: "127.0.0.1", port: 0, count: 2, backlog: 16)
        defer { sockets.close() }
        for count in [1, 2] {
            #expect {
                try ListeningSockets.open(host: "127.0.0.1", port: sockets.port, count: count, backlog: 16)
            } throws: { error in
                guard case ServerError.bindFailed(_, sockets.port, let reason) = error else { return false }
                return reason == "Address already in use"
            }
        }
    }

    @Test func aPortASingleSocketHoldsIsRefusedToAGroup() throws {
        let single = try ListeningSockets.open(host: "127.0.0.1", port: 0, count: 1, backlog: 16)
        defer { single.close() }
        #expect(throws: ServerError.self) {
            try ListeningSockets.open(host: "127.0.0.1", port: single.port, count: 2, backlog: 16)
        }
    }
}
