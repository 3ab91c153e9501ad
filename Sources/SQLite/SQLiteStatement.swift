import CSQLite

/// A prepared statement of a ``SQLiteConnection``: bind its parameters (from 1), step through its rows, and
/// ``reset()`` to run it again.
public final class SQLiteStatement {
    let handle: OpaquePointer
    let connection: SQLiteConnection
    let sql: String

    init(handle: OpaquePointer, connection: SQLiteConnection, sql: String) {
        self.handle = handle
        self.connection = connection
        self.sql = sql
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Binds `text` to the parameter at `index` (up to its first NUL, which JSON and ids never hold).
    public func bind(_ text: String, at index: Int32) throws(SQLiteError) {
        let result = csqlite_bind_text(handle, index, text, -1)
        guard result == SQLITE_OK else { throw connection.error(result, doing: sql) }
    }

    /// Binds `value` to the parameter at `index`.
    public func bind(_ value: Int64, at index: Int32) throws(SQLiteError) {
        let result = sqlite3_bind_int64(handle, index, value)
        guard result == SQLITE_OK else { throw connection.error(result, doing: sql) }
    }

    /// Steps to the next row: true when there is one to read, false when the statement is done.
    @discardableResult
    public func step() throws(SQLiteError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let result:
            sqlite3_reset(handle)
            throw connection.error(result, doing: sql)
        }
    }

    /// Runs the statement to its end with `values` bound to its parameters in order, then resets it.
    public func run(_ values: StatementValue...) throws(SQLiteError) {
        defer { reset() }
        for (offset, value) in values.enumerated() {
            switch value {
            case .text(let text): try bind(text, at: Int32(offset + 1))
            case .integer(let integer): try bind(integer, at: Int32(offset + 1))
            }
        }
        while try step() {}
    }

    /// Ready to run again, with its bindings cleared.
    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// The column at `index` of the current row as text; nil for NULL.
    public func text(at index: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: text)
    }

    /// The column at `index` of the current row as an integer (0 for NULL).
    public func integer(at index: Int32) -> Int64 {
        sqlite3_column_int64(handle, index)
    }
}

/// A value bound to a statement's parameter.
public enum StatementValue {
    case text(String)
    case integer(Int64)
}
