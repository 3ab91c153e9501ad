#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import TableModel

/// The JSON state file of earlier versions (`serve --state-file`), imported into the database once: the visitors'
/// table states, versioned.
///
/// ```json
/// {"format": "tableview-sessions", "version": 1, "savedAt": 1764425000, "secret": "9c1e…", "sessions": [
///   {"id": "0f3a…", "idleSeconds": 12, "tables": [{"table": "sento", "editMode": "off", …}]}
/// ]}
/// ```
/// - `savedAt`: seconds since 1970 (UTC) when the file was written; the time the server was down counts as idle
///   time, so a session idle past `--session-ttl` is not brought back;
/// - `secret` (optional): the server's secret as 64 hex digits, so that session ids and the CSRF tokens of forms
///   loaded before a restart stay valid after it (SPEC §11); a file without one gets a fresh secret;
/// - `sessions`: most recently used first; `id` is the session cookie's value, `idleSeconds` the whole seconds
///   since its last request, `returning` (optional, default false) whether it was used on more than one request
///   (protected from floods, see ``SessionStore``), `tables` the states it changed, each in the format of
///   `GET /tables/{id}/state.json`.
///
/// One-shot messages waiting for the next page are not kept. Reading checks everything: the envelope (a file that
/// is not JSON, is cut short, is another kind of file or another version is refused whole), each session (a bad
/// id or idle time drops it) and each table state against today's definitions (a state of an unknown table, or
/// one the table's rules no longer allow, drops that table, and a session left with none is dropped).
enum SessionArchive {
    static let format = "tableview-sessions"
    static let version = 1

    /// What a file gave back: the sessions to restore and a note for everything left out.
    struct Contents {
        var sessions: [StoredSession<Visitor>] = []
        /// The saved server secret, if the file has one.
        var secret: ServerSecret?
        /// One line per session or table left out, starting with its JSON path.
        var dropped: [String] = []
    }

    /// Reads a file against `catalog` at `now` (seconds since 1970). Throws when the file is unusable as a whole.
    static func decode(_ bytes: [UInt8], catalog: TableCatalog, now: Int) throws(SessionArchiveError) -> Contents {
        let root: JSONFragment
        do {
            root = try JSONDecoder().decode(JSONFragment.self, from: Data(bytes))
        } catch {
            throw .notJSON(Self.reason(error))
        }
        guard case .object(let fields) = root else { throw .foreign("the file holds \(root.kind), not an object") }
        guard fields["format"] == .string(format) else {
            throw .foreign(#"no "format": "\#(format)""#)
        }
        guard fields["version"] == .integer(version) else {
            throw .unsupportedVersion(fields["version"].map(describe) ?? "(none)")
        }
        let known = ["format", "version", "savedAt", "secret", "sessions"]
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw .malformed(path: unknown, reason: "unknown field")
        }
        guard case .integer(let savedAt) = fields["savedAt"] else {
            throw .malformed(path: "savedAt", reason: "expected whole seconds since 1970")
        }
        guard case .array(let entries) = fields["sessions"] else {
            throw .malformed(path: "sessions", reason: "expected an array")
        }
        var secret: ServerSecret?
        if let field = fields["secret"] {
            guard case .string(let hex) = field, let saved = ServerSecret(hex: hex) else {
                throw .malformed(path: "secret", reason: "expected 64 lower-case hex digits")
            }
            secret = saved
        }
        var reader = SessionReader(catalog: catalog, downtime: Double(max(0, now - savedAt)))
        for (index, entry) in entries.enumerated() {
            reader.read(entry, at: "sessions[\(index)]")
        }
        reader.contents.secret = secret
        return reader.contents
    }

    private static func describe(_ value: JSONFragment) -> String {
        if case .string(let text) = value { return "\"\(text)\"" }
        return String(decoding: value.encoded, as: UTF8.self)
    }

    /// The decoder's complaint, without Swift's coding path noise.
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context),
            .keyNotFound(_, let context):
            let underlying = context.underlyingError.map { " (\($0))" } ?? ""
            return context.debugDescription + underlying
        @unknown default:
            return String(describing: error)
        }
    }
}

/// Reads the entries of `sessions` (or the database's rows, in the same shape) one by one, keeping the valid ones and
/// noting why the others are left out.
struct SessionReader {
    let catalog: TableCatalog
    /// Seconds between the save and now, added to every session's idle time.
    let downtime: Double
    var contents = SessionArchive.Contents()
    var seen: Set<SessionID> = []

    mutating func read(_ entry: JSONFragment, at path: String) {
        guard case .object(let fields) = entry else { return drop(path, "expected an object, found \(entry.kind)") }
        if let unknown = fields.keys.sorted().first(where: { !["id", "idleSeconds", "returning", "tables"].contains($0) }) {
            return drop("\(path).\(unknown)", "unknown field")
        }
        guard case .string(let text) = fields["id"], let id = SessionID(cookieValue: text) else {
            return drop("\(path).id", "expected 32 or 64 lower-case hex digits")
        }
        guard seen.insert(id).inserted else { return drop("\(path).id", "the same session as an earlier entry") }
        let idle: Double
        switch fields["idleSeconds"] {
        case .integer(let seconds) where seconds >= 0: idle = Double(seconds)
        case .number(let seconds) where seconds >= 0 && seconds.isFinite: idle = seconds
        default: return drop("\(path).idleSeconds", "expected a number of seconds, 0 or more")
        }
        let returning: Bool
        switch fields["returning"] {
        case nil: returning = false
        case .bool(let value): returning = value
        default: return drop("\(path).returning", "expected true or false")
        }
        guard case .array(let tables) = fields["tables"] else { return drop("\(path).tables", "expected an array") }
        var visitor = Visitor()
        for (index, table) in tables.enumerated() {
            let tablePath = "\(path).tables[\(index)]"
            switch TableState.decode(json: table.encoded, in: catalog) {
            case .success(let state) where visitor.states[state.definition.id] != nil:
                drop(tablePath, "a second state of table \"\(state.definition.id)\"")
            case .success(let state):
                visitor.states[state.definition.id] = state
            case .failure(let problems):
                // The first problem says why; the rest would mostly repeat it.
                let first = problems.problems.first
                let more = problems.problems.count > 1 ? " (and \(problems.problems.count - 1) more problems)" : ""
                let problemPath = first.map { $0.path.isEmpty ? tablePath : "\(tablePath).\($0.path)" } ?? tablePath
                drop(problemPath, "state dropped: \(first?.message ?? "invalid")\(more)")
            }
        }
        guard !visitor.states.isEmpty else { return drop(path, "no table state left to restore") }
        // A fresh version, so no page cached for a visitor of this process can be taken for this one's.
        visitor.bumpVersion()
        contents.sessions.append(
            StoredSession(id: id, value: visitor, idleSeconds: idle + downtime, isReturning: returning))
    }

    private mutating func drop(_ path: String, _ reason: String) {
        contents.dropped.append("\(path): \(reason)")
    }
}
