import Dispatch
import Foundation
import Synchronization
import TableModel
import Testing
@testable import TableviewApp

/// SPEC §11 reload, in process: visitors keep what still applies, pages cached or tagged before are not served
/// again, a file or templates with problems change nothing, and each request sees one catalogue.
@Suite struct WebReloadTests {
    static let before = #"""
        {"tables": [
          {"id": "picks", "title": "Picks", "sections": [{"id": "one", "title": "One", "selection": "multiple",
            "rows": [{"id": "a", "title": "Apple"}, {"id": "b", "title": "Banana"}, {"id": "c", "title": "Cherry"}]}]},
          {"id": "gone", "title": "Gone", "sections": [{"id": "s", "title": "S", "selection": "multiple",
            "rows": [{"id": "g", "title": "Grape"}]}]}
        ]}
        """#
    static let after = #"""
        {"tables": [
          {"id": "picks", "title": "Picks again", "sections": [{"id": "one", "title": "One", "selection": "multiple",
            "rows": [{"id": "a", "title": "Apple"}, {"id": "c", "title": "Cherry"},
                     {"id": "d", "title": "Date", "selected": true}]}]},
          {"id": "other", "title": "Other", "sections": [{"id": "s", "title": "S", "rows": []}]}
        ]}
        """#

    private func checked(_ browser: Browser) throws -> [String] {
        try browser.nodes("//button[@aria-checked='true']").map(\.accessibleName)
    }

    @Test func visitorsKeepWhatStillAppliesAndNewRowsStartFromTheFile() throws {
        try withLiveSite(tables: Self.before) { port, app in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Banana")
            try browser.press("Cherry")
            try browser.get("/tables/gone")
            try browser.press("Grape")
            try app.reload(catalog: try DefinitionLoader.load(Self.after).get(),
                           templates: .folder(ProjectPaths.templates))
            try browser.get("/tables/picks")
            #expect(try browser.nodes("//h1").first?.text == "Picks again")
            #expect(try checked(browser) == ["Cherry", "Date"])
            #expect(try browser.buttons(named: "Banana").isEmpty)
            #expect(try browser.get("/tables/gone").status == 404)
            // The carried-over state is the one stored: the gone table's state is no longer kept.
            let stored = try #require(app.site.sessions.snapshot().first?.1)
            #expect(stored.states.keys.sorted() == ["picks"])
            #expect(stored.states["picks"]?.definition === app.site.catalog.table(id: "picks"))
        }
    }

    @Test func pagesFromBeforeAReloadAreNeitherCachedNorTakenAsCurrent() throws {
        try withLiveSite(tables: Self.before) { port, app in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Cherry")
            let tag = try #require(try browser.get("/tables/picks").header("ETag"))
            #expect(try browser.send("GET", "/tables/picks", headers: [("If-None-Match", tag)]).status == 304)
            try app.reload(catalog: try DefinitionLoader.load(Self.after).get(),
                           templates: .folder(ProjectPaths.templates))
            let answer = try browser.send("GET", "/tables/picks", headers: [("If-None-Match", tag)])
            #expect(answer.status == 200)
            #expect(answer.text.contains("Picks again"))
            #expect(answer.header("ETag") != tag)
        }
    }

    @Test func templatesWithProblemsChangeNothing() throws {
        let folder = try ScratchFolder()
        try folder.write("layout.mustache", "{{$content}}{{/content}}")
        try withLiveSite(tables: Self.before) { port, app in
            #expect(throws: StartupError.self) {
                try app.reload(catalog: try DefinitionLoader.load(Self.after).get(), templates: .folder(folder.path))
            }
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            #expect(try browser.nodes("//h1").first?.text == "Picks")
        }
    }

    /// Two catalogues of one table whose title and rows differ entirely: while one thread reloads back and forth,
    /// every page others get is wholly one or the other.
    @Test func requestsDuringReloadsEachSeeOneCatalogue() throws {
        func version(_ name: String) -> String {
            let rows = (1...6).map { #"{"id": "\#(name)\#($0)", "title": "\#(name.uppercased())\#($0)"}"# }
            return #"{"id": "t", "title": "Version \#(name)", "sections": [{"id": "s", "title": "S", "rows": ["#
                + rows.joined(separator: ", ") + "]}]}"
        }
        let catalogs = try ["a", "b"].map { try DefinitionLoader.load(version($0)).get() }
        try withLiveSite(tables: version("a")) { port, app in
            let mixed = Atomic<Int>(0)
            let pages = Atomic<Int>(0)
            let done = Atomic<Bool>(false)
            let group = DispatchGroup()
            for _ in 0..<2 {
                DispatchQueue.global().async(group: group) {
                    while !done.load(ordering: .relaxed) {
                        guard let page = try? Browser(port: port).get("/tables/t").text else { continue }
                        let name = page.contains("Version a") ? "a" : "b"
                        let other = name == "a" ? "B" : "A"
                        if page.contains(">\(other)1<") || !page.contains(">\(name.uppercased())6<") {
                            mixed.add(1, ordering: .relaxed)
                        }
                        pages.add(1, ordering: .relaxed)
                    }
                }
            }
            // Forty reloads, and on until the readers got pages in between (a loaded machine may starve them).
            let deadline = ContinuousClock.now + .seconds(20)
            var round = 0
            while round < 40 || (pages.load(ordering: .relaxed) < 20 && ContinuousClock.now < deadline) {
                try app.reload(catalog: catalogs[(round + 1) % 2], templates: .folder(ProjectPaths.templates))
                usleep(2_000)
                round += 1
            }
            done.store(true, ordering: .relaxed)
            group.wait()
            #expect(pages.load(ordering: .relaxed) > 0)
            #expect(mixed.load(ordering: .relaxed) == 0)
        }
    }
}
