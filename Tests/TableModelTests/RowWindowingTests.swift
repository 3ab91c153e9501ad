import Testing
@testable import TableModel

/// SPEC §10 "Huge sections": a section longer than the limit is shown in windows of rows.
@Suite struct RowWindowingTests {
    private func table(longRows: Int) throws -> TableDefinition {
        let rows = (0..<longRows).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",")
        let first = rows.replacing("\"r", with: "\"a")
        let json = #"""
            {"id": "t", "title": "T", "editModes": ["all"], "sections": [
             {"id": "first", "title": "First", "selection": "multiple", "rows": [\#(first)]},
             {"id": "short", "title": "Short", "rows": [{"id": "s", "title": "S"}]},
             {"id": "long", "title": "Long", "collapsible": true, "rows": [\#(rows)]}]}
            """#
        return try #require(try DefinitionLoader.load(json).get().table(id: "t"))
    }

    /// SPEC §10 "Huge tables": a page takes sections while their rows fit `pageRows`, a long section counting one
    /// window and a collapsed one none, and always at least one section.
    @Test func pagesTakeSectionsWhileTheirRowsFit() {
        let windowing = RowWindowing(threshold: 2_000, size: 200, pageRows: 2_000)
        #expect(windowing.pages(ofShownRows: [600, 600, 600, 600, 600]) == [0, 0, 0, 1, 1])
        #expect(windowing.pages(ofShownRows: [2_000, 1, 2_000]) == [0, 1, 2])
        #expect(windowing.pages(ofShownRows: [0, 2_000, 0, 0, 200]) == [0, 0, 0, 0, 1])
        #expect(windowing.shownRows(count: 100_000, isExpanded: true) == 200)
        #expect(windowing.shownRows(count: 1_500, isExpanded: false) == 0)
        #expect(windowing.pages(ofShownRows: Array(repeating: 200, count: 50)) == (0..<50).map { $0 / 10 })
    }

    @Test func aPageOfATableOfManySectionsShowsTheRowsOfThePageHoldingItsFocus() throws {
        let sections = (0..<5).map { index in
            let rows = (0..<600).map { #"{"id": "r\#(index)-\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",")
            return #"{"id": "s\#(index)", "title": "S\#(index)", "rows": [\#(rows)]}"#
        }.joined(separator: ",")
        let table = try #require(try DefinitionLoader.load(#"{"id": "t", "title": "T", "sections": [\#(sections)]}"#)
            .get().table(id: "t"))
        let state = TableState(definition: table)
        let windowing = RowWindowing()
        let first = state.presentation(windowing: windowing, focus: nil).sections
        #expect(first.map(\.rows.count) == [600, 600, 600, 0, 0])
        #expect(first.map(\.rowsElsewhere) == [false, false, false, true, true])
        #expect(first.map(\.rowCount) == [600, 600, 600, 600, 600], "headers count every row")
        let last = state.presentation(windowing: windowing, focus: WindowFocus(sectionID: "s4", position: 0)).sections
        #expect(last.map(\.rows.count) == [0, 0, 0, 600, 600])
        #expect(state.sectionPages(windowing: windowing) == [0, 0, 0, 1, 1])
        let whole = state.presentation(windowing: nil, focus: nil).sections
        #expect(whole.allSatisfy { $0.rows.count == 600 && !$0.rowsElsewhere }, "no windowing: every row")
    }

    @Test func aSectionUpToTheThresholdIsShownWhole() {
        let windowing = RowWindowing()
        #expect(windowing.window(holding: 0, among: 2_000) == nil)
        #expect(windowing.window(holding: 1_999, among: 2_000) == nil)
        #expect(windowing.window(holding: 0, among: 2_001)?.rows == 0..<200)
    }

    @Test func windowsStartAtMultiplesOfTheirSizeAndPositionsAreClamped() throws {
        let windowing = RowWindowing(threshold: 2_000, size: 200)
        #expect(windowing.window(holding: 4_150, among: 100_000)?.rows == 4_000..<4_200)
        #expect(windowing.window(holding: 99_999, among: 100_000)?.rows == 99_800..<100_000)
        #expect(windowing.window(holding: 1_000_000, among: 2_050)?.rows == 2_000..<2_050)
        #expect(windowing.window(holding: -3, among: 2_050)?.rows == 0..<200)
        let last = try #require(windowing.window(holding: 2_000, among: 2_050))
        #expect(last.windowCount == 11)
        #expect(last.index == 10)
        #expect(last.rows(ofWindow: 3) == 600..<800)
    }

    /// The window asked for shows in its section, with every row's index its position in the section (move forms
    /// post it); other long sections show their first window, a short one is whole, a collapsed one has no window.
    @Test func aPresentationShowsTheWindowAskedForAndTheFirstOfOtherLongSections() throws {
        let state = try TableState(definition: try table(longRows: 2_500)).applying(.setEditMode(.all)).get().state
        let windowing = RowWindowing(threshold: 2_000, size: 100)
        let page = state.presentation(windowing: windowing, focus: WindowFocus(sectionID: "long", position: 1_234))
        #expect(page.sections.map { $0.rows.indices } == [0..<100, 0..<1, 1_200..<1_300])
        #expect(page.sections.map(\.window?.rows) == [0..<100, nil, 1_200..<1_300])
        #expect(page.sections.map(\.rowCount) == [2_500, 1, 2_500])
        let row = page.sections[2].rows[1_250]
        #expect(row.row.id == "r1250")
        #expect(row.index == 1_250)
        #expect(row.moveToBottom?.targetIndex == 2_499)
        let collapsed = try state.applying(.setExpanded(section: "long", expanded: false)).get().state
            .presentation(windowing: windowing, focus: WindowFocus(sectionID: "long", position: 1_234))
        #expect(collapsed.sections[2].window == nil)
        #expect(collapsed.sections[2].rows.isEmpty)
        #expect(state.presentation.sections[2].rows.count == 2_500, "without windowing, every row")
    }
}
