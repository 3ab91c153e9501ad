import Testing
@testable import TableviewApp

/// SPEC §2 "Every pointer tap": a graphical browser's page carries, after each enabled button, an image input that
/// reports where in the window a pointer tap landed; the landing puts the tapped control there. The report is a
/// hint: a missing or broken one changes nothing but the landing, and every rule of the form holds for it.
@Suite struct WebTapTests {
    /// `<main>`'s landing classes on the current page.
    private func landingClasses(_ browser: Browser) throws -> String? {
        try browser.nodes("//main").first?.attribute("class")
    }

    private func selected(_ browser: Browser, _ row: String) throws -> Bool {
        try browser.nodes("//*[@id='row_\(row)_select']").first?.attribute("aria-checked") == "true"
    }

    @Test func aGraphicalBrowsersPageHasATapInputAfterEachEnabledButtonAndATextBrowsersNone() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/list")
            try browser.press("All", in: "//*[@role='group']")
            let graphical = try #require(browser.response)
            let inputs = try browser.nodes("//input[@type='image']")
            #expect(!inputs.isEmpty)
            for input in inputs {
                #expect(input.attribute("name") == "tap")
                #expect(input.attribute("tabindex") == "-1" && input.attribute("aria-hidden") == "true")
                #expect(input.attribute("alt")?.isEmpty == false)
            }
            // One per enabled button in a form of the table page; none beside a disabled one.
            // The search form is a GET: a tap report would go into its URL.
            let enabled = try browser.nodes("//main//form[@method = 'post']"
                + "[not(ancestor::*[contains(@class, 'notice')])]//button[not(@disabled)]")
            let disabled = try browser.nodes("//form//button[@disabled]")
            #expect(!disabled.isEmpty)
            #expect(inputs.count == enabled.count)
            for button in disabled {
                #expect(try button.nodes(matching: "following-sibling::input[@type='image']").isEmpty)
            }
            #expect(graphical.header("Vary")?.contains("User-Agent") == true)

            for agent in ["Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9", "w3m/0.5.3+git20230121", nil] {
                browser.userAgent = agent
                let text = try browser.get("/tables/list")
                #expect(try browser.nodes("//input[@type='image']").isEmpty, "\(agent ?? "no User-Agent")")
                #expect(try browser.nodes("//form[@method = 'post']//button[not(@disabled)]").count == enabled.count)
                #expect(text.header("ETag") != graphical.header("ETag"), "a cached page of one kind is not the other's")
            }
        }
    }

    @Test func aTapLandsItsControlWhereItWasTappedInTheWindow() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/picks")
            // Banana's 44 px row tapped at 200 px: its top was at 178 px = 44 units of 4 px and 2 px.
            let answer = try browser.tap("Banana", atY: 200)
            #expect(answer.status == 303)
            #expect(browser.lastLocation == "\(browser.origin)/tables/picks#row_b_select")
            #expect(try selected(browser, "b"))
            #expect(try landingClasses(browser) == "at4 at8 at32 px2 tapped changed")
            // The next tap, after a scroll, lands where it was too, not where the last landing predicts.
            try browser.tap("Cherry", atY: 111)
            #expect(try landingClasses(browser) == "at2 at4 at16 px1 tapped changed")
        }
    }

    @Test func aMissingOrBrokenReportIsIgnoredAndTheActionApplied() throws {
        let broken: [[(String, String)]] = [
            [], [("tap.x", "17")], [("tap.y", "200")], [("tap.x", "17"), ("tap.y", "-4")],
            [("tap.x", "17"), ("tap.y", "2.5")], [("tap.x", "17"), ("tap.y", "abc")],
            [("tap.x", "17"), ("tap.y", "99999999999999999999")], [("tap.x", "17"), ("tap.y", "")],
            [("tap.x", "17"), ("tap.y", "200"), ("tap.y", "300")], [("tap.x", "17"), ("tap.y", "%00")],
        ]
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            for coordinates in broken {
                let browser = Browser(port: port)
                browser.userAgent = Browser.graphicalAgent
                try browser.get("/tables/picks")
                let answer = try browser.tap("Banana", atY: 0, coordinates: coordinates)
                #expect(answer.status == 303, "\(coordinates)")
                #expect(try selected(browser, "b"), "\(coordinates)")
                // Landed as without a report: a first tap at 300 px.
                #expect(try landingClasses(browser) == "at1 at2 at8 at64 changed", "\(coordinates)")
            }
        }
    }

    @Test func aLongPageMarksItsTapInputsToBeLaidOutUnderThePointerOnly() throws {
        let rows = (0..<201).map { #"{ "id": "r\#($0)", "title": "Row \#($0)" }"# }.joined(separator: ", ")
        let json = #"{ "id": "long", "title": "Long", "sections": [ { "id": "s", "title": "S", "selection": "multiple", "rows": [ \#(rows) ] } ] }"#
        try withLiveSite(tables: json) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/long")
            #expect(try landingClasses(browser) == "lazy-taps")
            #expect(try browser.nodes("//input[@type='image']").count == 202, "201 rows and Reset")
            try browser.tap("Row 100", atY: 200)
            #expect(try landingClasses(browser) == "at4 at8 at32 px2 tapped lazy-taps changed")
        }
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/picks")
            #expect(try landingClasses(browser) == nil, "a short page's inputs are always there")
        }
    }

    @Test func aTapsFormIsCheckedAsAnyOther() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.userAgent = Browser.graphicalAgent
            try browser.get("/tables/picks")
            let forgedToken = try browser.tap("Banana", atY: 200,
                                              coordinates: [("tap.x", "17"), ("tap.y", "200"), ("csrf", "x")])
            #expect(forgedToken.status == 403)
            try browser.get("/tables/picks")
            browser.origin = "http://elsewhere.example"
            let otherSite = try browser.tap("Banana", atY: 200)
            #expect(otherSite.status == 403)
            browser.origin = "http://127.0.0.1:\(port)"
            try browser.get("/tables/picks")
            #expect(try !selected(browser, "b"), "nothing changed")
        }
    }
}
