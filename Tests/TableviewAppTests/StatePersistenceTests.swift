import Foundation
import Synchronization
import TableModel
import TestSupport
import Testing
@testable import TableviewApp

/// `serve --state-file`: visitors' states survive a restart; an unusable file is reported, moved aside and
/// never stops the start.
@Suite struct StatePersistenceTests {
    /// Starts the application in this process, runs `body` with its port, then stops it as SIGTERM would.
    /// Returns the lines it reported.
    @discardableResult
    private func serving(_ options: ServeOptions, _ body: (Int) throws -> Void = { _ in }) throws -> [String] {
        let lines = Lines()
        let running = try Application(options: options).start(report: lines.append)
        do {
            try body(running.port)
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

    /// SPEC §11: the CSRF secret is kept in the state file, so a form loaded before a restart works after it — for
    /// a visitor with a stored state and for one who had only read the page.
    @Test func formsLoadedBeforeARestartStillWorkAfterIt() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        var open: [(cookie: String, token: String)] = []
        try serving(options) { port throws in
            let writer = Browser(port: port)
            try writer.get("/tables/picks")
            try writer.press("Cherry")
            let reader = Browser(port: port)
            try reader.get("/tables/picks")
            for browser in [writer, reader] {
                let token = try #require(browser.response?.text.firstMatch(of: /name="csrf" value="([-_0-9A-Za-z]+)"/)?.1)
                open.append((try #require(browser.cookies[VisitorCookie.name]), String(token)))
            }
        }
        #expect(folder.read("sessions.json")?.contains(#""secret":""#) == true)
        try serving(options) { port throws in
            for (cookie, token) in open {
                let answer = try TestClient(port: port).request(
                    "POST", "/tables/picks/rows/b/select",
                    headers: [("Cookie", "\(VisitorCookie.name)=\(cookie)"),
                              ("Content-Type", "application/x-www-form-urlencoded")],
                    body: Array("csrf=\(token)".utf8))
                #expect(answer.status == 303, "a form from before the restart: \(answer.status)")
                // The reader's first stored state comes with a new id (SPEC §4).
                let rotated = answer.header("Set-Cookie")?.firstMatch(of: /^tableview_session=([0-9a-f]+);/)?.1
                #expect(try state(port, rotated.map(String.init) ?? cookie, "picks").contains(#""selected": ["b"]"#))
            }
        }
    }

    @Test func statesChangedOverHTTPSurviveAStopAndStart() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        var cookie = ""
        var before: [String] = []
        try serving(options) { port throws in
            cookie = try visit(port, [("picks", "Cherry"), ("fold", "Collapse all")])
            before = [try state(port, cookie, "picks"), try state(port, cookie, "fold")]
        }
        #expect(before[0].contains(#""selected": ["c"]"#))
        #expect(!before[1].contains(#""collapsed": []"#))
        try serving(options) { port throws in
            #expect([try state(port, cookie, "picks"), try state(port, cookie, "fold")] == before)
            // Another visitor still starts from the definition.
            #expect(try state(port, nil, "picks").contains(#""selected": ["a"]"#))
        }
    }

    @Test func theFileIsReplacedAtomicallyAndReadableByItsOwnerOnly() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        try serving(options) { port throws in
            _ = try visit(port, [("picks", "Banana")])
        }
        #expect(try folder.names() == ["sessions.json", "tables.json"])  // no temporary file left behind
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.file("sessions.json"))
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(folder.read("sessions.json")?.hasPrefix(#"{"format":"tableview-sessions","version":1,"#) == true)
    }

    @Test(arguments: [
        ("truncated", #"{"format":"tableview-sessions","version":1,"savedAt":5,"sessions":[{"id":"0"#),
        ("corrupt", "\u{0}\u{1}garbage\u{FFFD}"),
        ("foreign", #"{"tables": [{"id": "picks"}]}"#),
        ("empty", ""),
    ])
    func anUnusableFileIsReportedMovedAsideAndTheServerStarts(kind: String, contents: String) throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        try folder.write("sessions.json", contents)
        let lines = try serving(options) { port throws in
            #expect(try state(port, nil, "picks").contains(#""selected": ["a"]"#))
        }
        #expect(lines.first?.contains("sessions.json is unusable") == true, "\(lines)")
        let names = try folder.names()
        let aside = try #require(names.first { $0.hasPrefix("sessions.json.corrupt-") })
        #expect(folder.read(aside) == contents)
        #expect(names.contains("sessions.json"))  // a fresh file was saved
    }

    @Test func statesTheTablesNoLongerAllowAreDroppedAndTheOthersKept() throws {
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        var cookies: [String] = []
        try serving(options) { port throws in
            for row in ["Cherry", "Banana"] {
                cookies.append(try visit(port, [("picks", row), ("fold", "Collapse all")]))
            }
        }
        // The tables file changes: "picks" loses its row "c", so the first visitor's "picks" state is invalid.
        options.tablesFile = try folder.write("tables.json", Fixtures.tables.replacingOccurrences(
            of: #"{ "id": "c", "title": "Cherry" }"#, with: #"{ "id": "k", "title": "Kiwi" }"#))
        let lines = try serving(options) { port throws in
            #expect(try state(port, cookies[0], "picks").contains(#""selected": ["a"]"#))  // dropped
            #expect(!(try state(port, cookies[0], "fold").contains(#""collapsed": []"#)))   // kept
            #expect(try state(port, cookies[1], "picks").contains(#""selected": ["b"]"#))  // kept
        }
        #expect(lines.contains { $0.contains(#"unknown row "c""#) }, "\(lines)")
        #expect(try folder.names().contains { $0.hasPrefix("sessions.json.corrupt-") })
    }

    @Test func noFileYetIsAnEmptyStart() throws {
        let folder = try ScratchFolder()
        let lines = try serving(try persistentOptions(in: folder))
        #expect(lines.isEmpty)
        #expect(folder.read("sessions.json") != nil)
    }

    @Test func aFolderThatCannotBeWrittenStopsTheStart() throws {
        let folder = try ScratchFolder()
        var options = try persistentOptions(in: folder)
        options.stateFile = folder.file("missing/sessions.json")
        #expect(throws: PersistenceError.self) { try Application(options: options).start(report: { _ in }) }
    }

    @Test func savingSkipsTheWriteWhenNothingChanged() throws {
        let folder = try ScratchFolder()
        let catalog = try DefinitionLoader.load(Fixtures.tables).get()
        let store = SessionStore<Visitor>(capacity: 10, timeToLive: 60)
        let persistence = SessionPersistence(
            path: folder.file("sessions.json"), interval: .seconds(30), catalog: catalog, sessions: store,
            report: { _ in })
        #expect(try persistence.save())
        #expect(try !persistence.save())
        var visitor = Visitor()
        visitor.store(try TableState(definition: #require(catalog.table(id: "picks"))).applying(.select(row: "b"))
            .get().state)
        store.update(try #require(SessionID(cookieValue: String(repeating: "a", count: 32)))) { $0 = visitor }
        #expect(try persistence.save())
        #expect(folder.read("sessions.json")?.contains(#""selected":["b"]"#) == true)
    }
}

/// Lines reported from any thread.
final class Lines: Sendable {
    private let lines = Mutex<[String]>([])
    var append: @Sendable (String) -> Void { { [self] line in lines.withLock { $0.append(line) } } }
    var all: [String] { lines.withLock { $0 } }
}
