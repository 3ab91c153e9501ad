import TableModel
import TableRendering
import Testing

/// The index of tables and the error pages.
@Suite struct IndexAndErrorPageTests {
    @Test func theIndexLinksEveryTableInFileOrder() throws {
        let catalog = try Fixtures.catalog("catalog.json")
        var html: [UInt8] = []
        try Fixtures.renderer(for: catalog.tables).renderIndex(language: .en, into: &html)
        let page = try CheckedPage(html)
        let links = try page.nodes("//ul[@class = 'table-list']/li/a")
        #expect(links.map { $0.attribute("href") } == ["/tables/first", "/tables/second", "/tables/third-table"])
        #expect(links.map(\.text) == catalog.tables.map(\.title))
        #expect(try page.nodes("//h1").map(\.text) == ["Tables"])
        #expect(try page.nodes("//form").isEmpty)
        #expect(try page.values("lang", of: "/html") == ["en"])
    }

    @Test func theIndexSpeaksEachLanguageAndMarksTitlesInAnother() throws {
        let catalog = try Fixtures.catalog("catalog.json")
        let renderer = try Fixtures.renderer(for: catalog.tables)
        var html: [UInt8] = []
        renderer.renderIndex(language: .ja, into: &html)
        let page = try CheckedPage(html, language: .ja)
        #expect(try page.values("lang", of: "/html") == ["ja"])
        #expect(try page.nodes("//h1").map(\.text) == ["表の一覧"])
        #expect(try page.nodes("/html/head/title").map(\.text) == ["表の一覧"])
        #expect(try page.values("lang", of: "//ul[@class = 'table-list']/li/a") == catalog.tables.map(\.language))
    }

    @Test func errorPagesShowTheStatusWhatWentWrongAndWhatToDo() throws {
        let renderer = try Fixtures.renderer(for: [])
        let cases: [(status: Int, line: String, message: String, advice: String, back: (String, String),
                     language: UILanguage)] = [
            (400, "400 Bad Request", "This table has no row “<nope>”.",
             "Go back to the table, reload it and use its buttons again.", ("/tables/editing", "Back to the table"),
             .en),
            (403, "403 Forbidden", "The form was out of date or came from another site.",
             "Go back to the table, reload it, and try again. Your browser must keep this site’s cookie.",
             ("/tables/editing", "Back to the table"), .en),
            (404, "404 Not Found", "There is no table “nope”.", "Check the address, or pick a table from the list.",
             ("/", "All tables"), .en),
            (404, "404 見つかりません", "表「nope」はありません。", "アドレスを確かめるか、一覧から表を選んでください。",
             ("/", "すべての表"), .ja),
        ]
        for error in cases {
            var html: [UInt8] = []
            try renderer.renderError(status: error.status, message: error.message, backURL: error.back.0,
                                     language: error.language, into: &html)
            let page = try CheckedPage(html, language: error.language)
            #expect(try page.values("lang", of: "/html") == [error.language.tag])
            #expect(try page.nodes("//h1").map(\.text) == [error.line])
            #expect(try page.nodes("/html/head/title").map(\.text) == [error.line])
            #expect(try page.nodes("//div[@id = 'message' and @role = 'alert']/p").map(\.text) == [error.message])
            #expect(try page.nodes("//p[@class = 'advice']").map(\.text) == [error.advice])
            let back = try page.nodes("//p[@class = 'back']/a")
            #expect(back.map { $0.attribute("href") } == [error.back.0])
            #expect(back.map(\.text) == [error.back.1])
        }
    }

    @Test func anErrorPageDefaultsToTheIndexLinkAndNamesUnlistedStatuses() throws {
        var html: [UInt8] = []
        try Fixtures.renderer(for: []).renderError(status: 599, message: "Odd.", language: .en, into: &html)
        let page = try CheckedPage(html, snapshot: false)
        #expect(try page.nodes("//h1").map(\.text) == ["599 Error"])
        #expect(try page.nodes("//p[@class = 'back']/a").map { $0.attribute("href") } == ["/"])
        #expect(try page.names("//p[@class = 'back']/a") == ["All tables"])
    }
}
