import Foundation
import SQLite
import Synchronization
import TableModel

/// The visitors' table states and the server secret in a SQLite database (`serve --database PATH`), kept as the
/// server runs: pages are rendered from the ``SessionStore`` in memory, and every change to what a visitor keeps
/// is committed here before the answer that acknowledges it is sent (``SessionJournal``).
///
/// **Group commit.** Changes are noted under the store's lock into the open batch; the update that made one then
/// waits for its batch. The first waiter when no commit runs becomes the leader: it takes the whole open batch
/// (every change noted by then, from any thread), writes it in one transaction and wakes the others; changes noted
/// meanwhile form the next batch, which its first waiter commits in turn. A commit costs one `write(2)` of the WAL
/// (one `fsync` too with `--database-sync full`) however many requests share it, and no thread is set aside for it.
///
/// **Bounded.** A session that leaves the store (evicted, expired) is deleted with the next commit; ``sweep(_:)``
/// (each minute and at shutdown) writes when sessions were last used — reads never touch the database — and deletes
/// the rows idle past the time to live, so the file follows the stored visitors, not the requests made.
///
/// Schema (`PRAGMA user_version` 1, `application_id` "tblv"):
/// - `meta(key, value)`: `secret`, the server secret as 64 hex digits;
/// - `sessions(id, last_used, returned, tables)`: the session cookie's value, when it was last used (seconds since
///   1970), whether it was used on more than one request, and its table states as a JSON array, each in the format of
///   `GET /tables/{id}/state.json`.
final class SessionDatabase: SessionJournal, @unchecked Sendable {  // Sendable: the connection is used by the leader only.
    typealias Value = Visitor

    static let schemaVersion: Int64 = 1
    /// "tblv": tells a tableview database from another program's.
    static let applicationID: Int64 = 0x7462_6C76

    let file: DatabaseFile
    /// Seconds since 1970; injectable so tests can move time.
    let wallClock: @Sendable () -> Int

    // Used only by the committer thread (``commitUntilStopped()``), but for start-up before it runs.
    private let connection: SQLiteConnection
    private let upsert: SQLiteStatement
    private let delete: SQLiteStatement
    private let touch: SQLiteStatement

    // Guarded by `condition`.
    private let condition = NSCondition()
    private var pending: [SessionID: JournalChange<Visitor>] = [:]
    private var openBatch: UInt64 = 1
    private var committedBatch: UInt64 = 0
    /// Transactions written so far (a batch and a job's statements share one).
    private var transactions = 0
    private var waiting: [(batch: UInt64, body: @Sendable (PersistenceError?) -> Void)] = []
    private var jobs: [Job] = []
    private var isStopping = false
    private let stopped = DispatchSemaphore(value: 0)
    /// Why recent batches failed, by batch number.
    private var failures: [UInt64: PersistenceError] = [:]

    private init(file: DatabaseFile, connection: SQLiteConnection, wallClock: @escaping @Sendable () -> Int)
        throws(SQLiteError)
    {
        self.file = file
        self.connection = connection
        self.wallClock = wallClock
        upsert = try connection.prepare(
            "INSERT OR REPLACE INTO sessions (id, last_used, returned, tables) VALUES (?, ?, ?, ?)")
        delete = try connection.prepare("DELETE FROM sessions WHERE id = ?")
        touch = try connection.prepare("UPDATE sessions SET last_used = ?, returned = ? WHERE id = ?")
    }

    /// What opening gave: the database, the server secret it keeps, and the sessions to restore.
    struct Opened {
        let database: SessionDatabase
        let secret: ServerSecret
        let sessions: [StoredSession<Visitor>]
    }

