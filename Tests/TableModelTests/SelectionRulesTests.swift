import Testing
import TableModel

/// SPEC §2 "Selection", one test per rule.
@Suite struct SelectionRulesTests {
    let initial = RulesTable.initial

    @Test func singleSectionSelectingARowDeselectsTheOthers() throws {
        let state = try initial.after(.select(row: "hachiman"))
        #expect(state.isSelected(row: "hachiman"))
        #expect(!state.isSelected(row: "bunka"))
        #expect(state.presentation(ofSection: "favorite")?.selectedCount == 1)
    }

    @Test func singleRequiredSectionKeepsSelectionWhenTappedAgain() throws {
        let control = try #require(initial.presentation(ofRow: "bunka")?.selectionControl)
        #expect(control.role == .radio)
        #expect(control.isChecked)
        #expect(control.requestsSelected)
        #expect(control.action == .select(row: "bunka"))
        #expect(initial.effect(of: control.action) == .nothingChanged)
    }

    @Test func singleRequiredSectionIgnoresDeselect() throws {
        #expect(initial.effect(of: .deselect(row: "bunka")) == .nothingChanged)
        #expect(initial.isSelected(row: "bunka"))
    }

    @Test func singleOptionalSectionDeselectsWhenTappedAgain() throws {
        let control = try #require(initial.presentation(ofRow: "tea")?.selectionControl)
        #expect(!control.requestsSelected)
        #expect(control.action == .deselect(row: "tea"))
        let state = try initial.after(control.action)
        #expect(!state.isSelected(row: "tea"))
        #expect(state.presentation(ofSection: "optional")?.selectedCount == 0)
    }

    @Test func multipleSectionFlipsEachRow() throws {
        let state = try initial.after(.select(row: "towel"), .select(row: "soap"))
        #expect(state.isSelected(row: "towel") && state.isSelected(row: "soap"))
        let control = try #require(state.presentation(ofRow: "towel")?.selectionControl)
        #expect(control.role == .checkbox)
        #expect(control.action == .deselect(row: "towel"))
        let after = try state.after(control.action)
        #expect(!after.isSelected(row: "towel") && after.isSelected(row: "soap"))
    }

    @Test func multipleSectionRefusesSelectionBeyondMaxSelected() throws {
        let atLimit = try initial.after(.select(row: "egg"))
        #expect(atLimit.presentation(ofSection: "toppings")?.isSelectionLimitReached == true)
        let error = try #require(atLimit.error(applying: .select(row: "leek")))
        #expect(error == .refused(.selectionLimitReached(max: 2, section: "toppings")))
        #expect(!atLimit.isSelected(row: "leek"))
    }

    @Test func multipleSectionAtLimitStillDeselects() throws {
        let atLimit = try initial.after(.select(row: "egg"))
        let state = try atLimit.after(.deselect(row: "nori"), .select(row: "leek"))
        #expect(state.selectedRowIDs.filter { ["nori", "egg", "leek", "pork"].contains($0) } == ["egg", "leek"])
    }

    @Test func noneSectionRowsAreNotControls() throws {
        let row = try #require(initial.presentation(ofRow: "m1"))
        #expect(row.selectionControl == nil)
        #expect(initial.error(applying: .select(row: "m1")) == .invalid(.rowNotSelectable(row: "m1")))
        #expect(initial.error(applying: .deselect(row: "m1")) == .invalid(.rowNotSelectable(row: "m1")))
    }

    @Test func selectionSurvivesCollapsing() throws {
        let state = try initial.after(.select(row: "hokuou"), .setExpanded(section: "favorite", expanded: false),
                                      .setExpanded(section: "favorite", expanded: true))
        #expect(state.isSelected(row: "hokuou"))
        let collapsed = try initial.after(.setExpanded(section: "favorite", expanded: false))
        #expect(collapsed.presentation(ofSection: "favorite")?.selectedCount == 1)
        #expect(collapsed.isSelected(row: "bunka"))
    }

    @Test func selectionSurvivesMoves() throws {
        let state = try initial.after(.setEditMode(.sort), .move(row: "bunka", toIndex: 2))
        #expect(state.isSelected(row: "bunka"))
        #expect(state.index(ofRow: "bunka") == 2)
    }

    @Test func selectionSurvivesOtherRowsDeletion() throws {
        let state = try initial.after(.select(row: "soap"), .setEditMode(.delete), .delete(row: "towel"))
        #expect(state.isSelected(row: "soap"))
        #expect(state.isSelected(row: "bunka"))
    }

    @Test func rowsAreNotSelectableWhileEditing() throws {
        for mode in [EditMode.all, .delete, .sort] {
            let editing = try initial.after(.setEditMode(mode))
            let control = try #require(editing.presentation(ofRow: "hachiman")?.selectionControl)
            #expect(!control.isEnabled)
            #expect(editing.error(applying: .select(row: "hachiman")) == .refused(.notSelectableWhileEditing))
            #expect(editing.error(applying: .deselect(row: "tea")) == .refused(.notSelectableWhileEditing))
        }
    }

    @Test func checkmarksStayVisibleWhileEditing() throws {
        let editing = try initial.after(.setEditMode(.all))
        let row = try #require(editing.presentation(ofRow: "bunka"))
        #expect(row.isSelected)
        #expect(row.selectionControl?.isChecked == true)
    }

    @Test func selectingADeletedRowIsRefused() throws {
        let state = try initial.after(.setEditMode(.delete), .delete(row: "towel"), .setEditMode(.off))
        #expect(state.error(applying: .select(row: "towel")) == .refused(.rowIsDeleted(row: "towel")))
        #expect(state.effect(of: .deselect(row: "towel")) == .nothingChanged)
    }

    @Test func unknownRowIsInvalid() {
        #expect(initial.error(applying: .select(row: "nope")) == .invalid(.unknownRow("nope")))
        #expect(initial.error(applying: .deselect(row: "nope")) == .invalid(.unknownRow("nope")))
    }
}
