import Testing
@testable import TableviewApp

/// SPEC §2 "Collapsing", through HTTP.
@Suite struct WebCollapsingTests {
    private func header(_ browser: Browser, _ section: String) throws -> XMLNodeSummary? {
        try browser.nodes("//*[@id='section_\(section)']//button[@aria-expanded]").first.map {
            XMLNodeSummary(expanded: $0.attribute("aria-expanded"), name: $0.accessibleName)
        }
    }

    struct XMLNodeSummary: Equatable {
        let expanded: String?
        let name: String
    }

    @Test func headerCollapsesAndExpandsAndLandsOnTheSection() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/fold")
            #expect(try header(browser, "open")?.expanded == "true")
            #expect(try header(browser, "open")?.name.hasPrefix("Open") == true)
            let name = try #require(try header(browser, "open")?.name)
            try browser.press(name)
            #expect(browser.lastLocation == "\(browser.origin)/tables/fold#section_open_toggle")
            #expect(try header(browser, "open")?.expanded == "false")
            #expect(try browser.nodes("//*[@id='section_open']//li").isEmpty)
            let collapsedName = try #require(try header(browser, "open")?.name)
            try browser.press(collapsedName)
            #expect(try header(browser, "open")?.expanded == "true")
            #expect(try browser.nodes("//*[@id='section_open']//li").count == 2)
            #expect(try browser.nodes("//*[@id='section_open'][contains(@class, 'just-expanded')]").count == 1)
        }
    }

    @Test func collapsingKeepsRowsAndSelection() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/fold")
            try browser.press("First")
            try browser.press(try #require(try header(browser, "open")?.name))
            #expect(try header(browser, "open")?.name.contains("1 selected") == true)
            try browser.press(try #require(try header(browser, "open")?.name))
            #expect(try browser.nodes("//*[@id='row_o1']//button").first?.attribute("aria-checked") == "true")
        }
    }

    @Test func expandAllAndCollapseAllExistOnlyWithCollapsibleSections() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/fold")
            try browser.press("Expand all")
            #expect(try browser.nodes("//button[@aria-expanded='false']").isEmpty)
            try browser.press("Collapse all")
            #expect(try browser.nodes("//button[@aria-expanded='true']").isEmpty)
            // The section that does not collapse still shows its rows.
            #expect(try browser.nodes("//*[@id='row_f1']").count == 1)
            try browser.get("/tables/picks")
            #expect(try browser.buttons(named: "Expand all").isEmpty)
            #expect(try browser.buttons(named: "Collapse all").isEmpty)
        }
    }

    @Test func collapsingASectionThatDoesNotCollapseIsMalformed() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/fold")
            let before = try browser.send("GET", "/tables/fold/state.json").text
            let answer = try browser.post("/tables/fold/sections/fixed/expansion",
                                          fields: [("csrf", try browser.csrfToken()), ("expanded", "false")])
            #expect(answer.status == 400)
            #expect(try browser.send("GET", "/tables/fold/state.json").text == before)
        }
    }
}