    /// Opens the database at `path`, making it (and its folder) when missing, and reads the secret and the sessions
    /// back against `catalog`. Anything at the path that is not a sound tableview database — a symbolic link, a FIFO,
    /// a folder, a file that is not SQLite, damaged, another program's or of a newer schema — is reported, moved aside
    /// (`PATH.corrupt-TIME`, with its journal files) and replaced by an empty database. Throws when the path cannot be
    /// used at all: a device or a socket, a folder that cannot be written, something that cannot be moved aside.
    ///
    /// With `importing`, the sessions of that JSON state file of the former `--state-file` join the database first
    /// (``importStateFile(_:secret:catalog:report:)``).
    static func open(
        path: String, synchronous: DatabaseSync = .normal, importing stateFile: String? = nil, catalog: TableCatalog,
        timeToLive: Int, report: @Sendable (String) -> Void,
        wallClock: @escaping @Sendable () -> Int = { Int(time(nil)) }
    ) throws(PersistenceError) -> Opened {
        let file = DatabaseFile(path: path)
        let now = wallClock()
        try file.makeFolder()
        func setAside(_ why: String) throws(PersistenceError) {
            report("tableview: \(path) \(why); moved it to \(try file.moveAside(at: now)) and starting with no sessions")
        }
        func create() throws(PersistenceError) {
            for orphan in try file.create(at: now) {
                report("tableview: moved \(orphan), a journal file of a database that is gone, aside")
            }
        }
        switch try file.inspect() {
        case .nothing: try create()
        case .other(let kind):
            try setAside("is \(kind), not a database")
            try create()
        case .refused(let kind):
            throw .unusable(path: path, reason: "it is \(kind), not a database")
        case .file: break
        }
        // A connection that fails its checks is closed (released) before its file is moved aside.
        func connect() throws -> SQLiteConnection {
            let connection = try SQLiteConnection(path: path, create: false)
            try prepareSchema(of: connection)
            return connection
        }
        let connection: SQLiteConnection
        do {
            connection = try connect()
        } catch let unsound {
            try setAside("\(unsound)")
            try create()
            do {
                connection = try connect()
            } catch {
                throw .unusable(path: path, reason: "\(error)")
            }
        }
        let database: SessionDatabase
        var secret: ServerSecret
        do {
            try connection.execute("PRAGMA synchronous = \(synchronous.rawValue.uppercased())")
            // A second connection checkpoints beside the commits (``checkpointInBackground()``), writing the log's pages
            // to the disk while commits go on; the committer's own checkpoint, after a commit that leaves 256 KiB of
            // log (256 pages of 1 KiB), then has little left to do, and lets the log start over from its beginning
            // (cut back to 4 MiB, should it ever grow): the log stays that small however long the server runs (docs/
            // DESIGN.md, "Durable state", says why both).
            try connection.execute("PRAGMA wal_autocheckpoint = 256; PRAGMA journal_size_limit = 4194304")
            database = try SessionDatabase(file: file, connection: connection, wallClock: wallClock)
            secret = try database.secret(report: report)
        } catch {
            throw .unusable(path: path, reason: error.description)
        }
        if let stateFile {
            secret = try database.importStateFile(stateFile, secret: secret, catalog: catalog, report: report)
        }
        do {
            try connection.prepare("DELETE FROM sessions WHERE last_used < ?").run(.integer(Int64(now - timeToLive)))
            let sessions = try database.storedSessions(catalog: catalog, now: now, report: report)
            database.startCommitting()
            return Opened(database: database, secret: secret, sessions: sessions)
        } catch {
            throw .unusable(path: path, reason: error.description)
        }
    }

    /// Why an opened file is not a sound tableview database.
    struct Unsound: Error, CustomStringConvertible {
        let description: String
    }

    /// Checks the file SQLite opened and, when it is empty, lays out the schema. Throws ``Unsound`` for a file to
    /// set aside.
    private static func prepareSchema(of connection: SQLiteConnection) throws(Unsound) {
        do {
            let application = try connection.integer("PRAGMA application_id")
            let version = try connection.integer("PRAGMA user_version")
            let objects = try connection.integer("SELECT count(*) FROM sqlite_schema")
            if application == 0 && version == 0 && objects == 0 {
                try connection.execute("PRAGMA page_size = 1024; PRAGMA auto_vacuum = INCREMENTAL")
                guard try connection.text("PRAGMA journal_mode = WAL") == "wal" else {
                    throw Unsound(description: "cannot keep a write-ahead log")
                }
                try connection.transaction { () throws(SQLiteError) in
                    try connection.execute("""
                        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
                        CREATE TABLE sessions (id TEXT PRIMARY KEY, last_used INTEGER NOT NULL,
                            returned INTEGER NOT NULL, tables TEXT NOT NULL) WITHOUT ROWID;
                        PRAGMA application_id = \(applicationID);
                        PRAGMA user_version = \(schemaVersion);
                        """)
                }
                return
            }
            guard application == applicationID else {
                throw Unsound(description: "is not a tableview database (SQLite application id \(application))")
            }
            guard version <= schemaVersion else {
                throw Unsound(description: "has schema version \(version), newer than this build's \(schemaVersion)")
            }
            guard version == schemaVersion else { throw Unsound(description: "has no schema version") }
            let integrity = try connection.text("PRAGMA integrity_check") ?? ""
            guard integrity == "ok" else { throw Unsound(description: "is damaged (\(integrity))") }
            guard try connection.text("PRAGMA journal_mode = WAL") == "wal" else {
                throw Unsound(description: "cannot keep a write-ahead log")
            }
        } catch let error as Unsound {
            throw error
        } catch let error as SQLiteError {
            throw Unsound(description: error.isNotADatabase ? "is not a SQLite database or is damaged (\(error))"
                : "cannot be read (\(error))")
        } catch {
            throw Unsound(description: "\(error)")
        }
    }

