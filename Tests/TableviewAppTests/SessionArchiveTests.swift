import TableModel
import Testing
@testable import TableviewApp

/// The state file's format: what it keeps, and how reading refuses what it cannot trust.
@Suite struct SessionArchiveTests {
    private let catalog = try! DefinitionLoader.load(Fixtures.tables).get()

    private func id(_ n: Int) -> SessionID {
        let digits = String(n, radix: 16)
        return SessionID(cookieValue: String(repeating: "0", count: 32 - digits.count) + digits)!
    }

    /// A visitor who selected `row` in `picks` and collapsed `open` in `fold`.
    private func visitor(selecting row: String = "c") throws -> Visitor {
        var visitor = Visitor()
        for (tableID, action) in [("picks", TableAction.select(row: row)),
                                  ("fold", .setExpanded(section: "open", expanded: false))] {
            let table = try #require(catalog.table(id: tableID))
            var state = TableState(definition: table)
            state = try state.applying(action).get().state
            visitor.store(state)
        }
        return visitor
    }

    private func decode(_ text: String, now: Int = 1000) throws(SessionArchiveError) -> SessionArchive.Contents {
        try SessionArchive.decode(Array(text.utf8), catalog: catalog, now: now)
    }

    @Test func savedSessionsComeBackWithTheirStatesAndIdleTimes() throws {
        let saved = [StoredSession(id: id(1), value: try visitor(), idleSeconds: 12.7),
                     StoredSession(id: id(2), value: try visitor(selecting: "b"), idleSeconds: 40)]
        let bytes = SessionArchive.encode(saved, savedAt: 1000)
        let contents = try SessionArchive.decode(bytes, catalog: catalog, now: 1000)
        #expect(contents.dropped.isEmpty)
        #expect(contents.sessions.map(\.id) == [id(1), id(2)])
        #expect(contents.sessions.map(\.idleSeconds) == [12, 40])
        for (restored, original) in zip(contents.sessions, saved) {
            #expect(restored.value.states.keys.sorted() == ["fold", "picks"])
            for (table, state) in original.value.states {
                #expect(restored.value.states[table] == state)
            }
        }
    }

    /// SPEC §11: the server secret travels in the file, and so does whether a session was returning (protected
    /// from floods); files without them still read.
    @Test func theSecretAndTheReturningMarkComeBack() throws {
        let secret = ServerSecret(bytes: Array(0..<32))
        let saved = [StoredSession(id: id(1), value: try visitor(), idleSeconds: 1, isReturning: true),
                     StoredSession(id: id(2), value: try visitor(), idleSeconds: 2)]
        let contents = try SessionArchive.decode(SessionArchive.encode(saved, savedAt: 1000, secret: secret),
                                                 catalog: catalog, now: 1000)
        #expect(contents.secret == secret)
        #expect(contents.sessions.map(\.isReturning) == [true, false])
        let old = try SessionArchive.decode(SessionArchive.encode(saved, savedAt: 1000), catalog: catalog, now: 1000)
        #expect(old.secret == nil)
        #expect(throws: SessionArchiveError.self) {
            _ = try decode(#"{"format":"tableview-sessions","version":1,"savedAt":1,"secret":"xyz","sessions":[]}"#)
        }
    }

    @Test func timeTheServerWasDownCountsAsIdle() throws {
        let bytes = SessionArchive.encode([StoredSession(id: id(1), value: try visitor(), idleSeconds: 5)],
                                          savedAt: 1000)
        let contents = try SessionArchive.decode(bytes, catalog: catalog, now: 1600)
        #expect(contents.sessions.map(\.idleSeconds) == [605])
    }

    @Test func visitorsWithOnlyAMessageAreNotSaved() throws {
        var visitor = Visitor()
        visitor.pending = PendingMessage(tableID: "picks", message: nil, justExpanded: [], changed: false)
        let bytes = SessionArchive.encode([StoredSession(id: id(1), value: visitor, idleSeconds: 0)], savedAt: 0)
        #expect(try SessionArchive.decode(bytes, catalog: catalog, now: 0).sessions.isEmpty)
    }

