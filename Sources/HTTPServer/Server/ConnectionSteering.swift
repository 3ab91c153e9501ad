import CMicroHTTPDShim
import Synchronization

/// Which worker thread a new connection goes to: the one on the CPU the connection arrived on, while that keeps the
/// workers evenly loaded; else the kernel's hash of its addresses (see ``ListeningSockets``).
///
/// Served on the CPU that received it, a connection's packets, its wake-ups and its worker share one core: no
/// wake-up crosses to the other core, and on loopback a client thread and the worker serving it take turns on one
/// core. It is what holds the cached GET's tail under load: the flat-out p99 by the hash is several times nginx's
/// (docs/DESIGN.md, "The HTTP layer"). It lives here alone: nothing above the HTTP layer knows of workers.
///
/// Steering by CPU alone would put every connection on one worker where they all arrive on one CPU: a network card
/// with a single receive queue, whose interrupts one CPU takes (a Raspberry Pi's, many small virtual machines'), or
/// clients that happen to connect from one core. So the server watches the balance (``update(from:)``,
/// from its watchdog): once the connections are enough to matter and one worker holds well over its share, new
/// connections go by the hash, until the server is nearly idle again.
final class ConnectionSteering: Sendable {
    private struct State {
        /// The group's first socket; -1 once the server stops (its daemons close the sockets).
        var descriptor: Int32
        var byCPU: Bool
    }

    private let state: Mutex<State>
    private let workers: Int

    /// Steering for the `SO_REUSEPORT` group of `descriptors` (one per worker, in the order they were bound),
    /// starting by CPU; nil for a single socket or a kernel that refuses the program.
    init?(descriptors: [Int32]) {
        guard descriptors.count > 1, cmhd_steer_connections(descriptors[0], UInt32(descriptors.count), 1) == 0
        else { return nil }
        state = Mutex(State(descriptor: descriptors[0], byCPU: true))
        workers = descriptors.count
    }

    /// Whether new connections go to the worker of their CPU now.
    var steersByCPU: Bool { state.withLock { $0.byCPU } }

    /// Decides again from the connections each worker holds open now, as `census` counts them.
    func update(from census: ConnectionCensus) {
        let counts = census.openCounts(workers: workers)
        state.withLock { state in
            let byCPU = Self.steersByCPU(now: state.byCPU, openByWorker: counts)
            guard byCPU != state.byCPU, state.descriptor >= 0 else { return }
            if cmhd_steer_connections(state.descriptor, UInt32(workers), byCPU ? 1 : 0) == 0 { state.byCPU = byCPU }
        }
    }

    /// Stops changing the group: its sockets are about to close.
    func stop() {
        state.withLock { $0.descriptor = -1 }
    }

    /// The policy: stop steering by CPU once there are at least four connections per worker and one worker holds
    /// more than one and a half times its share; take it up again when fewer than two per worker are open. Between
    /// the two it stays as it is, so it does not flip back and forth while the hashed connections even the load out.
    static func steersByCPU(now: Bool, openByWorker counts: [Int]) -> Bool {
        let total = counts.reduce(0, +), workers = max(1, counts.count)
        if now {
            return !(total >= 4 * workers && 2 * workers * (counts.max() ?? 0) > 3 * total)
        }
        return total < 2 * workers
    }
}
