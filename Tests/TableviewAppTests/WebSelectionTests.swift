import Testing
@testable import TableviewApp

/// SPEC §2 "Selection", through HTTP as a browser with scripts off uses it.
@Suite struct WebSelectionTests {
    private func checked(_ browser: Browser, _ row: String) throws -> String? {
        try browser.nodes("//*[@id='row_\(row)']//button[@aria-checked]").first?.attribute("aria-checked")
    }

    @Test func singleSectionSelectsTappedRowAndDeselectsTheOthers() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            #expect(try checked(browser, "a") == "true")
            let answer = try browser.press("Banana")
            #expect(answer.status == 303)
            #expect(browser.lastLocation == "\(browser.origin)/tables/picks#row_b_select")
            #expect(try checked(browser, "b") == "true")
            #expect(try checked(browser, "a") == "false")
            #expect(try browser.nodes("//*[@id='row_b']//*[@class='check']").count == 1)
        }
    }

    @Test func singleRequiredSectionKeepsSelectionWhenTappedAgain() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Apple")
            #expect(try checked(browser, "a") == "true")
        }
    }

    @Test func singleOptionalSectionDeselectsWhenTappedAgain() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Mango")
            #expect(try checked(browser, "m1") == "true")
            try browser.press("Mango")
            #expect(try checked(browser, "m1") == "false")
        }
    }

    @Test func singleSectionRowsSitInARadiogroupLabelledByTheTitle() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            let group = try #require(try browser.nodes("//*[@role='radiogroup'][.//*[@id='row_a']]").first)
            let label = try #require(group.attribute("aria-labelledby"))
            #expect(try browser.nodes("//*[@id='\(label)']").first?.text == "One")
            #expect(try browser.nodes("//*[@id='row_a']//button").first?.attribute("role") == "radio")
        }
    }

    @Test func multipleSectionRefusesSelectionBeyondTheLimit() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Xigua")
            try browser.press("Yuzu")
            let answer = try browser.press("Zucchini")
            #expect(answer.status == 303)
            #expect(try checked(browser, "z") == "false")
            let message = try #require(try browser.message())
            #expect(message.role == "alert")
            #expect(message.text.contains("2"))
            // The alert sits in the section acted on, where the reader lands.
            #expect(try browser.nodes("//*[@id='section_two']//*[@id='message']").count == 1)
            // Flipping a selected row still works at the limit.
            try browser.press("Yuzu")
            #expect(try checked(browser, "y") == "false")
            #expect(try browser.message() == nil)
        }
    }

    @Test func noneSectionRowsAreNotControls() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            #expect(try browser.nodes("//*[@id='row_p']//button").isEmpty)
            #expect(try browser.nodes("//*[@id='row_p']").first?.text.contains("Pear") == true)
        }
    }

    @Test func messageIsShownOnce() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Xigua")
            try browser.press("Yuzu")
            try browser.press("Zucchini")
            #expect(try browser.message()?.role == "alert")
            // No browser may keep the page with the message to show it again on Back: it asks the server again.
            #expect(browser.response?.header("Cache-Control") == "no-store")
            // It can be closed without script: an open <details> whose summary, Close, folds it.
            #expect(try browser.nodes("//details[@open]/summary").map(\.text) == ["Close"])
            let again = try browser.get("/tables/picks")
            #expect(try browser.message() == nil)
            #expect(again.header("Cache-Control") == "no-store")
        }
    }

    @Test func selectionIsNotPossibleWhileEditingButCheckmarksStay() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("All", in: "//*[@role='group']")
            let book = try #require(try browser.nodes("//*[@id='row_book']//button[@aria-checked]").first)
            #expect(book.attribute("aria-checked") == "true")
            #expect(book.attribute("disabled") != nil)
            // A forged select while editing is refused with an alert and changes nothing.
            let answer = try browser.submit(book)
            #expect(answer.status == 303)
            #expect(try browser.message()?.role == "alert")
            #expect(try checked(browser, "camera") == "false")
        }
    }
}
