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
