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
///   possibly for as long as the idle timeout; and its limit is per daemon, where the server runs one daemon per
///   thread. The server lets a few more connections than ``ServerConfiguration/maximumConnections`` in and
///   answers every request on those extra ones with a quick `503 Service Unavailable`, closing them; beyond
///   ``ServerConfiguration/connectionLimit`` it closes connections as soon as they are accepted (``openCount``,
///   asked by the daemons' accept policy).
/// - It calls the application only once a request's headers are complete, and each byte resets the idle
///   timeout, so a client trickling header lines (slowloris) could hold a connection for ever.
///   ``cutSlowHeaders(startedBefore:)``, called by the server's watchdog, shuts the socket of a request whose
///   headers are overdue; libmicrohttpd then closes the connection.
///
/// - Whether its idle timeout reaches a TLS connection whose handshake never finishes is up to its internals.
///   ``cutSilentConnections(openedBefore:)``, called by the watchdog with the idle timeout, shuts the socket of a
///   connection on which no request has started, so such a connection, or one that sends nothing at all, is
///   closed after the idle timeout whatever libmicrohttpd does with it.
///
/// - Its per-address limit (`MHD_OPTION_PER_IP_CONNECTION_LIMIT`) is per daemon too. The census counts each client
///   address's open connections, and the accept policy closes a connection from an address that already holds
///   ``ServerConfiguration/maximumConnectionsPerAddress`` (``admits(_:limit:perAddress:)``), so one client cannot
///   take every connection from the others.
///
/// It also says how many requests are in flight (``requestsInFlight``), which a graceful shutdown waits for.
///
/// The lock is taken only when a connection opens or closes, by the watchdog and by ``requestsInFlight``; a request
/// only touches its connection's ``Record``, found through libmicrohttpd's per-connection slot, with atomics.
final class ConnectionCensus: Sendable {
    /// One open connection. libmicrohttpd's socket-context slot holds a retained reference until it closes.
    final class Record: Sendable {
        /// The socket; shut down by the watchdog, closed only by libmicrohttpd, after it has reported the
        /// connection closed (see ``closed(_:slot:)``), so it is never another connection's socket here.
        let socket: Int32
        /// Opened beyond the limit or while the server stops: its requests are answered 503.
        let overflow: Bool
        /// The worker thread serving it: its daemon's index.
        let worker: Int
        /// The client's address, nil when the socket could not say.
        let address: ClientAddress?
        /// When the request line of a request whose headers are not complete yet arrived, in nanoseconds since
        /// the census's epoch; 0 when no request is receiving headers.
        let headersSince = Atomic<Int64>(0)
        /// A request on this connection has started and is not complete (received, handled or being sent). Kept
        /// here rather than in one counter for the server, which every worker thread would write on every request.
        let hasRequestInFlight = Atomic<Bool>(false)
        /// When the connection opened, in nanoseconds since the census's epoch.
        let opened: Int64
        /// No request has started on the connection yet, and the watchdog has not cut it.
        let isSilent = Atomic<Bool>(true)

        init(socket: Int32, overflow: Bool, worker: Int, address: ClientAddress?, opened: Int64) {
            self.socket = socket
            self.overflow = overflow
            self.worker = worker
            self.address = address
            self.opened = opened
        }
    }

    /// The open connections by libmicrohttpd's connection, and how many each client address holds.
    private struct Open {
        var records: [UInt: Record] = [:]
        var perAddress: [ClientAddress: Int] = [:]
    }

    private let open = Mutex(Open())

    /// Whether a connection from `address` may be kept: fewer than `limit` connections are open, and fewer than
    /// `perAddress` of them from that address. Asked by the daemons' accept policy, before the connection is
    /// counted (``opened(_:slot:limit:refusing:worker:)``), so a burst may pass each limit by one per daemon.
    func admits(_ address: ClientAddress?, limit: Int, perAddress: Int) -> Bool {
        open.withLock { open in
            open.records.count < limit && (address.map { open.perAddress[$0, default: 0] < perAddress } ?? true)
        }
    }
    private let epoch = ContinuousClock.now

