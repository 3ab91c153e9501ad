import TableModel
import Testing
@testable import TableviewApp

/// SPEC §10 "Huge tables": `tableview check` warns about a table a page cannot show whole — a section longer than
/// `--max-section-rows` (windows) or more rows than `--max-page-rows` across its sections (pages).
@Suite struct CheckWarningsTests {
    private func catalog(sections: Int, rows: Int) throws -> TableCatalog {
        let body = (0..<sections).map { index in
            let list = (0..<rows).map { #"{"id": "r\#(index)-\#($0)", "title": "Row \#($0)"}"# }
                .joined(separator: ",")
            return #"{"id": "s\#(index)", "title": "S\#(index)", "collapsible": true, "expanded": false, "#
                + #""rows": [\#(list)]}"#
        }.joined(separator: ",")
        return try DefinitionLoader.load(#"{"id": "t", "title": "T", "sections": [\#(body)]}"#).get()
    }

    @Test func aTableThatFitsOnePageHasNoWarning() throws {
        #expect(TableviewMain.windowingWarnings(try catalog(sections: 4, rows: 500)).isEmpty)
    }

    @Test func aTableOfManySectionsIsSaidToSpreadOverPages() throws {
        // Collapsed at start: the warning counts every section open, the most a reader can meet.
        let warnings = TableviewMain.windowingWarnings(try catalog(sections: 5, rows: 600))
        #expect(warnings == [#"table "t": its sections' rows spread over 2 pages of at most 2000 rows "#
            + "(--max-page-rows), each page listing every section's header"])
    }

    @Test func aLongSectionIsSaidToShowInWindows() throws {
        let warnings = TableviewMain.windowingWarnings(try catalog(sections: 1, rows: 2_001))
        #expect(warnings.count == 1 && warnings[0].contains("1 section(s) of more than 2000 rows show in windows"))
    }
}
