import SQLite
import Testing

/// The rows of a database's `sessions` table (`serve --database`), read through a connection of its own as another
/// process would: session id → its tables' JSON.
func storedRows(in path: String) throws -> [String: String] {
    let connection = try SQLiteConnection(path: path, create: false)
    let rows = try connection.prepare("SELECT id, tables FROM sessions")
    var stored: [String: String] = [:]
    while try rows.step() {
        stored[rows.text(at: 0) ?? ""] = rows.text(at: 1) ?? ""
    }
    return stored
}
