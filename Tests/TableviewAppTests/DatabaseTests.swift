import Foundation
import SQLite
import Synchronization
import TableModel
import TestSupport
import Testing
@testable import TableviewApp

/// `serve --database`: every answered action is in the database before its answer, states and the secret survive a
/// restart, sessions that leave the store leave the database, and a file that is not a sound database is set aside.
@Suite struct DatabaseTests {
    /// Starts the application in this process, runs `body` with it, then stops it as SIGTERM would. Returns the lines
    /// it reported.
    @discardableResult
    private func serving(_ options: ServeOptions, _ body: (RunningApplication) throws -> Void = { _ in }) throws
        -> [String]
    {
        let lines = Lines()
        let running = try Application(options: options).start(report: lines.append)
        do {
            try body(running)
        } catch {
            try? running.stop()
            throw error
        }
        try running.stop()
        return lines.all
    }

    /// The state of `table` as `state.json` answers it to the visitor with `cookie` (nil: a new visitor).
    private func state(_ port: Int, _ cookie: String?, _ table: String) throws -> String {
        let headers = cookie.map { [(name: "Cookie", value: "\(VisitorCookie.name)=\($0)")] } ?? []
        let response = try TestClient(port: port).request("GET", "/tables/\(table)/state.json", headers: headers)
        try #require(response.status == 200)
        return response.text
    }

    /// A new visitor presses, for each step, the button on the page of the table; returns its cookie.
    private func visit(_ port: Int, _ steps: [(table: String, button: String)]) throws -> String {
        let browser = Browser(port: port)
        for (table, button) in steps {
            try browser.get("/tables/\(table)")
            try browser.press(button)
        }
        return try #require(browser.cookies[VisitorCookie.name])
    }

