import Testing
@testable import TableModel

/// SPEC §10 "Find": a page that finds shows the matching rows now in the table, at most a bounded number, under
/// their sections, each with the controls and rules it has on the whole table.
@Suite struct RowFilterTests {
    /// Two sections: "a" of five movable rows with the middle one locked, "b" collapsible and collapsed.
    private func state() throws -> TableState {
        let json = #"""
            {"id": "t", "title": "T", "editModes": ["all"], "sections": [
             {"id": "a", "title": "A", "selection": "multiple", "rows": [
              {"id": "a0", "title": "A0"}, {"id": "a1", "title": "A1"}, {"id": "a2", "title": "A2", "movable": false},
              {"id": "a3", "title": "A3"}, {"id": "a4", "title": "A4"}]},
             {"id": "b", "title": "B", "collapsible": true, "expanded": false, "rows": [
              {"id": "b0", "title": "B0"}, {"id": "b1", "title": "B1"}]}]}
            """#
        return TableState(definition: try #require(try DefinitionLoader.load(json).get().table(id: "t")))
    }

    @Test func deletedMatchesDoNotCountAndTheFirstUpToTheLimitAreShown() throws {
        let state = try state().applying(.setEditMode(.all)).get().state.applying(.delete(row: "a1")).get().state
        let filter = state.filter(matching: [0, 1, 3, 4, 6], limit: 2)
        #expect(filter.shown == [0, 3])
        #expect(filter.matchCount == 4)
        #expect(filter.rowCount == 6)
        #expect(filter.isCapped)
        #expect(filter.showsUndoableDeletion, "a1 matched: its Undo stands among the results")
        #expect(!state.filter(matching: [0], limit: 2).showsUndoableDeletion)
    }

    @Test func onlySectionsWithMatchesShowAndTheirRowsKeepTheirPositions() throws {
        let state = try state().applying(.setEditMode(.all)).get().state
        let page = state.presentation(windowing: RowWindowing(), focus: nil,
                                      filter: state.filter(matching: [1, 4], limit: 200))
        #expect(page.sections.map(\.section.id) == ["a"])
        let rows = page.sections[0].rows
        #expect(rows.map(\.row.id) == ["a1", "a4"])
        // Each row's index and moves are those of the whole section: a1 may go up to 0, a4 down to nowhere.
        #expect(rows.map(\.index) == [1, 4])
        #expect(rows[0].moveUp?.targetIndex == 0)
        #expect(rows[1].moveDown?.targetIndex == nil)
        #expect(rows[1].moveToTop?.targetIndex == 3, "a2 is locked")
        #expect(page.sections[0].rowCount == 5)
        #expect(!page.showsSectionIndex)
    }

    @Test func aCollapsedSectionShowsItsMatchesAndKeepsItsState() throws {
        let state = try state()
        let page = state.presentation(windowing: nil, focus: nil, filter: state.filter(matching: [6], limit: 200))
        let section = try #require(page.sections.first)
        #expect(section.section.id == "b")
        #expect(section.rows.map(\.row.id) == ["b1"])
        #expect(section.toggle?.isExpanded == false)
        #expect(section.toggle?.action == .setExpanded(section: "b", expanded: true))
        #expect(!state.isExpanded(section: "b"))
    }

    @Test func theUndoPlaceholderFallsAmongTheShownRowsWhereTheRowWas() throws {
        let state = try state().applying(.setEditMode(.all)).get().state.applying(.delete(row: "a3")).get().state
        let page = state.presentation(windowing: nil, focus: nil, filter: state.filter(matching: [0, 3, 4], limit: 9))
        let rows = page.sections[0].rows
        #expect(rows.map(\.row.id) == ["a0", "a4"])
        // a3 was at position 3: after a0 (0), before a4 (now 3).
        #expect(rows.offset(ofPosition: 3) == 1)
    }
}
