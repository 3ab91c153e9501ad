import Dispatch
import Synchronization

/// Keeps the database beside the running server (`serve --database`): sweeps it each minute
/// (``SessionDatabase/sweep(_:recent:timeToLive:)``), commits what a reload changed, and closes it at shutdown.
/// The commits of the visitors' actions need nothing from here: they happen on the request's own thread.
final class SessionKeeper: Sendable {
    let database: SessionDatabase
    let sessions: SessionStore<Visitor>
    let timeToLive: Int
    /// Where failures go, one line each (standard error in the server).
    let report: @Sendable (String) -> Void

    /// Seconds between sweeps.
    static let sweepInterval = 60

    private struct Timer: @unchecked Sendable {  // Sendable: Dispatch sources may be cancelled from any thread.
        let source: any DispatchSourceTimer
    }

    private let timer = Mutex<Timer?>(nil)
    private let queue = DispatchQueue(label: "tableview.database-sweep")

    init(database: SessionDatabase, sessions: SessionStore<Visitor>, timeToLive: Int,
         report: @escaping @Sendable (String) -> Void) {
        self.database = database
        self.sessions = sessions
        self.timeToLive = timeToLive
        self.report = report
    }

    /// Sweeps every ``sweepInterval`` seconds from now on, reporting failures (the next sweep tries again).
    func startSweeping() {
        let source = DispatchSource.makeTimerSource(queue: queue)
        source.schedule(deadline: .now() + .seconds(Self.sweepInterval), repeating: .seconds(Self.sweepInterval))
        source.setEventHandler { [self] in
            do {
                try sweep()
            } catch {
                report("tableview: \(error)")
            }
        }
        source.resume()
        timer.withLock { $0 = Timer(source: source) }
    }

    /// Writes the last uses of the sessions used since the sweep before (with room to spare), and deletes the rows
    /// of sessions idle past the time to live.
    func sweep() throws(PersistenceError) {
        try database.sweep(sessions.snapshotForSaving().sessions, recent: Double(2 * Self.sweepInterval),
                           timeToLive: timeToLive)
    }

    /// Commits whatever is noted (a reload's revised states), reporting a failure.
    func flush() {
        do {
            try database.flush()
        } catch {
            report("tableview: \(error)")
        }
    }

    /// Stops the sweeps (waiting for one under way), sweeps a last time and closes the database; call it once the
    /// server has stopped, so that no request changes a session after it.
    func stop() throws(PersistenceError) {
        let running = timer.withLock { $0.take() }
        running?.source.cancel()
        queue.sync {}
        let snapshot = sessions.snapshotForSaving().sessions
        try database.sweep(snapshot, recent: .infinity, timeToLive: timeToLive)
        try database.close()
    }
}
