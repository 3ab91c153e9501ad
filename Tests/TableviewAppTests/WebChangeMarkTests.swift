import Testing
@testable import TableviewApp

/// docs/DESIGN.md "Animated changes": the first view of the page after an action that changed the table marks
/// `<main>` `changed`, under which CSS shows the change; a reload, a refusal and an action that changed nothing do
/// not.
@Suite struct WebChangeMarkTests {
    private func marked(_ browser: Browser) throws -> Bool {
        let classes = try browser.nodes("//main").first?.attribute("class") ?? ""
        return classes.split(separator: " ").contains("changed")
    }

    @Test func onlyThePageRightAfterAChangeIsMarked() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/picks")
            #expect(try !marked(browser), "a first load")
            try browser.tap("Banana", atY: 200)
            #expect(try marked(browser), "Banana selected")
            try browser.get("/tables/picks")
            #expect(try !marked(browser), "a reload")
            try browser.tap("Banana", atY: 200)
            #expect(try !marked(browser), "Banana tapped again: One needs a selection, nothing changed")
            try browser.tap("Xigua", atY: 300)
            try browser.tap("Yuzu", atY: 344)
            #expect(try marked(browser))
            try browser.tap("Zucchini", atY: 388)
            #expect(try !marked(browser), "a third row of Two at most is refused")
        }
    }
}
