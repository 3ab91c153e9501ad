import TableModel
import TableRendering
import Testing

/// The index of tables and the error pages.
@Suite struct IndexAndErrorPageTests {
    @Test func theIndexLinksEveryTableInFileOrder() throws {
        let catalog = try Fixtures.catalog("catalog.json")
        var html: [UInt8] = []
        try Fixtures.renderer(for: catalog.tables).renderIndex(into: &html)
        let page = try CheckedPage(html)
        let links = try page.nodes("//ul[@class = 'table-list']/li/a")
        #expect(links.map { $0.attribute("href") } == ["/tables/first", "/tables/second", "/tables/third-table"])
        #expect(links.map(\.text) == catalog.tables.map(\.title))
        #expect(try page.nodes("//h1").map(\.text) == ["Tables"])
        #expect(try page.nodes("//form").isEmpty)
    }

    @Test func errorPagesShowTheStatusWhatWentWrongAndWhatToDo() throws {
        let renderer = try Fixtures.renderer(for: [])
        let cases: [(status: Int, line: String, message: String, advice: String, back: (String, String))] = [
            (400, "400 Bad Request", "This table has no row “<nope>”.", "Go back to the table and try again.",
             ("/tables/editing", "Back to the table")),
            (403, "403 Forbidden", "The form was out of date or came from another site.",
             "Reload the table and submit the form again.", ("/tables/editing", "Back to the table")),
            (404, "404 Not Found", "There is no table “nope”.", "Choose a table from the list.",
             ("/", "All tables")),
        ]
        for error in cases {
            var html: [UInt8] = []
            try renderer.renderError(status: error.status, message: error.message, advice: error.advice,
                                     backURL: error.back.0, backLabel: error.back.1, into: &html)
            let page = try CheckedPage(html)
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
        try Fixtures.renderer(for: []).renderError(status: 599, message: "Odd.", advice: "Try again.", into: &html)
        let page = try CheckedPage(html, snapshot: false)
        #expect(try page.nodes("//h1").map(\.text) == ["599 Error"])
        #expect(try page.nodes("//p[@class = 'back']/a").map { $0.attribute("href") } == ["/"])
        #expect(try page.names("//p[@class = 'back']/a") == ["All tables"])
    }
}
