import CMicroHTTPDShim
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The server's open connections: which were opened beyond the connection limit, and which are in the middle
/// of sending a request's headers, and since when.
///
/// Two things libmicrohttpd does not do on its own:
/// - At its connection limit it stops accepting, and newcomers wait in the kernel's listen backlog, unanswered,
///   possibly for as long as the idle timeout. The server lets it accept a few more connections than
///   ``ServerConfiguration/maximumConnections`` and answers every request on those extra ones with a quick
///   `503 Service Unavailable`, closing them.
/// - It calls the application only once a request's headers are complete, and each byte resets the idle
///   timeout, so a client trickling header lines (slowloris) could hold a connection for ever.
///   ``cutSlowHeaders(startedBefore:)``, called by the server's watchdog, shuts the socket of a request whose
///   headers are overdue; libmicrohttpd then closes the connection.
final class ConnectionCensus: Sendable {
    private struct Connection {
        /// The socket; shut down by the watchdog, closed only by libmicrohttpd, after it has reported the
        /// connection closed (see ``closed(_:)``), so it is never another connection's socket here.
        let socket: Int32
        let overflow: Bool
        /// When the request line of a request whose headers are not complete yet arrived.
        var headersSince: ContinuousClock.Instant?
    }

    private struct Counts {
        var connections: [UInt: Connection] = [:]
        var overflowCount = 0
    }

    private let counts = Mutex(Counts())
    /// Whether any open connection overflows, so the usual case costs no lock per request.
    private let hasOverflow = Atomic<Bool>(false)

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }

    /// Counts a new connection; it overflows when `limit` connections were already open.
    func opened(_ connection: OpaquePointer, limit: Int) {
        let socket = cmhd_connection_fd(connection)
        counts.withLock { counts in
            let overflow = counts.connections.count >= limit
            counts.connections[Self.key(connection)] = Connection(socket: socket, overflow: overflow)
            if overflow {
                counts.overflowCount += 1
                hasOverflow.store(true, ordering: .relaxed)
            }
        }
    }

    /// Forgets a closed connection. libmicrohttpd calls this before it closes the socket.
    func closed(_ connection: OpaquePointer) {
        counts.withLock { counts in
            guard let removed = counts.connections.removeValue(forKey: Self.key(connection)) else { return }
            if removed.overflow {
                counts.overflowCount -= 1
                hasOverflow.store(counts.overflowCount > 0, ordering: .relaxed)
            }
        }
    }

    /// Whether `connection` was opened beyond the limit.
    func isOverflow(_ connection: OpaquePointer) -> Bool {
        guard hasOverflow.load(ordering: .relaxed) else { return false }
        return counts.withLock { $0.connections[Self.key(connection)]?.overflow ?? false }
    }

    /// A request line arrived on `connection` at `instant`; its headers are on their way.
    func headersStarted(_ connection: OpaquePointer, at instant: ContinuousClock.Instant) {
        counts.withLock { $0.connections[Self.key(connection)]?.headersSince = instant }
    }

    /// The headers of the request on `connection` are complete.
    func headersCompleted(_ connection: OpaquePointer) {
        counts.withLock { $0.connections[Self.key(connection)]?.headersSince = nil }
    }

    /// Shuts the sockets of the connections whose request headers started before `deadline` and are not
    /// complete; returns how many.
    @discardableResult
    func cutSlowHeaders(startedBefore deadline: ContinuousClock.Instant) -> Int {
        counts.withLock { counts in
            var cut = 0
            for (key, connection) in counts.connections {
                guard let since = connection.headersSince, since < deadline, connection.socket >= 0 else { continue }
                // Under the lock, so libmicrohttpd cannot report the connection closed and reuse the descriptor.
                shutdown(connection.socket, Int32(SHUT_RDWR))
                counts.connections[key]?.headersSince = nil
                cut += 1
            }
            return cut
        }
    }

    /// Connections open now.
    var openCount: Int { counts.withLock { $0.connections.count } }
}