    /// The secret the database keeps, made and kept now when it has none.
    private func secret(report: (String) -> Void) throws(SQLiteError) -> ServerSecret {
        if let hex = try connection.text("SELECT value FROM meta WHERE key = 'secret'") {
            if let secret = ServerSecret(hex: hex) { return secret }
            report("tableview: \(file.path): the kept secret is not 64 hex digits; using a new one")
        }
        let secret = ServerSecret()
        try keep(secret)
        return secret
    }

    private func keep(_ secret: ServerSecret) throws(SQLiteError) {
        try connection.prepare("INSERT OR REPLACE INTO meta (key, value) VALUES ('secret', ?)").run(.text(secret.hex))
    }

    /// The sessions of the database checked against `catalog` (``SessionArchive/read(session:at:catalog:)``). A row
    /// of which nothing can be restored is reported and left in the database until it expires, so a tables file
    /// fixed and reloaded before then brings it back.
    private func storedSessions(catalog: TableCatalog, now: Int, report: (String) -> Void) throws(SQLiteError)
        -> [StoredSession<Visitor>]
    {
        let rows = try connection.prepare("SELECT id, last_used, returned, tables FROM sessions")
        var reader = SessionReader(catalog: catalog, downtime: 0)
        while try rows.step() {
            let id = rows.text(at: 0) ?? ""
            let tables: JSONFragment
            do {
                tables = try JSONDecoder().decode(JSONFragment.self, from: Data((rows.text(at: 3) ?? "").utf8))
            } catch {
                reader.contents.dropped.append("session \(id): tables: not JSON")
                continue
            }
            let entry = JSONFragment.object([
                "id": .string(id), "idleSeconds": .integer(max(0, now - Int(rows.integer(at: 1)))),
                "returning": .bool(rows.integer(at: 2) != 0), "tables": tables,
            ])
            reader.read(entry, at: "session \(id)")
        }
        for note in reader.contents.dropped { report("tableview: \(file.path): \(note)") }
        return reader.contents.sessions
    }

    // MARK: Import

