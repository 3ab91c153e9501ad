import TableModel
import TableRendering
import Testing
import XMLInspection

/// SPEC §10: a long table's page lets the browser skip the rows out of view (`<main class="long">`, style.css);
/// a short one's markup stays as it was.
@Suite struct LongTablePageTests {
    private func page(rows count: Int) throws -> XMLDocument {
        let rows = (0..<count).map { #"{"id": "r\#($0)", "title": "Row \#($0 + 1)"}"# }.joined(separator: ",")
        let json = #"{"id": "long", "title": "Long", "sections": [{"id": "all", "title": "All", "rows": [\#(rows)]}]}"#
        let table = try #require(try DefinitionLoader.load(Array(json.utf8)).get().tables.first)
        var html: [UInt8] = []
        try Fixtures.renderer(for: [table]).renderTable(TableState(definition: table), csrf: "t",
                                                        showsIndexLink: false, language: .en, into: &html)
        return try XMLDocument(parsing: html)
    }

    @Test func aTableOfMoreThanTwoHundredRowsIsLong() throws {
        #expect(try page(rows: 201).nodes(matching: "//main").first?.attribute("class") == "long")
        #expect(try page(rows: 200).nodes(matching: "//main").first?.attribute("class") == nil)
    }

    @Test func aLongTablesLandingClassesFollowItsOwn() throws {
        let table = try #require(try DefinitionLoader.load(Array(#"""
            {"id": "t", "title": "T", "sections": [{"id": "s", "title": "S", "selection": "multiple", "rows": [
            \#((0..<201).map { #"{"id": "r\#($0)", "title": "R\#($0)"}"# }.joined(separator: ","))]}]}
            """#.utf8)).get().tables.first)
        var html: [UInt8] = []
        let landing = Landing(target: .rowControl(row: "r5", .select), offset: 76)
        try Fixtures.renderer(for: [table]).renderTable(TableState(definition: table), csrf: "t", landing: landing,
                                                        showsIndexLink: false, language: .en, into: &html)
        let main = try XMLDocument(parsing: html).nodes(matching: "//main").first
        #expect(main?.attribute("class") == "long at4 at8 at64")
    }
}
