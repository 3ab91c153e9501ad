import Foundation
import TestSupport
import Testing
@testable import TableviewApp

/// `serve --state-file` in the real executable: SIGTERM saves, SIGHUP saves and serves on, SIGKILL loses at most the
/// last interval.
@Suite struct StateFileSignalTests {
    /// The visitor's state of `table`, as `state.json` answers it.
    private func state(_ port: Int, _ cookie: String, _ table: String = "picks") throws -> String {
        try TestClient(port: port).request(
            "GET", "/tables/\(table)/state.json", headers: [("Cookie", "\(VisitorCookie.name)=\(cookie)")]
        ).text
    }

    /// A visitor selects `row` in `picks`; returns the visitor's cookie.
    private func select(_ row: String, port: Int) throws -> String {
        let browser = Browser(port: port)
        try browser.get("/tables/picks")
        try browser.press(row)
        return try #require(browser.cookies[VisitorCookie.name])
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalledServerSavesAndARestartedOneRestores(signal: Int32) throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder)
        let first = try ServerProcess(arguments: options.commandLine)
        let cookie = try select("Cherry", port: first.port)
        let before = try state(first.port, cookie)
        #expect(first.stop(with: signal) == 0, "\(first.errorText())")

        let second = try ServerProcess(arguments: options.commandLine)
        #expect(try state(second.port, cookie) == before)
        #expect(before.contains(#""selected": ["c"]"#))
        #expect(second.stop(with: SIGTERM) == 0)
    }

    @Test func aKilledServerLosesAtMostTheLastInterval() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder, interval: 1)
        let first = try ServerProcess(arguments: options.commandLine)
        let cookie = try select("Banana", port: first.port)
        // Within an interval or so the change is on disk; allow a loaded machine plenty of slack.
        let deadline = Date().addingTimeInterval(15)
        while folder.read("sessions.json")?.contains(#""selected":["b"]"#) != true && Date() < deadline {
            usleep(100_000)
        }
        first.stop(with: SIGKILL)

        let second = try ServerProcess(arguments: options.commandLine)
        #expect(try state(second.port, cookie).contains(#""selected": ["b"]"#))
        #expect(second.stop(with: SIGTERM) == 0)
        #expect(second.errorText().isEmpty)
    }

    /// SPEC §4: SIGHUP (a closed terminal) never loses state — the server keeps serving and the change is on disk
    /// at once, long before the next interval, so even a SIGKILL after it loses nothing.
    @Test func aHangUpSavesAndTheServerServesOn() throws {
        let folder = try ScratchFolder()
        let options = try persistentOptions(in: folder, interval: 3600)
        let first = try ServerProcess(arguments: options.commandLine)
        let cookie = try select("Banana", port: first.port)
        kill(first.process.processIdentifier, SIGHUP)
        let deadline = Date().addingTimeInterval(15)
        while folder.read("sessions.json")?.contains(#""selected":["b"]"#) != true && Date() < deadline {
            usleep(50_000)
        }
        #expect(first.process.isRunning)
        #expect(try state(first.port, cookie).contains(#""selected": ["b"]"#))
        first.stop(with: SIGKILL)

        let second = try ServerProcess(arguments: options.commandLine)
        #expect(try state(second.port, cookie).contains(#""selected": ["b"]"#))
        #expect(second.stop(with: SIGTERM) == 0)
    }
}
