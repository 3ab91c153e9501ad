import CSQLite

/// One connection to a SQLite database file, used by one thread at a time (the caller serialises; SQLite's own
/// mutexes are off). Statements are prepared per use, or once and kept with ``prepare(_:)``.
public final class SQLiteConnection {
    let handle: OpaquePointer

    /// Opens the database at `path` for reading and writing, creating it when `create`; never through a symbolic
    /// link (`SQLITE_OPEN_NOFOLLOW`). Waits up to `busyTimeout` milliseconds for another connection's lock.
    public init(path: String, create: Bool, busyTimeout: Int32 = 5_000) throws(SQLiteError) {
        var opened: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX
            | SQLITE_OPEN_NOFOLLOW
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let opened else { throw SQLiteError(code: SQLITE_NOMEM, message: "cannot allocate a connection") }
        guard result == SQLITE_OK else {
            let error = SQLiteError(code: result, message: String(cString: sqlite3_errmsg(opened)))
            sqlite3_close_v2(opened)
            throw error
        }
        handle = opened
        sqlite3_extended_result_codes(handle, 0)
        sqlite3_busy_timeout(handle, busyTimeout)
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs `sql` (one or more statements without parameters), discarding any rows.
    public func execute(_ sql: String) throws(SQLiteError) {
        let result = sqlite3_exec(handle, sql, nil, nil, nil)
        guard result == SQLITE_OK else { throw error(result, doing: sql) }
    }

    /// A statement to bind, step and reuse.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else { throw error(result, doing: sql) }
        return SQLiteStatement(handle: statement, connection: self, sql: sql)
    }

    /// The single value of the first row of `sql` as text, or nil when it has no row or the value is NULL.
    public func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(at: 0)
    }

    /// The single value of the first row of `sql` as an integer (0 for no row or NULL).
    public func integer(_ sql: String) throws(SQLiteError) -> Int64 {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.integer(at: 0)
    }

    /// Runs `body` in a transaction (`BEGIN IMMEDIATE`): committed when it returns, rolled back when it or the
    /// commit throws, so nothing of it is half-written.
    public func transaction<Result>(_ body: () throws(SQLiteError) -> Result) throws(SQLiteError) -> Result {
        try execute("BEGIN IMMEDIATE")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            // SQLite may have rolled back already (after SQLITE_FULL, say); then this fails, harmlessly.
            _ = sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
            throw error
        }
    }

    func error(_ result: Int32, doing what: String) -> SQLiteError {
        SQLiteError(code: result, message: "\(String(cString: sqlite3_errmsg(handle))) (\(what))")
    }
}
