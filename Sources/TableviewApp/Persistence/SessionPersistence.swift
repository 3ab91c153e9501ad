import Dispatch
import Synchronization
import TableModel
#if canImport(Glibc)
import Glibc
#endif

/// Keeps the visitors' table states across restarts (`serve --state-file PATH --save-interval SECONDS`): restores
/// them from the file at start, saves them every interval when anything changed, and once more at shutdown.
///
/// A file that cannot be used — not JSON, cut short, another kind of file or version, or holding states the
/// tables no longer allow — is reported, moved aside as `PATH.corrupt-<UTC time>` for inspection, and the
/// server starts with what could be restored (possibly nothing). Saving replaces the file atomically (see
/// ``StateFile/write(_:)``), so a crash, even `SIGKILL`, loses at most the changes of the last interval.
final class SessionPersistence: Sendable {
    let file: StateFile
    let interval: Duration
    let catalog: TableCatalog
    let sessions: SessionStore<Visitor>
    /// Where notes and errors go, one line each (standard error in the server).
    let report: @Sendable (String) -> Void
    /// Seconds since 1970; injectable so tests can move time.
    let wallClock: @Sendable () -> Int

    private struct Saving {
        /// The store's generation at the last save; nil forces the next save.
        var savedGeneration: UInt64?
        var timer: Timer?
    }

    private struct Timer: @unchecked Sendable {  // Sendable: Dispatch sources may be cancelled from any thread.
        let source: any DispatchSourceTimer
    }

    private let saving = Mutex(Saving())
    private let secretStorage = Mutex(ServerSecret())

    /// The server secret to use and save: the file's once ``load()`` found one, else a fresh one.
    var secret: ServerSecret { secretStorage.withLock { $0 } }
    private let queue = DispatchQueue(label: "tableview.session-persistence")

    init(
        path: String,
        interval: Duration,
        catalog: TableCatalog,
        sessions: SessionStore<Visitor>,
        report: @escaping @Sendable (String) -> Void,
        wallClock: @escaping @Sendable () -> Int = { Int(time(nil)) }
    ) {
        file = StateFile(path: path)
        self.interval = interval
        self.catalog = catalog
        self.sessions = sessions
        self.report = report
        self.wallClock = wallClock
    }

    /// Restores the sessions of the file, reporting what was left out; moves the file aside when anything in it
    /// could not be used. Returns how many sessions were restored. Throws only when the file exists but cannot
    /// be read or moved aside.
    @discardableResult
    func load() throws(PersistenceError) -> Int {
        for leftover in file.removeLeftovers() {
            report("tableview: removed \(leftover), left by a save that was interrupted")
        }
        if let target = file.danglingLinkTarget() {
            report("tableview: the state file \(file.path) is a symbolic link to \(target), which does not exist; "
                + "starting with no sessions, and the first save replaces the link with a file")
        }
        guard let bytes = try file.read() else { return 0 }
        let now = wallClock()
        let contents: SessionArchive.Contents
        do {
            contents = try SessionArchive.decode(bytes, catalog: catalog, now: now)
        } catch {
            report("tableview: the state file \(file.path) is unusable: \(error)")
            report("tableview: moved it to \(try file.moveAside(at: now)); starting with no sessions")
            return 0
        }
        if let saved = contents.secret { secretStorage.withLock { $0 = saved } }
        let restored = sessions.restore(contents.sessions)
        if !contents.dropped.isEmpty {
            for note in contents.dropped { report("tableview: \(file.path): \(note)") }
            report("tableview: moved \(file.path) to \(try file.moveAside(at: now)) (it holds what was dropped); "
                + "restored \(restored) sessions")
            saving.withLock { $0.savedGeneration = nil }
        } else {
            saving.withLock { $0.savedGeneration = sessions.generation }
        }
        return restored
    }

    /// Writes the file when the sessions changed since the last save (or `force`). Returns whether it wrote.
    @discardableResult
    func save(force: Bool = false) throws(PersistenceError) -> Bool {
        try saving.withLock { state throws(PersistenceError) in
            let (stored, generation) = sessions.snapshotForSaving()
            guard force || state.savedGeneration != generation else { return false }
            try file.write(SessionArchive.encode(stored, savedAt: wallClock(), secret: secret))
            state.savedGeneration = generation
            return true
        }
    }

    /// Saves every ``interval`` from now on, reporting failures (the next interval tries again).
    func startSaving() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let (seconds, attoseconds) = interval.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
        timer.setEventHandler { [self] in
            do {
                try save()
            } catch {
                report("tableview: \(error)")
            }
        }
        timer.resume()
        saving.withLock { $0.timer = Timer(source: timer) }
    }

    /// Stops the periodic saves (waiting for one under way) and saves a last time; call it once the server has
    /// stopped, so that no request changes the sessions after it.
    func stop() throws(PersistenceError) {
        let timer = saving.withLock { state in
            defer { state.timer = nil }
            return state.timer
        }
        timer?.source.cancel()
        queue.sync {}
        try save()
    }
}
