import TableModel
import TableRendering
import Testing
import XMLInspection

/// SPEC §10 "Huge sections": a section longer than the limit is shown in windows of rows, with links to the others;
/// no page costs more than a bounded amount however long its sections.
@Suite struct WindowPageTests {
    /// A table of a short section and a long one of `rows` rows, in edit mode All.
    private static func state(longRows rows: Int) throws -> TableState {
        let long = (0..<rows).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",")
        let json = #"""
            {"id": "big", "title": "Big", "editModes": ["all"], "sections": [
             {"id": "short", "title": "Short", "rows": [{"id": "a", "title": "A"}]},
             {"id": "long", "title": "Long", "footer": "The end.", "selection": "multiple", "rows": [\#(long)]}]}
            """#
        let definition = try #require(try DefinitionLoader.load(json).get().table(id: "big"))
        return try TableState(definition: definition).after(.setEditMode(.all))
    }

    /// A 100,000-row section in edit mode All rendered a page of 207 MB on every GET; a window of it is a few hundred
    /// KB (200 rows of about 2.5 KB, with a tap input beside each enabled control).
    @Test func a100000RowSectionInEditModeAllIsAPageOfAFewHundredKilobytes() throws {
        let state = try Self.state(longRows: 100_000)
        let renderer = try Fixtures.renderer(for: [state.definition])
        let windows: [(WindowFocus?, String)] = [
            (nil, "row_r0"), (WindowFocus(sectionID: "long", position: 54_321), "row_r54200"),
        ]
        for (focus, first) in windows {
            var page: [UInt8] = []
            try renderer.renderTable(state, csrf: "token", showsIndexLink: false, focus: focus, language: .en,
                                     into: &page)
            #expect(page.count < 600_000, "\(page.count) bytes")
            let document = try XMLDocument(parsing: page)
            let rows = try document.nodes(matching: "//section[@id = 'section_long']//li[starts-with(@id, 'row_')]")
            #expect(rows.count == 200)
            #expect(rows.first?.attribute("id") == first)
            #expect(try document.nodes(matching: "//nav[@id = 'section_long_windows']//a").count < 70)
        }
    }

    /// A window of three rows of a 2,001-row section (a short window keeps the snapshot readable): the line above the
    /// rows, the Undo placeholder of a deletion in it, and the links below, grouped as the picker groups places.
    @Test func aWindowShowsItsRowsItsRangeAndLinksToTheOtherWindows() throws {
        let state = try Self.state(longRows: 2_002).after(.delete(row: "r1001"))
        // The page right after the deletion, whose status the placeholder is.
        let page = try CheckedPage(state, message: .status("Deleted “Row 1001”.", undoRowID: "r1001", in: "long"),
                                   windowing: RowWindowing(threshold: 2_000, size: 3),
                                   focus: WindowFocus(sectionID: "long", position: 1_000))
        #expect(try page.nodes("//section[@id = 'section_long']//li").compactMap { $0.attribute("id") }
            == ["row_r999", "row_r1000", "row_r1002"])
        #expect(try page.nodes("//section[@id = 'section_long']//*[@id = 'undo']").count == 1)
        #expect(try page.names("//p[@id = 'section_long_window']") == ["Rows 1000–1002 of 2001. Other rows"])
        #expect(try page.values("href", of: "//p[@id = 'section_long_window']/a") == ["#section_long_windows"])
        let links = try page.nodes("//nav[@id = 'section_long_windows']//a")
        #expect(links.first?.accessibleName == "Previous rows")
        #expect(links.first?.attribute("href") == "/tables/big?section=long&from=997#section_long_window")
        #expect(links.last?.accessibleName == "Next rows")
        // 667 windows: 14 groups of 50, the one holding window 334 opened into its 50 windows.
        #expect(links.count == 2 + 13 + 50)
        #expect(links.dropFirst().first?.accessibleName == "Rows 1–150")
        #expect(try page.names("//nav[@id = 'section_long_windows']//a[@aria-current = 'page']")
            == ["Rows 1000–1002"])
        #expect(try page.nodes("//section[@id = 'section_short']//*[contains(@class, 'window')]").isEmpty)
    }

    /// The page's layout, which plans every landing, counts the window's line above its rows; what follows a window
    /// is below its links, whose height wraps, as a footer's does.
    @Test func theLayoutCountsTheLineAboveAWindowsRows() throws {
        let state = try Self.state(longRows: 2_500)
        let page = state.presentation(windowing: RowWindowing(threshold: 2_000, size: 100),
                                      focus: WindowFocus(sectionID: "long", position: 1_234))
        let layout = PageLayout(page, showsIndexLink: false, showsUndoPlaceholder: false)
        let section = try #require(layout.position(of: .section("long")))
        let row = try #require(layout.position(of: .row("r1250")))
        #expect(row.distance(from: section)
            == PageLayout.headerHeight + PageLayout.windowLineHeight + 50 * Self.movableRowHeight)
        #expect(layout.position(of: .row("r1199")) == nil, "a row of another window is not on the page")
        let whole = PageLayout(state.presentation, showsIndexLink: false, showsUndoPlaceholder: false)
        #expect(try #require(whole.position(of: .row("r1250"))).distance(from: section)
            == PageLayout.headerHeight + 1_250 * Self.movableRowHeight)
    }

    /// A movable row in Reorder only: its text's line and its move controls' line under it.
    private static let movableRowHeight = PageLayout.rowHeight + PageLayout.moveLineHeight
}
