import Foundation
import Synchronization
import TestSupport
import Testing
@testable import TableviewApp

/// `serve --database` in the real executable: SIGTERM and SIGINT stop it with every state kept, and SIGKILL in the
/// middle of a burst of actions loses none that was answered (SPEC §11).
@Suite struct DatabaseSignalTests {
    /// The visitor's state of `table`, as `state.json` answers it.
    private func state(_ port: Int, _ cookie: String, _ table: String = "picks") throws -> String {
        try TestClient(port: port).request(
            "GET", "/tables/\(table)/state.json", headers: [("Cookie", "\(VisitorCookie.name)=\(cookie)")]
        ).text
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalledServerKeepsEveryStateAcrossARestart(signal: Int32) throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        let first = try ServerProcess(arguments: options.commandLine)
        let browser = Browser(port: first.port)
        try browser.get("/tables/picks")
        try browser.press("Cherry")
        let cookie = try #require(browser.cookies[VisitorCookie.name])
        let before = try state(first.port, cookie)
        #expect(first.stop(with: signal) == 0, "\(first.errorText())")

        let second = try ServerProcess(arguments: options.commandLine)
        #expect(try state(second.port, cookie) == before)
        #expect(before.contains(#""selected": ["c"]"#))
        #expect(second.stop(with: SIGTERM) == 0)
    }

    /// A table of one section of 400 rows, any number of them selectable.
    static let long: String = {
        let rows = (0..<400).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }
        return #"{"id": "long", "title": "Long", "sections": [{"id": "all", "title": "All", "selection": "multiple", "#
            + #""rows": [\#(rows.joined(separator: ","))]}]}"#
    }()

    /// What one visitor of the burst sent and was answered.
    struct Visitor: Sendable {
        var cookie = ""
        /// Rows whose selection was answered 303.
        var answered: [Int] = []
        /// The row of a request sent but not answered when the server died.
        var unanswered: Int?
    }

    /// SPEC §11: SIGKILL while many visitors select rows as fast as they can. After the restart, each visitor's state
    /// holds every selection that was answered, and nothing but those and the one request it had in flight.
    @Test func aKillInTheMiddleOfABurstLosesNoAnsweredAction() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder, tables: Self.long)
        let first = try ServerProcess(arguments: options.commandLine)
        let port = first.port
        let visitors = Mutex([Visitor](repeating: Visitor(), count: 16))
        let group = DispatchGroup()
        for index in 0..<16 {
            DispatchQueue.global().async(group: group) {
                let browser = Browser(port: port)
                guard (try? browser.get("/tables/long")) != nil, var token = try? browser.csrfToken() else { return }
                for row in 0..<400 {
                    visitors.withLock { $0[index].unanswered = row }
                    let answer = try? browser.send(
                        "POST", "/tables/long/rows/r\(row)/select",
                        headers: [("Content-Type", "application/x-www-form-urlencoded"),
                                  ("Origin", "http://127.0.0.1:\(port)")],
                        body: Array("csrf=\(token)".utf8))
                    guard let answer, answer.status == 303 else { return }
                    let cookie = browser.cookies[VisitorCookie.name] ?? ""
                    visitors.withLock {
                        $0[index].answered.append(row)
                        $0[index].unanswered = nil
                        $0[index].cookie = cookie
                    }
                    // The first action moves the visitor to a new id: its page's forms carry the new token.
                    if row == 0 {
                        guard (try? browser.get("/tables/long")) != nil, let fresh = try? browser.csrfToken() else {
                            return
                        }
                        token = fresh
                    }
                }
            }
        }
        // Let the burst run, then kill the server in the middle of it.
        let deadline = Date().addingTimeInterval(20)
        while visitors.withLock({ $0.map(\.answered.count).reduce(0, +) }) < 400 && Date() < deadline {
            usleep(10_000)
        }
        first.stop(with: SIGKILL)
        group.wait()

        let second = try ServerProcess(arguments: options.commandLine)
        let burst = visitors.withLock { $0 }
        #expect(burst.map(\.answered.count).reduce(0, +) >= 400, "the burst did not get going")
        for visitor in burst where !visitor.answered.isEmpty {
            let json = try state(second.port, visitor.cookie, "long")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            let selected = Set(try #require(object["selected"] as? [String]))
            let answered = Set(visitor.answered.map { "r\($0)" })
            #expect(answered.isSubset(of: selected), "lost: \(answered.subtracting(selected).sorted())")
            let allowed = answered.union(visitor.unanswered.map { ["r\($0)"] } ?? [])
            #expect(selected.isSubset(of: allowed), "never answered: \(selected.subtracting(allowed).sorted())")
        }
        #expect(second.stop(with: SIGTERM) == 0)
    }

    /// SPEC §4: SIGHUP (a closed terminal) reloads, and the carried-over states are committed: a SIGKILL after it
    /// loses nothing.
    @Test func aHangUpCommitsTheReloadedStatesAndTheServerServesOn() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        let errors = folder.file("stderr.txt")
        let first = try ServerProcess(arguments: options.commandLine, standardErrorFile: errors)
        let browser = Browser(port: first.port)
        try browser.get("/tables/picks")
        try browser.press("Banana")
        let cookie = try #require(browser.cookies[VisitorCookie.name])
        kill(first.process.processIdentifier, SIGHUP)
        #expect(first.waitForError(containing: "tableview: reloaded"))
        #expect(first.process.isRunning)
        #expect(try state(first.port, cookie).contains(#""selected": ["b"]"#))
        first.stop(with: SIGKILL)

        let second = try ServerProcess(arguments: options.commandLine)
        #expect(try state(second.port, cookie).contains(#""selected": ["b"]"#))
        #expect(second.stop(with: SIGTERM) == 0)
    }
}
