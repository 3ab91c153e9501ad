import Testing
import XMLInspection
@testable import TableviewApp

/// SPEC §10, the position picker, through HTTP: a GET page of the row's places, each a move form that moves the row
/// there in one submission and lands back on the row; stale forms refused as any move.
@Suite struct WebPickerTests {
    private func order(_ browser: Browser) throws -> [String] {
        try browser.nodes("//*[@id='section_things']//li").compactMap { $0.attribute("id") }
    }

    /// Opens Phone's picker through its "Move Phone…" link on the table page, in Reorder only.
    private func openPicker(_ browser: Browser) throws -> String {
        try browser.get("/tables/list")
        try browser.press("Reorder only", in: "//*[@role='group']")
        let link = try #require(try browser.nodes("//a").first { $0.accessibleName == "Move Phone…" })
        let href = try #require(link.attribute("href"))
        let response = try browser.get(href)
        #expect(response.status == 200)
        #expect(response.header("Cache-Control") == "no-store")
        return href
    }

    @Test func aMoveFromThePickerTakesOneSubmissionAndLandsOnTheRowsPickerLink() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            _ = try openPicker(browser)
            let page = try #require(browser.page)
            #expect(PageContract.violations(in: page).isEmpty)
            #expect(try page.nodes(matching: "//a[@class='back']").first?.attribute("href") == "/tables/list#row_phone_move")
            // Things: Locked one, Locked two, Book, Camera, Phone. Phone can go to 3 or 4, not past the locked rows.
            #expect(try browser.nodes("//ul[@class='places']//button").map(\.accessibleName)
                == ["Position 3, before “Book”", "Position 4, before “Camera”"])
            let response = try browser.press("Position 3, before “Book”")
            #expect(response.status == 303)
            #expect(browser.lastLocation == "\(browser.origin)/tables/list#row_phone_move")
            #expect(try order(browser) == ["row_lock1", "row_lock2", "row_phone", "row_book", "row_camera"])
            #expect(try browser.message() == nil)
        }
    }

    @Test func aStalePickerFormIsRefusedAndMovesNothing() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            let href = try openPicker(browser)
            let stale = try #require(try browser.buttons(named: "Position 3, before “Book”").first)
            try browser.get("/tables/list")
            try browser.press("Move Phone up")
            try browser.submit(stale)
            #expect(browser.lastLocation?.hasSuffix("#row_phone_move") == true)
            #expect(try browser.message()?.role == "alert")
            #expect(try order(browser) == ["row_lock1", "row_lock2", "row_book", "row_phone", "row_camera"])
            let again = try browser.get(href)
            #expect(again.status == 200)
        }
    }

    @Test func thePickerOfAnUnknownRowIsNotFoundAndABadQueryIsRefused() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            let statuses = try [
                "nope/position", "phone/position?position=x", "phone/position?first=1", "phone/position?position=",
                "phone/position?position=999", "phone/position?first=2&last=9",
            ].map { try browser.get("/tables/list/rows/\($0)").status }
            #expect(statuses == [404, 400, 400, 200, 200, 200])
        }
    }

    @Test func thePickerSpeaksTheRequestsLanguage() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.acceptLanguage = "ja"
            try browser.get("/tables/list")
            try browser.press("並べ替えのみ", in: "//*[@role='group']")
            let link = try #require(try browser.nodes("//a").first { $0.accessibleName == "Phoneを移動…" })
            let response = try browser.get(try #require(link.attribute("href")))
            #expect(response.header("Vary") == "Accept-Language, Accept-Encoding")
            let page = try #require(browser.page)
            #expect(page.root?.attribute("lang") == "ja")
            #expect(PageContract.violations(in: page).isEmpty)
        }
    }
}
