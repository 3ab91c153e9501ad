import HTTPServer
import TableModel
import Testing
@testable import TableviewApp

/// SPEC §10 "Huge sections": a long section is shown in windows whose URL names them; the page after an action
/// opens the window that holds the row acted on, or the window the form's page showed.
@Suite struct WebWindowTests {
    /// A short section and one of 2,500 rows, shown in windows of 100 (the limit stays 2,000).
    private static let tables: String = {
        let rows = (1...2_500).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",")
        return #"""
            {"id": "big", "title": "Big", "editModes": ["all", "sort", "delete"], "sections": [
             {"id": "short", "title": "Short", "collapsible": true, "rows": [{"id": "a", "title": "Apple"}]},
             {"id": "long", "title": "Long", "selection": "multiple", "rows": [\#(rows)]}]}
            """#
    }()
    private static let windowing = RowWindowing(threshold: 2_000, size: 100)

    private func withSite(_ body: (_ port: Int, _ browser: Browser) throws -> Void) throws {
        try withLiveSite(tables: Self.tables, windowing: Self.windowing) { port, _ in
            try body(port, Browser(port: port))
        }
    }

    /// The ids of the long section's rows on the page.
    private func rows(_ browser: Browser) throws -> [String] {
        try browser.nodes("//section[@id = 'section_long']//li").compactMap { $0.attribute("id") }
    }

    /// The page `browser.lastLocation` names has the element its fragment names.
    private func landedElementExists(_ browser: Browser) throws -> Bool {
        let fragment = try #require(browser.lastLocation?.split(separator: "#").last)
        return try !browser.nodes("//*[@id = '\(fragment)']").isEmpty
    }

    @Test func aLongSectionShowsOneWindowAndItsNeighboursByURL() throws {
        try withSite { _, browser in
            try browser.get("/tables/big")
            #expect(try rows(browser).count == 100)
            #expect(try rows(browser).first == "row_r1")
            let next = try #require(try browser.nodes("//nav[@id = 'section_long_windows']//a[@rel = 'next']").first)
            #expect(next.attribute("href") == "/tables/big?section=long&from=101#section_long_window")
            try browser.get("/tables/big?section=long&from=1234")
            #expect(try rows(browser).first == "row_r1201")
            #expect(try rows(browser).last == "row_r1300")
            #expect(try browser.nodes("//section[@id = 'section_short']//li").count == 1)
        }
    }

    @Test func anActionOnARowOfAWindowReturnsToThatWindowAtTheRow() throws {
        try withSite { _, browser in
            try browser.get("/tables/big?section=long&from=1201")
            #expect(try browser.press("Row 1250").status == 303)
            #expect(browser.lastLocation == "\(browser.origin)/tables/big?section=long&from=1201#row_r1250_select")
            #expect(try rows(browser).first == "row_r1201")
            #expect(try browser.nodes("//li[@id = 'row_r1250']//button[@aria-checked = 'true']").count == 1)
            #expect(try landedElementExists(browser))
        }
    }

    @Test func aRowMovedToTheBottomIsFollowedToTheLastWindow() throws {
        try withSite { _, browser in
            try browser.get("/tables/big")
            try browser.press("Reorder only")
            try browser.get("/tables/big?section=long&from=1201")
            try browser.get("/tables/big/rows/r1250/position")
            try browser.press("Move Row 1250 to bottom")
            #expect(browser.lastLocation?.hasPrefix("\(browser.origin)/tables/big?section=long&from=2401#row_r1250_")
                == true, "\(browser.lastLocation ?? "")")
            #expect(try rows(browser).last == "row_r1250")
            #expect(try landedElementExists(browser))
        }
    }

    @Test func aDeletionLandsOnUndoInItsWindowAndUndoBringsTheRowBackThere() throws {
        try withSite { _, browser in
            try browser.get("/tables/big")
            try browser.press("Delete only")
            try browser.get("/tables/big?section=long&from=601")
            try browser.press("Delete Row 650")
            #expect(browser.lastLocation == "\(browser.origin)/tables/big?section=long&from=601#undo")
            #expect(try landedElementExists(browser))
            try browser.press("Undo")
            #expect(browser.lastLocation?.hasPrefix("\(browser.origin)/tables/big?section=long&from=601#row_r650")
                == true, "\(browser.lastLocation ?? "")")
            #expect(try landedElementExists(browser))
        }
    }

    /// A form on no row (the toolbar, a header) returns to the window of the page it was on, which its `Referer`
    /// names; without one, to the table's first windows.
    @Test func aToolbarActionKeepsTheWindowOfItsPage() throws {
        try withSite { _, browser in
            try browser.get("/tables/big?section=long&from=801")
            try browser.press("All")
            #expect(browser.lastLocation == "\(browser.origin)/tables/big?section=long&from=801#edit-mode-all")
            #expect(try rows(browser).first == "row_r801")
            try browser.submit(try #require(try browser.nodes("//button[@id = 'section_short_toggle']").first))
            #expect(browser.lastLocation == "\(browser.origin)/tables/big?section=long&from=801#section_short_toggle")
            browser.sendsReferer = false
            try browser.press("Off")
            #expect(browser.lastLocation == "\(browser.origin)/tables/big#edit-mode-off")
            #expect(try rows(browser).first == "row_r1")
        }
    }

    @Test func thePickerOfARowInAWindowLeadsBackToItsWindow() throws {
        try withSite { _, browser in
            try browser.get("/tables/big")
            try browser.press("Reorder only")
            try browser.get("/tables/big/rows/r1250/position")
            let back = try #require(try browser.nodes("//a[@class = 'back']").first?.attribute("href"))
            #expect(back == "/tables/big?section=long&from=1201#row_r1250_move")
        }
    }

    @Test(arguments: [
        "section=nope&from=1", "section=long&from=0", "section=long", "from=5", "section=long&from=x",
        "section=long&from=1&from=2", "section=long&from=%ZZ",
    ])
    func aWindowQueryThatNamesNoWindowIs400(_ query: String) throws {
        try withSite { _, browser in
            let answer = try browser.get("/tables/big?\(query)")
            #expect(answer.status == 400)
        }
    }

    @Test func aRowNumberPastTheEndShowsTheLastWindowAndAShortSectionIsWhole() throws {
        try withSite { _, browser in
            let last = try browser.get("/tables/big?section=long&from=999999")
            #expect(last.status == 200)
            #expect(try rows(browser).first == "row_r2401")
            #expect(try browser.get("/tables/big?section=short&from=1").status == 200)
            #expect(try rows(browser).first == "row_r1")
        }
    }

    /// Each window is its own page to the page cache and to `ETag`s.
    @Test func windowsAreCachedAndTaggedApart() throws {
        try withSite { _, browser in
            try browser.get("/tables/big")
            try browser.press("Row 5")
            let first = try #require(try browser.get("/tables/big").header("ETag"))
            let second = try #require(try browser.get("/tables/big?section=long&from=101").header("ETag"))
            #expect(first != second)
            let answer = try browser.send("GET", "/tables/big", headers: [("If-None-Match", second)])
            #expect(answer.status == 200)
            #expect(try browser.send("GET", "/tables/big", headers: [("If-None-Match", first)]).status == 304)
            #expect(try browser.get("/tables/big?section=long&from=101").text.contains("id=\"row_r101\""))
        }
    }
}