    @Test(arguments: [
        ("", "notJSON"),
        (#"{"format":"tableview-sessions","version":1,"savedAt":5,"sessions":[{"id":"#, "notJSON"),
        ("[1, 2, 3]", "foreign"),
        (#"{"tables": []}"#, "foreign"),
        (#"{"format":"tableview-sessions","version":2,"savedAt":5,"sessions":[]}"#, "unsupportedVersion"),
        (#"{"format":"tableview-sessions","version":1,"sessions":[]}"#, "malformed"),
        (#"{"format":"tableview-sessions","version":1,"savedAt":5,"sessions":{}}"#, "malformed"),
        (#"{"format":"tableview-sessions","version":1,"savedAt":5,"sessions":[],"extra":1}"#, "malformed"),
    ])
    func aFileThatIsNotOursOrCutShortIsRefusedWhole(text: String, kind: String) {
        #expect {
            try decode(text)
        } throws: { error in
            switch error as? SessionArchiveError {
            case .notJSON: kind == "notJSON"
            case .foreign: kind == "foreign"
            case .unsupportedVersion: kind == "unsupportedVersion"
            case .malformed: kind == "malformed"
            case nil: false
            }
        }
    }

    @Test func aTruncatedSaveIsRefusedWhole() throws {
        let bytes = SessionArchive.encode([StoredSession(id: id(1), value: try visitor(), idleSeconds: 0)],
                                          savedAt: 0)
        for length in stride(from: 1, to: bytes.count - 1, by: 7) {
            #expect(throws: SessionArchiveError.self) {
                try SessionArchive.decode(Array(bytes.prefix(length)), catalog: catalog, now: 0)
            }
        }
    }

    @Test func statesOfTablesThatChangedAreDroppedAndTheRestKept() throws {
        func state(_ table: String, selecting rows: String) -> String {
            #"{"table":"\#(table)","editMode":"off","selected":[\#(rows)],"#
                + #""collapsed":[],"order":{},"deleted":[],"undo":[]}"#
        }
        let picks = state("picks", selecting: #""c""#)
        let gone = state("gone", selecting: "")
        let badRow = state("picks", selecting: #""zz""#)
        let text = """
            {"format":"tableview-sessions","version":1,"savedAt":1000,"sessions":[
            {"id":"\(id(1))","idleSeconds":1,"tables":[\(picks),\(gone)]},
            {"id":"\(id(2))","idleSeconds":2,"tables":[\(gone)]},
            {"id":"\(id(3))","idleSeconds":3,"tables":[\(badRow)]},
            {"id":"not-an-id","idleSeconds":4,"tables":[\(picks)]},
            {"id":"\(id(1))","idleSeconds":5,"tables":[\(picks)]},
            {"id":"\(id(6))","idleSeconds":-1,"tables":[\(picks)]},
            {"id":"\(id(7))","idleSeconds":7,"tables":[\(picks),\(picks)]}
            ]}
            """
        let contents = try decode(text)
        #expect(contents.sessions.map(\.id) == [id(1), id(7)])
        #expect(contents.sessions[0].value.states.keys.sorted() == ["picks"])
        #expect(contents.dropped == [
            #"sessions[0].tables[1].table: state dropped: unknown table "gone""#,
            #"sessions[1].tables[0].table: state dropped: unknown table "gone""#,
            "sessions[1]: no table state left to restore",
            #"sessions[2].tables[0].selected[0]: state dropped: unknown row "zz""#,
            "sessions[2]: no table state left to restore",
            "sessions[3].id: expected 32 or 64 lower-case hex digits",
            "sessions[4].id: the same session as an earlier entry",
            "sessions[5].idleSeconds: expected a number of seconds, 0 or more",
            #"sessions[6].tables[1]: a second state of table "picks""#,
        ])
    }

    /// An order no sequence of actions can produce — a row past a locked row that cannot be deleted — is dropped
    /// and reported like any other bad part of the file.
    @Test func anImpossibleOrderIsDroppedWithANote() throws {
        let crossing = #"{"table":"list","editMode":"off","selected":["book"],"collapsed":[],"#
            + #""order":{"things":["book","lock1","lock2","camera","phone"]},"deleted":[],"undo":[]}"#
        let text = """
            {"format":"tableview-sessions","version":1,"savedAt":1000,"sessions":[
            {"id":"\(id(1))","idleSeconds":1,"tables":[\(crossing)]}]}
            """
        let contents = try decode(text)
        #expect(contents.sessions.isEmpty)
        #expect(contents.dropped == [
            #"sessions[0].tables[0].order.things[0]: state dropped: "book" is before "lock1", which is locked and "#
                + "cannot be deleted: no action takes a row past it",
            "sessions[0]: no table state left to restore",
        ])
    }
}

/// `--database`, `--database-sync` and `--state-file` on the command line.
@Suite struct DatabaseOptionTests {
    @Test func serveTakesADatabaseAndHowItSyncs() throws {
        var expected = ServeOptions()
        expected.database = "state/t.sqlite"
        expected.databaseSync = .full
        #expect(try CommandParser.parse(["serve", "--database", "state/t.sqlite", "--database-sync=full"])
            == .serve(expected))
        #expect(try CommandParser.parse(["serve"]) == .serve(ServeOptions()))
        #expect(ServeOptions().databasePath == nil)
    }

    /// A command line of earlier versions still starts: its state file is imported into a database beside it, and
    /// `--save-interval` is taken and has nothing left to do.
    @Test func aStateFileAloneNamesADatabaseBesideIt() throws {
        guard case .serve(let options) = try CommandParser.parse(
            ["serve", "--state-file", "/var/lib/t/sessions.json", "--save-interval", "30"])
        else {
            Issue.record("not serve")
            return
        }
        #expect(options.databasePath == "/var/lib/t/sessions.sqlite")
        var both = options
        both.database = "/elsewhere.sqlite"
        #expect(both.databasePath == "/elsewhere.sqlite")
    }

    @Test(arguments: [["--database-sync", "full"], ["--database", "t.sqlite", "--database-sync", "always"],
                      ["--database", ""], ["--state-file", "s.json", "--save-interval", "soon"]])
    func aSyncWithoutADatabaseOrAnUnknownModeIsAUsageError(_ arguments: [String]) {
        #expect(throws: UsageError.self) { try CommandParser.parse(["serve"] + arguments) }
    }
}