    /// Imports the sessions of a JSON state file of the former `--state-file` (``SessionArchive``) once: they join
    /// the database (a session it holds already wins), the file's secret too when the database kept no session yet,
    /// and the file is renamed `PATH.imported-TIME`. An unusable file is reported and moved to `PATH.corrupt-TIME`.
    /// Returns the secret to serve with. Call it before any request.
    func importStateFile(_ path: String, secret: ServerSecret, catalog: TableCatalog, report: (String) -> Void)
        throws(PersistenceError) -> ServerSecret
    {
        guard DatabaseFile.exists(path) else { return secret }
        let now = wallClock()
        let bytes: [UInt8]
        do {
            bytes = try RegularFile.read(path, limit: 256 * 1024 * 1024)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        let contents: SessionArchive.Contents
        do {
            contents = try SessionArchive.decode(bytes, catalog: catalog, now: now)
        } catch {
            report("tableview: the state file \(path) is unusable: \(error)")
            report("tableview: moved it to \(try DatabaseFile.moveAside(path, suffix: "corrupt-" + DatabaseFile.stamp(now)))")
            return secret
        }
        for note in contents.dropped { report("tableview: \(path): \(note)") }
        var chosen = secret
        do {
            try connection.transaction { () throws(SQLiteError) in
                let kept = try connection.integer("SELECT count(*) FROM sessions")
                if let saved = contents.secret, kept == 0 {
                    try keep(saved)
                    chosen = saved
                }
                let insert = try connection.prepare(
                    "INSERT OR IGNORE INTO sessions (id, last_used, returned, tables) VALUES (?, ?, ?, ?)")
                for session in contents.sessions {
                    try insert.run(.text(session.id.rawValue), .integer(Int64(now - Int(session.idleSeconds))),
                                   .integer(session.isReturning ? 1 : 0), .text(Self.tablesJSON(of: session.value)))
                }
            }
        } catch {
            throw .unusable(path: file.path, reason: "cannot import \(path): \(error)")
        }
        let moved = try DatabaseFile.moveAside(path, suffix: "imported-" + DatabaseFile.stamp(now))
        report("tableview: imported \(contents.sessions.count) visitors' states from \(path) into \(file.path); "
            + "moved it to \(moved)")
        return chosen
    }

    // MARK: Journal

    func keptRevision(of value: borrowing Visitor?) -> UInt64 {
        switch value {
        case .some(let visitor) where !visitor.states.isEmpty: visitor.version
        default: 0
        }
    }

    func note(_ changes: [JournalChange<Visitor>]) -> CommitTicket {
        condition.lock()
        defer { condition.unlock() }
        for change in changes { pending[change.id] = change }
        condition.signal()
        return CommitTicket(batch: openBatch)
    }

    func whenCommitted(_ ticket: CommitTicket, _ body: @escaping @Sendable (PersistenceError?) -> Void) {
        condition.lock()
        guard committedBatch >= ticket.batch else {
            waiting.append((ticket.batch, body))
            condition.unlock()
            return
        }
        let failure = failures[ticket.batch]
        condition.unlock()
        body(failure)
    }

    /// Commits what is pending now, together with `extra` statements, in one transaction on the committer thread, and
    /// returns once it is done. Throws when the commit fails.
    func flush(with extra: ((SQLiteConnection) throws(SQLiteError) -> Void)? = nil) throws(PersistenceError) {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<PersistenceError?>(nil)
        condition.lock()
        jobs.append(Job(work: extra) { failure in
            outcome.withLock { $0 = failure }
            done.signal()
        })
        condition.signal()
        condition.unlock()
        done.wait()
        if let failure = outcome.withLock({ $0 }) { throw failure }
    }

    /// Starts the committer thread; from now on only it uses the connection.
    private func startCommitting() {
        let thread = Thread { [self] in commitUntilStopped() }
        thread.name = "tableview-commit"
        thread.start()
        checkpointInBackground()
    }

    /// Folds the write-ahead log into the database file five times a second, through a connection of its own on a
    /// queue of its own: SQLite lets a passive checkpoint run while a transaction commits, so the `fsync` of the log
    /// written meanwhile happens here, not in front of the requests waiting on a commit.
    private func checkpointInBackground() {
        guard let checkpointer = try? SQLiteConnection(path: file.path, create: false) else { return }
        let source = DispatchSource.makeTimerSource(queue: checkpointQueue)
        source.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        source.setEventHandler {
            // A failure (the disk is full) leaves the log to grow; the next tick tries again.
            _ = try? checkpointer.text("PRAGMA wal_checkpoint(PASSIVE)")
        }
        source.resume()
        checkpointTimer.withLock { $0 = CheckpointTimer(source: source) }
    }

    private struct CheckpointTimer: @unchecked Sendable {  // Sendable: Dispatch sources may be cancelled anywhere.
        let source: any DispatchSourceTimer
    }

    private let checkpointTimer = Mutex<CheckpointTimer?>(nil)
    private let checkpointQueue = DispatchQueue(label: "tableview.checkpoint")

    /// How many transactions the committer has written: fewer than the changes it committed when they shared them.
    var transactionCount: Int {
        condition.lock()
        defer { condition.unlock() }
        return transactions
    }

    /// Statements to run in a commit of their own, and who waits for it.
    private struct Job {
        /// Nil: a commit of what is pending only.
        let work: ((SQLiteConnection) throws(SQLiteError) -> Void)?
        let done: @Sendable (PersistenceError?) -> Void
    }

    /// The committer thread: takes the open batch whenever changes are noted (or a job comes), writes it in one
    /// transaction, and tells everyone waiting for it. Changes noted while it writes form the next batch, so a
    /// commit is shared by every request that arrived during the one before.
    private func commitUntilStopped() {
        condition.lock()
        while true {
            while pending.isEmpty && jobs.isEmpty && !isStopping { condition.wait() }
            if pending.isEmpty && jobs.isEmpty && isStopping { break }
            let batch = pending
            pending = [:]
            let job = jobs.isEmpty ? nil : jobs.removeFirst()
            let number = openBatch
            openBatch += 1
            condition.unlock()
            let failure = write(batch, extra: job?.work, forced: job != nil)
            condition.lock()
            committedBatch = number
            if !batch.isEmpty || job != nil { transactions += 1 }
            if let failure {
                failures[number] = failure
                // The sessions gone are gone still: forget them with the next commit. Changed states are not
                // retried: the changes that made them put the sessions back as they were.
                for (id, change) in batch where change.value == nil && pending[id] == nil { pending[id] = change }
            }
            failures = failures.filter { $0.key + 1024 > number }
            let due = waiting.filter { $0.batch <= number }
            waiting.removeAll { $0.batch <= number }
            let told = due.map { ($0.body, failures[$0.batch]) }
            condition.unlock()
            for (body, failure) in told { body(failure) }
            job?.done(failure)
            condition.lock()
        }
        condition.unlock()
        stopped.signal()
    }

    /// Writes when the sessions in `snapshot` were last used and whether they returned, for those used in the last
    /// `recent` seconds, and deletes the rows idle past `timeToLive`, with whatever is pending; then gives the pages
    /// freed back to the file system.
    func sweep(_ snapshot: [StoredSession<Visitor>], recent: Double, timeToLive: Int) throws(PersistenceError) {
        let now = wallClock()
        try flush { [touch] connection throws(SQLiteError) in
            for session in snapshot where session.idleSeconds <= recent && !session.value.states.isEmpty {
                try touch.run(.integer(Int64(now) - Int64(session.idleSeconds)), .integer(session.isReturning ? 1 : 0),
                              .text(session.id.rawValue))
            }
            try connection.prepare("DELETE FROM sessions WHERE last_used < ?").run(.integer(Int64(now - timeToLive)))
        }
        try flush { connection throws(SQLiteError) in
            _ = try connection.text("PRAGMA incremental_vacuum")
        }
    }

    /// Writes `batch` and `extra` in one transaction; with nothing to write, writes nothing unless `forced` (a flush
    /// that finds nothing pending still proves the database writable).
    private func write(
        _ batch: [SessionID: JournalChange<Visitor>], extra: ((SQLiteConnection) throws(SQLiteError) -> Void)?,
        forced: Bool
    ) -> PersistenceError? {
        guard !batch.isEmpty || extra != nil || forced else { return nil }
        let now = Int64(wallClock())
        do {
            try connection.transaction { () throws(SQLiteError) in
                for (id, change) in batch {
                    if let visitor = change.value, !visitor.states.isEmpty {
                        try upsert.run(.text(id.rawValue), .integer(now), .integer(change.isReturning ? 1 : 0),
                                       .text(Self.tablesJSON(of: visitor)))
                    } else {
                        try delete.run(.text(id.rawValue))
                    }
                }
                try extra?(connection)
            }
            return nil
        } catch {
            return .notCommitted(reason: error.isFull ? "the disk is full" : error.description)
        }
    }

    /// A visitor's table states as the `sessions.tables` column holds them.
    static func tablesJSON(of visitor: Visitor) -> String {
        "[" + visitor.states.keys.sorted().compactMap { visitor.states[$0]?.exportJSON() }.joined(separator: ",") + "]"
    }

    /// For tests: the database may grow to at most `pages` pages, as if the disk were that full.
    func limitSize(toPages pages: Int) throws(PersistenceError) {
        try flush { connection throws(SQLiteError) in
            _ = try connection.integer("PRAGMA max_page_count = \(pages)")
        }
    }

    /// Commits what is pending, stops the committer thread and folds the write-ahead log into the database file;
    /// call it once no request can change a session any more.
    func close() throws(PersistenceError) {
        checkpointTimer.withLock { $0.take() }?.source.cancel()
        checkpointQueue.sync {}
        try flush()
        condition.lock()
        isStopping = true
        condition.signal()
        condition.unlock()
        stopped.wait()
        do {
            try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        } catch {
            throw .notCommitted(reason: error.description)
        }
    }
}

/// How hard a commit holds on to its change (`serve --database-sync`): SQLite's `synchronous` in WAL mode.
public enum DatabaseSync: String, Sendable, Equatable {
    /// A commit is written to the WAL before its 303; the WAL is flushed to the disk at checkpoints. A crash of the
    /// process (SIGKILL, an OOM kill) loses nothing; a power cut or a kernel crash can lose the commits since the
    /// last checkpoint, never the database's consistency.
    case normal
    /// A commit is also flushed to the disk (`fsync`) before its 303: a power cut loses nothing answered.
    case full
}
