import TestSupport
import Testing
import XMLInspection

/// A long table in an edit mode, in a graphical browser (docs/DESIGN.md "Light pages"): one form per section's
/// rows carries the CSRF token, each button names its action in its `formaction`, and the rules of every other
/// form hold for it — the token from the body only, a field once, a malformed query 400, nothing changed.
@Suite struct WebLightPageTests {
    private static let table: String = {
        // 210 rows: still over the 200 of a light page after a deletion.
        let rows = (0..<210).map { #"{ "id": "r\#($0)", "title": "Row \#($0)" }"# }.joined(separator: ", ")
        return #"{ "id": "long", "title": "Long", "editModes": ["all"], "sections": [ { "id": "s", "title": "S", "#
            + #""selection": "multiple", "rows": [ \#(rows) ] } ] }"#
    }()

    private func order(_ browser: Browser) throws -> [String] {
        try browser.nodes("//li").prefix(3).compactMap { $0.attribute("id") }
    }

    @Test func aLongTableInAnEditModeHasOneFormPerSectionAndButtonsThatNameTheirAction() throws {
        try withLiveSite(tables: Self.table) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/long")
            try browser.press("All", in: "//*[@role='group']")
            #expect(try browser.nodes("//form[@class = 'rows-form']").count == 1)
            #expect(try browser.nodes("//li//form").isEmpty, "no form per row")
            #expect(try browser.nodes("//form[@class = 'rows-form']/input[@name = 'csrf']").count == 1)
            #expect(try browser.nodes("//button[@id = 'row_r1_down']").first?.attribute("formaction")
                == "long/rows/r1/position?from=1&index=2", "relative to the page, /tables/long")
            try browser.press("Move Row 1 down")
            #expect(try order(browser) == ["row_r0", "row_r2", "row_r1"])
            try browser.press("Delete Row 0")
            #expect(try order(browser) == ["row_r2", "row_r1", "row_r3"])
            try checkTapInputs(browser)
            try browser.press("Undo")
            #expect(try order(browser) == ["row_r0", "row_r2", "row_r1"])
            // A text browser keeps a form per control: lynx and w3m do not know `formaction`.
            browser.userAgent = "Lynx/2.9.0dev.12 libwww-FM/2.14"
            try browser.get("/tables/long")
            #expect(try browser.nodes("//form[@class = 'rows-form']").isEmpty)
            #expect(try browser.nodes("//li[@id = 'row_r1']//form").count == 4)
        }
    }

    /// Each enabled button of the rows' forms (rows and the Undo placeholder) sits in a `<span>` with its tap input,
    /// which names the same action; a disabled one has none (SPEC §2 "Every pointer tap").
    private func checkTapInputs(_ browser: Browser) throws {
        let enabled = try browser.nodes("//form[@class = 'rows-form']//button[not(@disabled)]")
        #expect(enabled.count > 600, "Delete, up and down of most rows, and Undo")
        #expect(try browser.nodes("//form[@class = 'rows-form']//input[@type = 'image']").count == enabled.count)
        for button in enabled {
            let input = try #require(try button.nodes(matching: "following-sibling::input[@type = 'image']").first)
            #expect(input.attribute("formaction") == button.attribute("formaction"))
            #expect(input.attribute("name") == "tap" && input.attribute("aria-hidden") == "true")
            #expect(button.parent?.name == "span")
        }
        for button in try browser.nodes("//form[@class = 'rows-form']//button[@disabled]") {
            #expect(try button.nodes(matching: "following-sibling::input").isEmpty)
        }
    }

    @Test func aTapOnALightPageLandsItsControlWhereItWasTapped() throws {
        try withLiveSite(tables: Self.table) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/long")
            try browser.press("All", in: "//*[@role='group']")
            // The 44 px "down" of row 100 tapped at 200 px: its top was at 178 px = 44 units of 4 px and 2 px.
            try browser.tap("Move Row 100 down", atY: 200)
            #expect(browser.lastLocation == "\(browser.origin)/tables/long#row_r100_down")
            #expect(try browser.nodes("//li").dropFirst(100).prefix(2).compactMap { $0.attribute("id") }
                == ["row_r101", "row_r100"])
            #expect(try browser.nodes("//main").first?.attribute("class") == "at4 at8 at32 px2 tapped lazy-taps changed")
            try browser.tap("Delete Row 3", atY: 500)
            #expect(browser.lastLocation == "\(browser.origin)/tables/long#undo")
            try browser.tap("Undo", atY: 480)
            #expect(try order(browser) == ["row_r0", "row_r1", "row_r2"])
            #expect(try browser.nodes("//li[@id = 'row_r3']").count == 1)
        }
    }

    @Test func aFormactionsQueryIsCheckedAsAFormsFieldsAre() throws {
        try withLiveSite(tables: Self.table) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/long")
            try browser.press("All", in: "//*[@role='group']")
            let token = try browser.csrfToken()
            let before = try order(browser)
            // The token only counts in the body.
            #expect(try browser.post("/tables/long/rows/r1/position?from=1&index=2&csrf=\(token)", fields: []).status
                == 403)
            // A field once: in the query and the body is twice.
            #expect(try browser.post("/tables/long/rows/r1/position?from=1&index=2",
                                     fields: [("csrf", token), ("index", "2")]).status == 400)
            // A query that does not parse, or a value that does not.
            #expect(try browser.post("/tables/long/rows/r1/position?from=1&index=%zz", fields: [("csrf", token)])
                .status == 400)
            #expect(try browser.post("/tables/long/rows/r1/position?from=1&index=two", fields: [("csrf", token)])
                .status == 400)
            // From another site.
            browser.sendsOrigin = false
            #expect(try browser.post("/tables/long/rows/r1/position?from=1&index=2", fields: [("csrf", token)],
                                     extraHeaders: [("Origin", "http://evil.example")]).status == 403)
            try browser.get("/tables/long")
            #expect(try order(browser) == before, "nothing changed")
        }
    }
}