    /// SPEC §11: the CSRF secret is kept in the database, so a form loaded before a restart works after it — for a
    /// visitor with a stored state and for one who had only read the page.
    @Test func formsLoadedBeforeARestartStillWorkAfterIt() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        var open: [(cookie: String, token: String)] = []
        try serving(options) { running throws in
            let writer = Browser(port: running.port)
            try writer.get("/tables/picks")
            try writer.press("Cherry")
            let reader = Browser(port: running.port)
            try reader.get("/tables/picks")
            for browser in [writer, reader] {
                open.append((try #require(browser.cookies[VisitorCookie.name]), try browser.csrfToken()))
            }
        }
        try serving(options) { running throws in
            for (cookie, token) in open {
                let answer = try TestClient(port: running.port).request(
                    "POST", "/tables/picks/rows/b/select",
                    headers: [("Cookie", "\(VisitorCookie.name)=\(cookie)"),
                              ("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("csrf=\(token)".utf8))
                #expect(answer.status == 303, "a form from before the restart: \(answer.status)")
                // The reader's first stored state comes with a new id (SPEC §4).
                let rotated = answer.header("Set-Cookie")?.firstMatch(of: /^tableview_session=([0-9a-f]+);/)?.1
                #expect(try state(running.port, rotated.map(String.init) ?? cookie, "picks")
                    .contains(#""selected": ["b"]"#))
            }
        }
    }

    @Test func statesChangedOverHTTPSurviveAStopAndStart() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        var cookie = ""
        var before: [String] = []
        try serving(options) { running throws in
            cookie = try visit(running.port, [("picks", "Cherry"), ("fold", "Collapse all")])
            before = [try state(running.port, cookie, "picks"), try state(running.port, cookie, "fold")]
        }
        #expect(before[0].contains(#""selected": ["c"]"#))
        #expect(!before[1].contains(#""collapsed": []"#))
        try serving(options) { running throws in
            #expect([try state(running.port, cookie, "picks"), try state(running.port, cookie, "fold")] == before)
            // Another visitor still starts from the definition.
            #expect(try state(running.port, nil, "picks").contains(#""selected": ["a"]"#))
        }
    }

    /// SPEC §11: the 303 is sent only after the change is committed — another connection reads it at once.
    @Test func anAnsweredActionIsInTheDatabaseBeforeItsAnswer() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        try serving(options) { running throws in
            let browser = Browser(port: running.port)
            try browser.get("/tables/picks")
            try browser.press("Cherry")
            let id = try #require(browser.cookies[VisitorCookie.name])
            #expect(try storedRows(in: folder.file("tables.sqlite"))[id]?.contains(#""selected":["c"]"#) == true)
            try browser.press("Banana")
            #expect(try storedRows(in: folder.file("tables.sqlite"))[id]?.contains(#""selected":["b"]"#) == true)
            // Reading pages writes nothing: the row stays as the last action left it.
            try browser.get("/tables/picks")
            #expect(try storedRows(in: folder.file("tables.sqlite")).count == 1)
        }
    }

    @Test func theDatabaseAndItsFolderAreMadeForTheOwnerOnly() throws {
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        options.database = folder.file("state/deeper/tables.sqlite")
        try serving(options) { running throws in
            _ = try visit(running.port, [("picks", "Banana")])
        }
        let file = try FileManager.default.attributesOfItem(atPath: folder.file("state/deeper/tables.sqlite"))
        #expect((file[.posixPermissions] as? Int) == 0o600)
        let made = try FileManager.default.attributesOfItem(atPath: folder.file("state/deeper"))
        #expect((made[.posixPermissions] as? Int) == 0o700)
    }

    /// What a test puts at the database's path before the start.
    enum Unsound: String, CaseIterable {
        case garbage, foreign, newer, damaged, symlink, fifo, directory

        func place(at path: String, in folder: ScratchFolder) throws {
            switch self {
            case .garbage:
                try Data("\u{0}\u{1}not a database at all, but long enough to have a header".utf8)
                    .write(to: URL(fileURLWithPath: path))
            case .foreign:
                let connection = try SQLiteConnection(path: path, create: true)
                try connection.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('keep me')")
            case .newer:
                let connection = try SQLiteConnection(path: path, create: true)
                try connection.execute("PRAGMA application_id = \(SessionDatabase.applicationID); "
                    + "CREATE TABLE future (x); PRAGMA user_version = \(SessionDatabase.schemaVersion + 1)")
            case .damaged:
                let connection = try SQLiteConnection(path: path, create: true)
                try connection.execute("PRAGMA application_id = \(SessionDatabase.applicationID); "
                    + "PRAGMA user_version = \(SessionDatabase.schemaVersion); CREATE TABLE t (x TEXT); "
                    + "CREATE INDEX t_x ON t (x); "
                    + "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
                    + "INSERT INTO t SELECT printf('%050d', i) FROM n")
                // Scribble over the middle of the file, where the table's and the index's pages are.
                let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
                let size = try handle.seekToEnd()
                try handle.seek(toOffset: size / 2)
                try handle.write(contentsOf: Data(repeating: 0x5A, count: 8192))
                try handle.close()
            case .symlink:
                try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: folder.file("tables.json"))
            case .fifo:
                #expect(mkfifo(path, 0o600) == 0)
            case .directory:
                try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            }
        }
    }

    @Test(arguments: Unsound.allCases)
    func anUnsoundFileIsReportedMovedAsideAndTheServerStartsEmpty(_ kind: Unsound) throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        let path = try #require(options.database)
        try kind.place(at: path, in: folder)
        var cookie = ""
        let lines = try serving(options) { running throws in
            #expect(try state(running.port, nil, "picks").contains(#""selected": ["a"]"#))
            cookie = try visit(running.port, [("picks", "Banana")])
        }
        #expect(lines.count == 1 && lines[0].contains("\(path) ") && lines[0].contains("moved it to \(path).corrupt-")
            && lines[0].hasSuffix("starting with no sessions"), "\(lines)")
        #expect(try folder.names().contains { $0.hasPrefix("tables.sqlite.corrupt-") })
        // The symbolic link moved, not what it named.
        #expect(folder.read("tables.json")?.contains("picks") == true)
        // The new database works and keeps what it is given.
        try serving(options) { running throws in
            #expect(try state(running.port, cookie, "picks").contains(#""selected": ["b"]"#))
        }
    }

