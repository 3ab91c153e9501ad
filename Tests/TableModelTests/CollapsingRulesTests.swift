import Testing
import TableModel

/// SPEC §2 "Collapsing", one test per rule.
@Suite struct CollapsingRulesTests {
    let initial = RulesTable.initial

    @Test func initialExpansionFollowsTheDefinition() {
        #expect(initial.isExpanded(section: "favorite"))
        #expect(!initial.isExpanded(section: "toppings"))
    }

    @Test func collapsibleHeaderIsAToggleRequestingTheOtherState() throws {
        let toggle = try #require(initial.presentation(ofSection: "favorite")?.toggle)
        #expect(toggle.isExpanded)
        #expect(toggle.action == .setExpanded(section: "favorite", expanded: false))
        let collapsed = try initial.after(toggle.action)
        #expect(collapsed.presentation(ofSection: "favorite")?.toggle?.action
            == .setExpanded(section: "favorite", expanded: true))
    }

    @Test func collapsedSectionShowsNoRowsButKeepsThem() throws {
        let section = try #require(initial.presentation(ofSection: "toppings"))
        #expect(!section.isExpanded)
        #expect(section.rows.isEmpty)
        #expect(section.rowCount == 4 && section.selectedCount == 1 && !section.isEmpty)
        #expect(initial.rowIDs(inSection: "toppings") == ["nori", "egg", "leek", "pork"])
    }

    @Test func sectionThatDoesNotCollapseIsAlwaysExpanded() throws {
        let section = try #require(initial.presentation(ofSection: "extras"))
        #expect(section.toggle == nil && section.isExpanded)
        #expect(initial.error(applying: .setExpanded(section: "extras", expanded: false))
            == .invalid(.sectionNotCollapsible("extras")))
    }

    @Test func expandAllAndCollapseAllChangeCollapsibleSectionsOnly() throws {
        let controls = try #require(initial.presentation.expansionControls)
        #expect(controls.canExpandAll && controls.canCollapseAll)
        let collapsed = try initial.after(.setAllExpanded(false))
        #expect(collapsed.presentation.sections.map(\.isExpanded) == [false, true, false, true, true])
        #expect(collapsed.presentation.expansionControls?.canCollapseAll == false)
        let expanded = try collapsed.after(.setAllExpanded(true))
        #expect(expanded.presentation.sections.allSatisfy { $0.isExpanded })
        #expect(expanded.presentation.expansionControls?.canExpandAll == false)
    }

    @Test func expandAllIsAbsentWithoutCollapsibleSections() throws {
        let table = try definition(#"{"id": "t", "title": "T", "sections": [{"id": "s", "title": "S", "rows": []}]}"#)
        let state = TableState(definition: table)
        #expect(state.presentation.expansionControls == nil)
        #expect(state.error(applying: .setAllExpanded(true)) == .invalid(.noCollapsibleSections))
    }

    @Test func collapsingKeepsOrderAndDeletions() throws {
        let state = try initial.after(.setEditMode(.all), .move(row: "hokuou", toIndex: 0), .delete(row: "hachiman"),
                                      .setAllExpanded(false), .setAllExpanded(true))
        #expect(state.rowIDs(inSection: "favorite") == ["hokuou", "bunka"])
        #expect(state.undoableDeletion?.row.id == "hachiman")
    }

    @Test func unknownSectionIsInvalid() {
        #expect(initial.error(applying: .setExpanded(section: "nope", expanded: true))
            == .invalid(.unknownSection("nope")))
    }

    @Test func sectionHeaderCountsRowsAndSelectedRows() throws {
        let state = try initial.after(.select(row: "towel"), .select(row: "soap"), .setEditMode(.delete),
                                      .delete(row: "towel"))
        let section = try #require(state.presentation(ofSection: "extras"))
        #expect(section.rowCount == 2 && section.selectedCount == 1)
        #expect(section.rows.map(\.row.id) == ["soap", "milk"])
    }
}