    /// Counts a new connection of `worker`, which overflows when `limit` connections were already open or when
    /// `refusing` (the server is stopping), and keeps its record in libmicrohttpd's `slot` for it.
    func opened(
        _ connection: OpaquePointer, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, limit: Int,
        refusing: Bool, worker: Int
    ) {
        let socket = cmhd_connection_fd(connection)
        let opened = nanoseconds(since: .now)
        let address = ClientAddress(peerOf: socket)
        let record = open.withLock { open in
            let record = Record(socket: socket, overflow: refusing || open.records.count >= limit, worker: worker,
                                address: address, opened: opened)
            open.records[Self.key(connection)] = record
            if let address { open.perAddress[address, default: 0] += 1 }
            return record
        }
        slot.pointee = Unmanaged.passRetained(record).toOpaque()
    }

    /// Forgets a closed connection. libmicrohttpd calls this before it closes the socket.
    func closed(_ connection: OpaquePointer, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        open.withLock { open in
            guard let record = open.records.removeValue(forKey: Self.key(connection)), let address = record.address
            else { return }
            let left = open.perAddress[address, default: 1] - 1
            open.perAddress[address] = left > 0 ? left : nil
        }
        if let retained = slot.pointee {
            slot.pointee = nil
            Unmanaged<Record>.fromOpaque(retained).release()
        }
    }

    /// The record of an open connection.
    func record(of connection: OpaquePointer) -> Record? {
        cmhd_connection_socket_context(connection).map { Unmanaged<Record>.fromOpaque($0).takeUnretainedValue() }
    }

    /// A request line arrived on `connection` at `instant`: a request is in flight, its headers on their way.
    func requestStarted(_ connection: OpaquePointer, at instant: ContinuousClock.Instant) {
        guard let record = record(of: connection) else { return }
        if record.isSilent.load(ordering: .relaxed) { record.isSilent.store(false, ordering: .relaxed) }
        record.hasRequestInFlight.store(true, ordering: .relaxed)
        record.headersSince.store(max(1, nanoseconds(since: instant)), ordering: .relaxed)
    }

    /// The request on `connection` is over: answered, timed out or cut off.
    func requestCompleted(_ connection: OpaquePointer) {
        record(of: connection)?.hasRequestInFlight.store(false, ordering: .relaxed)
    }

    /// Requests in flight now, one at most per open connection.
    var requestsInFlight: Int {
        open.withLock { $0.records.values.count { $0.hasRequestInFlight.load(ordering: .relaxed) } }
    }

    /// The headers of the request on `connection` are complete.
    func headersCompleted(_ connection: OpaquePointer) {
        record(of: connection)?.headersSince.store(0, ordering: .relaxed)
    }

    /// Shuts the sockets of the connections whose request headers started before `deadline` and are not
    /// complete; returns how many.
    @discardableResult
    func cutSlowHeaders(startedBefore deadline: ContinuousClock.Instant) -> Int {
        let cutoff = nanoseconds(since: deadline)
        return open.withLock { open in
            var cut = 0
            for record in open.records.values where record.socket >= 0 {
                let since = record.headersSince.load(ordering: .relaxed)
                guard since != 0, since < cutoff,
                    record.headersSince.compareExchange(expected: since, desired: 0, ordering: .relaxed).exchanged
                else { continue }
                // Under the lock, so libmicrohttpd cannot report the connection closed and reuse the descriptor.
                shutdown(record.socket, Int32(SHUT_RDWR))
                cut += 1
            }
            return cut
        }
    }

    /// Shuts the sockets of the connections opened before `deadline` on which no request has started (see the type's
    /// notes: an unfinished TLS handshake, or nothing sent at all); returns how many.
    @discardableResult
    func cutSilentConnections(openedBefore deadline: ContinuousClock.Instant) -> Int {
        let cutoff = nanoseconds(since: deadline)
        return open.withLock { open in
            var cut = 0
            for record in open.records.values where record.socket >= 0 && record.opened < cutoff {
                guard record.isSilent.compareExchange(expected: true, desired: false, ordering: .relaxed).exchanged
                else { continue }
                // Under the lock, as in cutSlowHeaders.
                shutdown(record.socket, Int32(SHUT_RDWR))
                cut += 1
            }
            return cut
        }
    }

    /// Connections open now.
    var openCount: Int { open.withLock { $0.records.count } }

    /// Connections open now on each of `workers` worker threads.
    func openCounts(workers: Int) -> [Int] {
        open.withLock { open in
            var counts = Array(repeating: 0, count: workers)
            for record in open.records.values where counts.indices.contains(record.worker) { counts[record.worker] += 1 }
            return counts
        }
    }

    private func nanoseconds(since instant: ContinuousClock.Instant) -> Int64 {
        let (seconds, attoseconds) = (instant - epoch).components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    private static func key(_ connection: OpaquePointer) -> UInt {
        UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
    }
}