    @Test func anEmptyFileOrNoneIsANewDatabase() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        #expect(try serving(options).isEmpty)
        try folder.write("other.sqlite", "")
        var second = options
        second.database = folder.file("other.sqlite")
        #expect(try serving(second).isEmpty)
        #expect(try storedRows(in: folder.file("other.sqlite")).isEmpty)
    }

    @Test func aPathThatCannotHoldADatabaseStopsTheStart() throws {
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        options.database = folder.file("tables.json/tables.sqlite")  // under a regular file
        #expect(throws: PersistenceError.self) { try Application(options: options).start(report: { _ in }) }
    }

    /// A row the tables no longer allow is reported and kept until it expires, so that a fixed tables file brings it
    /// back; the visitor's other tables are restored.
    @Test func statesTheTablesNoLongerAllowAreReportedAndTheOthersKept() throws {
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        var cookies: [String] = []
        try serving(options) { running throws in
            for row in ["Cherry", "Banana"] {
                cookies.append(try visit(running.port, [("picks", row), ("fold", "Collapse all")]))
            }
        }
        // The tables file changes: "picks" loses its row "c", so the first visitor's "picks" state is invalid.
        let changed = Fixtures.tables.replacingOccurrences(
            of: #"{ "id": "c", "title": "Cherry" }"#, with: #"{ "id": "k", "title": "Kiwi" }"#)
        options.tablesFile = try folder.write("tables.json", changed)
        let lines = try serving(options) { running throws in
            #expect(try state(running.port, cookies[0], "picks").contains(#""selected": ["a"]"#))  // dropped
            #expect(!(try state(running.port, cookies[0], "fold").contains(#""collapsed": []"#)))   // kept
            #expect(try state(running.port, cookies[1], "picks").contains(#""selected": ["b"]"#))  // kept
        }
        #expect(lines.contains { $0.contains(#"unknown row "c""#) }, "\(lines)")
    }

    /// Sessions evicted for room, or idle past the time to live, leave the database: its size follows the visitors
    /// kept, not the requests made.
    @Test func sessionsThatLeaveTheStoreLeaveTheDatabase() throws {
        let folder = try ScratchFolder()
        let catalog = try DefinitionLoader.load(Fixtures.tables).get()
        let wallClock = Atomic<Int>(1_000_000)
        let monotonic = Atomic<Int>(0)
        let opened = try SessionDatabase.open(
            path: folder.file("t.sqlite"), catalog: catalog, timeToLive: 600, report: { _ in },
            wallClock: { wallClock.load(ordering: .relaxed) })
        let store = SessionStore<Visitor>(capacity: 2, timeToLive: 600, journal: opened.database,
                                          clock: { Double(monotonic.load(ordering: .relaxed)) })
        var visitor = Visitor()
        visitor.store(try TableState(definition: #require(catalog.table(id: "picks"))).applying(.select(row: "b"))
            .get().state)
        visitor.bumpVersion()
        let ids = (1...3).map { SessionID(cookieValue: String(repeating: String($0), count: 32))! }
        for id in ids.prefix(2) { try store.update(id) { $0 = visitor } }
        #expect(Set(try storedRows(in: folder.file("t.sqlite")).keys) == Set(ids.prefix(2).map(\.rawValue)))
        // A third visitor evicts the first.
        try store.update(ids[2]) { $0 = visitor }
        #expect(Set(try storedRows(in: folder.file("t.sqlite")).keys) == Set(ids.suffix(2).map(\.rawValue)))
        // Ten minutes and a second later, a sweep finds them all expired.
        monotonic.store(601, ordering: .relaxed)
        wallClock.store(1_000_601, ordering: .relaxed)
        try opened.database.sweep(store.snapshotForSaving().sessions, recent: 120, timeToLive: 600)
        #expect(try storedRows(in: folder.file("t.sqlite")).isEmpty)
        #expect(store.count == 0)
        try opened.database.close()
    }

    /// Group commit: the changes noted while a commit is written are committed together, in one transaction.
    @Test func changesNotedDuringACommitShareTheNextOne() throws {
        let folder = try ScratchFolder()
        let catalog = try DefinitionLoader.load(Fixtures.tables).get()
        let opened = try SessionDatabase.open(path: folder.file("t.sqlite"), catalog: catalog, timeToLive: 600,
                                              report: { _ in })
        let database = opened.database
        let store = SessionStore<Visitor>(capacity: 100, timeToLive: 600, journal: database)
        var visitor = Visitor()
        visitor.store(try TableState(definition: #require(catalog.table(id: "picks"))).applying(.select(row: "b"))
            .get().state)
        visitor.bumpVersion()
        // Keep the committer busy with a commit of its own until the changes below are noted.
        let busy = DispatchSemaphore(value: 0), release = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? database.flush { _ throws(SQLiteError) in
                busy.signal()
                release.wait()
            }
            done.signal()
        }
        busy.wait()
        let before = database.transactionCount
        let commits = try (1...50).compactMap { index in
            let id = try #require(SessionID(cookieValue: String(format: "%032x", index)))
            return try store.change(id) { value, _ in value = visitor }.1
        }
        #expect(commits.count == 50)
        release.signal()
        done.wait()
        for commit in commits { try commit.wait() }
        // The busy commit, then one for all fifty.
        #expect(database.transactionCount == before + 2)
        #expect(try storedRows(in: folder.file("t.sqlite")).count == 50)
        try database.close()
    }

    /// A table whose "Collapse all" stores more than a database page holds (a row that needs new pages).
    static let manySections: String = {
        let sections = (1...40).map { index in
            let id = "section-with-a-rather-long-identifier-number-\(index)"
            return #"{"id": "\#(id)", "title": "S\#(index)", "collapsible": true, "rows": [{"id": "r\#(index)", "title": "R\#(index)"}]}"#
        }
        return #"{"id": "many", "title": "Many", "sections": [\#(sections.joined(separator: ","))]}"#
    }()

    /// A full disk refuses the action with 503 and a clear message; nothing is changed or half-written, pages are
    /// still served, and once there is room again the same action works.
    @Test func aFullDiskRefusesTheActionAndChangesNothing() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder, tables: Self.manySections)
        try serving(options) { running throws in
            let database = try #require(running.keeper?.database)
            let browser = Browser(port: running.port)
            try browser.get("/tables/many")
            let pages = try SQLiteConnection(path: folder.file("tables.sqlite"), create: false)
                .integer("PRAGMA page_count")
            try database.limitSize(toPages: Int(pages))
            let refused = try browser.press("Collapse all")
            #expect(refused.status == 503)
            #expect(refused.text.contains("could not save this change"))
            #expect(try storedRows(in: folder.file("tables.sqlite")).isEmpty)
            #expect(try state(running.port, browser.cookies[VisitorCookie.name], "many").contains(#""collapsed": []"#))
            #expect(try browser.get("/tables/many").status == 200)

            try database.limitSize(toPages: 1_000_000)
            try browser.get("/tables/many")
            let answered = try browser.press("Collapse all")
            #expect(answered.status == 303)
            let cookie = try #require(browser.cookies[VisitorCookie.name])
            #expect(try storedRows(in: folder.file("tables.sqlite"))[cookie]?.contains("number-40") == true)
        }
    }

    /// The JSON state file of earlier versions is imported once, with its secret, and set aside.
    @Test func aStateFileOfEarlierVersionsIsImportedOnceAndSetAside() throws {
        let folder = try ScratchFolder()
        let catalog = try DefinitionLoader.load(Fixtures.tables).get()
        var visitor = Visitor()
        visitor.store(try TableState(definition: #require(catalog.table(id: "picks"))).applying(.select(row: "c"))
            .get().state)
        let id = try #require(SessionID(cookieValue: String(repeating: "e", count: 32)))
        let secret = ServerSecret()
        let file = folder.file("sessions.json")
        try Data(SessionArchive.encode([StoredSession(id: id, value: visitor, idleSeconds: 5)],
                                       savedAt: Int(time(nil)), secret: secret))
            .write(to: URL(fileURLWithPath: file))
        var options = try persistentOptions(in: folder)
        options.database = nil
        options.stateFile = file
        #expect(options.databasePath == folder.file("sessions.sqlite"))
        let lines = try serving(options) { running throws in
            #expect(try state(running.port, id.rawValue, "picks").contains(#""selected": ["c"]"#))
            #expect(running.app.site.secret == secret)
        }
        #expect(lines.contains { $0.contains("imported 1 visitors' states from \(file) into \(folder.file("sessions.sqlite"))") },
                "\(lines)")
        #expect(!FileManager.default.fileExists(atPath: file))
        #expect(try folder.names().contains { $0.hasPrefix("sessions.json.imported-") })
        // The next start has nothing to import and keeps what was imported.
        let again = try serving(options) { running throws in
            #expect(try state(running.port, id.rawValue, "picks").contains(#""selected": ["c"]"#))
        }
        #expect(!again.contains { $0.contains("imported 1 ") })
    }

    @Test func anUnusableStateFileIsSetAsideAndTheServerStarts() throws {
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        options.stateFile = try folder.write("sessions.json", #"{"format":"tableview-sessions","version":1,"sa"#)
        let lines = try serving(options)
        #expect(lines.contains { $0.contains("sessions.json is unusable") }, "\(lines)")
        #expect(try folder.names().contains { $0.hasPrefix("sessions.json.corrupt-") })
    }
}

/// Lines reported from any thread.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var append: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
}
