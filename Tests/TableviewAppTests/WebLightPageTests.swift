import TestSupport
import Testing
import XMLInspection

/// A long table in an edit mode, in a graphical browser (docs/DESIGN.md "Light pages"): one form per section's
/// rows carries the CSRF token, each button names its action in its `formaction`, and the rules of every other
/// form hold for it — the token from the body only, a field once, a malformed query 400, nothing changed.
@Suite struct WebLightPageTests {
    private static let table: String = {
        let rows = (0..<201).map { #"{ "id": "r\#($0)", "title": "Row \#($0)" }"# }.joined(separator: ", ")
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
            #expect(try browser.nodes("//li//input[@type = 'image']").isEmpty)
            #expect(try browser.nodes("//button[@id = 'row_r1_down']").first?.attribute("formaction")
                == "long/rows/r1/position?from=1&index=2", "relative to the page, /tables/long")
            try browser.press("Move Row 1 down")
            #expect(try order(browser) == ["row_r0", "row_r2", "row_r1"])
            try browser.press("Delete Row 0")
            #expect(try order(browser) == ["row_r2", "row_r1", "row_r3"])
            try browser.press("Undo")
            #expect(try order(browser) == ["row_r0", "row_r2", "row_r1"])
            // A text browser keeps a form per control: lynx and w3m do not know `formaction`.
            browser.userAgent = "Lynx/2.9.0dev.12 libwww-FM/2.14"
            try browser.get("/tables/long")
            #expect(try browser.nodes("//form[@class = 'rows-form']").isEmpty)
            #expect(try browser.nodes("//li[@id = 'row_r1']//form").count == 4)
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
