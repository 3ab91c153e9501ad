import TableModel
@testable import TableviewApp
import Testing
import XMLInspection

/// SPEC §10 "Find" over HTTP: `?q=` shows the matching rows, actions on them return to the same results, a cleared
/// search returns to the whole table, and a query that cannot be served gets a clear 400.
@Suite struct WebFindTests {
    @Test func aSearchShowsTheMatchingRowsWithACountAndMarks() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            let page = try browser.get("/tables/list?q=%EF%BC%A3%EF%BD%81m")  // "Ｃａm", full width
            #expect(page.status == 200)
            #expect(try browser.nodes("//li[starts-with(@id, 'row_')]").compactMap { $0.attribute("id") }
                == ["row_camera"])
            #expect(try browser.nodes("//mark").map(\.text) == ["Cam"])
            #expect(try browser.nodes("//p[@id = 'find-count']").first?.text.hasPrefix("1 of 6 rows") == true)
            #expect(try browser.nodes("//input[@id = 'find-q']").first?.attribute("value") == "Ｃａm")
        }
    }

    @Test func anActionOnAResultReturnsToTheSameResultsAtTheControl() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            // The forms carry the query: no `Referer` needed (lynx sends none for a URL with a query).
            browser.sendsReferer = false
            try browser.get("/tables/list?q=o")
            try browser.press("All", in: "//*[@role = 'group']")
            #expect(browser.lastLocation == "\(browser.origin)/tables/list?q=o#edit-mode-all")
            try browser.press("Delete Book")
            #expect(browser.lastLocation == "\(browser.origin)/tables/list?q=o#undo")
            #expect(try browser.nodes("//li[@id = 'row_book']").isEmpty)
            #expect(try browser.nodes("//*[@id = 'deleted']//button[@id = 'undo']").count == 1)
            try browser.press("Undo")
            #expect(browser.lastLocation?.hasPrefix("\(browser.origin)/tables/list?q=o#row_book_") == true)
            #expect(try browser.nodes("//li[@id = 'row_book']").count == 1)
            // Moves post the row's index in its whole section, not among the results.
            let from = try browser.nodes("//li[@id = 'row_phone']//input[@name = 'from']").first?.attribute("value")
            #expect(from == "4")
        }
    }

    @Test func thePositionPickerOfARowFoundReturnsToTheResults() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list?q=o")
            try browser.press("Reorder only", in: "//*[@role = 'group']")
            let link = try #require(try browser.nodes("//a[@id = 'row_phone_move']").first?.attribute("href"))
            #expect(link == "/tables/list/rows/phone/position?q=o")
            try browser.get(link)
            #expect(try browser.nodes("//a[@class = 'back']").first?.attribute("href")
                == "/tables/list?q=o#row_phone_move")
            try browser.press("Move Phone to top")
            #expect(browser.lastLocation == "\(browser.origin)/tables/list?q=o#row_phone_move")
            #expect(try browser.nodes("//li[starts-with(@id, 'row_')]").compactMap { $0.attribute("id") }
                == ["row_lock1", "row_lock2", "row_phone", "row_book", "row_only"])
        }
    }

    @Test func aQueryWithCharactersThatNeedEscapingComesBackEncoded() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            let page = try browser.get("/tables/picks?q=%22%3E%3Cscript%3Ea%26")
            #expect(page.status == 200)
            #expect(try browser.nodes("//script").isEmpty)
            #expect(try browser.nodes("//input[@id = 'find-q']").first?.attribute("value") == "\"><script>a&")
            #expect(try browser.nodes("//p[@id = 'find-none']").first?.text.contains("“\"><script>a&”") == true)
            try browser.get("/tables/picks?q=an")
            try browser.press("Banana")
            #expect(browser.lastLocation == "\(browser.origin)/tables/picks?q=an#row_b_select")
        }
    }

    @Test func aCollapsedSectionShowsItsMatchesAndStaysCollapsed() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/fold?q=hidden")
            #expect(try browser.nodes("//li[@id = 'row_s1']").count == 1)
            #expect(try browser.nodes("//button[@id = 'section_shut_toggle']").first?.attribute("aria-expanded")
                == "false")
            // Its header is still the control it was: expanding it from the results returns to them.
            try browser.submit(try #require(try browser.nodes("//button[@id = 'section_shut_toggle']").first))
            #expect(browser.lastLocation == "\(browser.origin)/tables/fold?q=hidden#section_shut_toggle")
            #expect(try browser.nodes("//button[@id = 'section_shut_toggle']").first?.attribute("aria-expanded")
                == "true")
        }
    }

    @Test func clearingTheSearchReturnsToTheWholeTableAtTheLastControl() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks?q=an")
            try browser.press("Banana")
            let cleared = try browser.send("GET", "/tables/picks?q=+")
            #expect(cleared.status == 303)
            #expect(cleared.header("Location") == "\(browser.origin)/tables/picks#row_b_select")
            try browser.get("/tables/picks?q=an")
            #expect(try browser.nodes("//a[@id = 'find-clear']").first?.attribute("href")
                == "/tables/picks#row_b_select")
        }
    }

    @Test func aQueryThatCannotBeServedIsA400() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            #expect(try browser.send("GET", "/tables/picks?q=%FF").status == 400)
            #expect(try browser.send("GET", "/tables/picks?q=%E6%B9").status == 400)
            #expect(try browser.send("GET", "/tables/picks?q=a&q=b").status == 400)
            try browser.get("/tables/picks")
            let token = try browser.csrfToken()
            let twice = try browser.post("/tables/picks/rows/b/select", fields: [("csrf", token), ("q", "a"), ("q", "b")])
            #expect(twice.status == 400)
            let long = try browser.get("/tables/picks?q=" + String(repeating: "a", count: FindQuery.maximumLength + 1))
            #expect(long.status == 400)
            #expect(String(decoding: long.body, as: UTF8.self).contains("at most 100 characters"))
        }
    }
}
