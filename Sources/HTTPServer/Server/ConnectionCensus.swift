import Synchronization

/// The server's open connections, and which of them were opened beyond the connection limit.
///
/// libmicrohttpd, at its own connection limit, stops accepting: newcomers wait in the kernel's listen backlog,
/// possibly for as long as the idle timeout, with no answer. The server therefore lets libmicrohttpd accept a
/// few more connections than ``ServerConfiguration/maximumConnections`` and answers every request on those
/// extra connections with a quick `503 Service Unavailable`, closing them.
final class ConnectionCensus: Sendable {
    private struct Counts {
        var open = 0
        /// Connections opened while `open` was at the limit, by their libmicrohttpd handle.
        var overflow: Set<UInt> = []
    }

    private let counts = Mutex(Counts())
    /// Mirrors `counts.overflow.isEmpty`, so the usual case (no overflow) costs no lock per request.
    private let hasOverflow = Atomic<Bool>(false)

    /// Counts a new connection; it overflows when `limit` connections were already open.
    func opened(_ connection: OpaquePointer, limit: Int) {
        counts.withLock { counts in
            if counts.open >= limit {
                counts.overflow.insert(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))))
                hasOverflow.store(true, ordering: .relaxed)
            }
            counts.open += 1
        }
    }

    /// Forgets a closed connection.
    func closed(_ connection: OpaquePointer) {
        counts.withLock { counts in
            counts.open -= 1
            counts.overflow.remove(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection))))
            hasOverflow.store(!counts.overflow.isEmpty, ordering: .relaxed)
        }
    }

    /// Whether `connection` was opened beyond the limit.
    func isOverflow(_ connection: OpaquePointer) -> Bool {
        guard hasOverflow.load(ordering: .relaxed) else { return false }
        return counts.withLock { $0.overflow.contains(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))) }
    }

    /// Connections open now.
    var openCount: Int { counts.withLock { $0.open } }
}
