import Foundation
import TestSupport
import Testing
@testable import TableviewApp

/// SIGHUP to the real executable reloads the tables file and the templates (SPEC §4, §11); a file with problems is
/// reported and the tables it had keep serving.
@Suite struct ReloadSignalTests {
    @Test func aHangUpReloadsTablesAndTemplatesAndVisitorsKeepTheirState() throws {
        let folder = try ScratchFolder()
        let templates = folder.file("templates")
        try FileManager.default.copyItem(atPath: ProjectPaths.templates, toPath: templates)
        let tables = try folder.write("tables.json", WebReloadTests.before)
        let errors = folder.file("stderr.txt")
        let server = try ServerProcess(
            arguments: ["serve", "--port", "0", "--quiet", "--tables", tables, "--templates", templates,
                        "--database", folder.file("tables.sqlite")],
            standardErrorFile: errors)
        let browser = Browser(port: server.port)
        try browser.get("/tables/picks")
        try browser.press("Cherry")

        try folder.write("tables.json", WebReloadTests.after)
        let layout = try String(contentsOfFile: templates + "/layout.mustache", encoding: .utf8)
        try layout.replacingOccurrences(of: "</body>", with: "<!-- reloaded layout --></body>")
            .write(toFile: templates + "/layout.mustache", atomically: true, encoding: .utf8)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(server.waitForError(containing: "tableview: reloaded \(tables) (2 tables, 2 sections, 3 rows)"))
        let page = try browser.get("/tables/picks")
        #expect(page.text.contains("<!-- reloaded layout -->"))
        #expect(try browser.nodes("//button[@aria-checked='true']").map(\.accessibleName) == ["Cherry", "Date"])
        #expect(try browser.buttons(named: "Banana").isEmpty)
        // The carried-over state is committed by the time the reload is reported.
        let cookie = try #require(browser.cookies[VisitorCookie.name])
        #expect(try storedRows(in: folder.file("tables.sqlite"))[cookie]?.contains(#""selected":["c","d"]"#) == true)

        try folder.write("tables.json", #"{"id": "picks", "title": "Picks", "sections": [{"id": "x", "title": "X","#
            + "\n" + #"  "rows": [{"id": "a", "title": "A"}, {"id": "a", "title": "B"}]}]}"#)
        kill(server.process.processIdentifier, SIGHUP)
        #expect(server.waitForError(containing: "reload failed"))
        #expect(server.errorText().contains(#"\#(tables):2:46: sections[0].rows[1].id: duplicate row id "a""#))
        #expect(try browser.get("/tables/picks").text.contains("Picks again"))
        #expect(try browser.get("/tables/other").status == 200)
        #expect(server.stop(with: SIGTERM) == 0)
    }
}
