import CSQLite

/// A failed SQLite call: its result code and SQLite's message.
public struct SQLiteError: Error, CustomStringConvertible, Sendable {
    /// The primary result code (`SQLITE_FULL`, `SQLITE_NOTADB`…).
    public let code: Int32
    /// SQLite's words for it, with the statement or step that failed.
    public let message: String

    init(code: Int32, message: String) {
        self.code = code & 0xff
        self.message = message
    }

    /// The disk (or the file's size limit) is full: nothing was written.
    public var isFull: Bool { code == SQLITE_FULL }

    /// The file is not a database, or is damaged beyond opening.
    public var isNotADatabase: Bool { code == SQLITE_NOTADB || code == SQLITE_CORRUPT }

    public var description: String { message }
}
