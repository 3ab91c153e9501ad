import TableModel
import TableRendering
import Testing
import XMLInspection

/// SPEC §10 "Find" and "Section index" as pages: a search field on every table page; a page that finds shows the
/// matching rows under their sections with a count and marks, or says it found none; a table of many sections
/// links to each of them.
@Suite struct FindPageTests {
    /// The accordion's page finding "en": Weekends (Hours) and Children (Prices, collapsed), as the app finds them.
    private static func results(_ state: TableState, query: String = "en", matches: [Int] = [1, 3], limit: Int = 200)
        -> FindResults
    {
        let filter = state.filter(matching: matches, limit: limit)
        let marks: [Int: RowMarks] = [
            1: RowMarks(title: [4..<6], detail: []),
            3: RowMarks(title: [6..<8], detail: []),
        ]
        return FindResults(query: query, filter: filter, marks: marks.filter { filter.shown.contains($0.key) })
    }

    @Test func aPageThatFindsShowsTheMatchingRowsUnderTheirSectionsWithACount() throws {
        let state = TableState(definition: try Fixtures.table("accordion"))
        let page = try CheckedPage(state, find: Self.results(state))
        #expect(try page.values("id", of: "//main/section") == ["section_hours", "section_prices"])
        #expect(try page.values("id", of: "//li") == ["row_weekends", "row_child"])
        #expect(try page.nodes("//li//mark").map(\.text) == ["en", "en"])
        #expect(try page.names("//button[@id = 'row_child_select']") == ["Children ¥200"])
        // Prices is collapsed: it shows its match and its header still offers to expand it.
        #expect(try page.values("aria-expanded", of: "//button[@id = 'section_prices_toggle']") == ["false"])
        #expect(try page.nodes("//p[@id = 'find-count']").first?.text == "2 of 8 rows Show all rows")
        #expect(try page.values("href", of: "//a[@id = 'find-clear']") == ["/tables/accordion"])
        #expect(try page.values("value", of: "//form[@role = 'search']//input[@name = 'q']") == ["en"])
        #expect(try page.nodes("//nav[@id = 'sections']").isEmpty)
        // Every form that posts carries the query back, once.
        let forms = try page.nodes("//form[@method = 'post']")
        #expect(!forms.isEmpty)
        for form in forms {
            #expect(try form.nodes(matching: ".//input[@type = 'hidden' and @name = 'q']").map { $0.attribute("value") }
                == ["en"])
        }
    }

    @Test func anEmptyResultSaysSoWithAWayBack() throws {
        let state = TableState(definition: try Fixtures.table("accordion"))
        let page = try CheckedPage(state, find: Self.results(state, query: "zz", matches: []))
        #expect(try page.nodes("//main/section").isEmpty)
        #expect(try page.nodes("//p[@id = 'find-none']").first?.text == "No rows match “zz”. Show all rows")
        #expect(try page.values("href", of: "//p[@id = 'find-none']/a") == ["/tables/accordion"])
    }

    @Test func aPageShowsItsFirstMatchesOnlyAndSaysSo() throws {
        let state = TableState(definition: try Fixtures.table("accordion"))
        let page = try CheckedPage(state, find: Self.results(state, limit: 1), snapshot: false)
        #expect(try page.values("id", of: "//li") == ["row_weekends"])
        #expect(try page.nodes("//p[@id = 'find-count']").first?.text == "2 of 8 rows Show all rows")
        #expect(try page.nodes("//p[@class = 'find-capped']").first?.text
            == "Showing the first 1: add to the search to find the others.")
    }

    @Test func aDeletedMatchLeavesItsUndoAmongTheResults() throws {
        let state = try TableState(definition: try Fixtures.table("editing")).after(.setEditMode(.all))
        let row = try #require(state.definition.rows.first { $0.isDeletable })
        let deleted = try state.after(.delete(row: row.id))
        let filter = deleted.filter(matching: [row.tableIndex], limit: 200)
        #expect(filter.matchCount == 0 && filter.showsUndoableDeletion)
        let page = try CheckedPage(deleted, message: .status("Deleted.", undoRowID: row.id, in: nil),
                                   find: FindResults(query: "x", filter: filter, marks: [:]), snapshot: false)
        #expect(try page.nodes("//main/section//button[@id = 'undo']").count == 1)
    }

    @Test func theQueryIsEscapedWhereItIsEchoed() throws {
        let state = TableState(definition: try Fixtures.table("accordion"))
        let query = "\"/><script>x</script>&amp;"
        let page = try CheckedPage(state, find: Self.results(state, query: query, matches: []), snapshot: false)
        #expect(try page.nodes("//script").isEmpty)
        #expect(try page.values("value", of: "//input[@id = 'find-q']") == [query])
        #expect(try page.nodes("//p[@id = 'find-none']").first?.text.contains("“\(query)”") == true)
    }

    /// A table of `count` sections of one row each.
    private static func table(sections count: Int) throws -> TableState {
        let sections = (1...count).map {
            #"{"id": "s\#($0)", "title": "Section \#($0)", "rows": [{"id": "r\#($0)", "title": "Row \#($0)"}]}"#
        }
        let json = #"{"id": "many", "title": "Many", "sections": [\#(sections.joined(separator: ","))]}"#
        return TableState(definition: try #require(try DefinitionLoader.load(json).get().table(id: "many")))
    }

    @Test func aTableOfEightSectionsOffersAnIndexOfThem() throws {
        let page = try CheckedPage(try Self.table(sections: 8))
        let links = try page.nodes("//nav[@id = 'sections']//a")
        #expect(links.map { $0.attribute("href") } == (1...8).map { "#section_s\($0)" })
        #expect(links.map(\.accessibleName) == (1...8).map { "Section \($0)" })
        #expect(try page.values("aria-label", of: "//nav[@id = 'sections']") == ["Sections"])
        // Each section links back to the index.
        #expect(try page.values("href", of: "//section/a[@class = 'to-index']") == Array(repeating: "#sections", count: 8))
    }

    @Test func aTableOfFewerSectionsHasNoIndex() throws {
        let page = try CheckedPage(try Self.table(sections: 7), snapshot: false)
        #expect(try page.nodes("//nav[@id = 'sections'] | //a[@class = 'to-index']").isEmpty)
    }
}
