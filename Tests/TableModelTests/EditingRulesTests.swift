import Testing
import TableModel

/// SPEC §2 "Editing", one test per rule. The `queue` section is `head` (locked), m1, m2, `pillar` (locked), m3, m4.
@Suite struct EditingRulesTests {
    let initial = RulesTable.initial

    @Test func editModeOffShowsNoEditControls() throws {
        let row = try #require(initial.presentation(ofRow: "m1"))
        #expect(row.deleteControl == nil && row.moveUp == nil && row.moveDown == nil && row.moveRange == nil)
    }

    @Test func deleteOnlyModeGivesDeleteControlsAndNoMoveControls() throws {
        let state = try initial.after(.setEditMode(.delete))
        let row = try #require(state.presentation(ofRow: "m1"))
        #expect(row.deleteControl?.isEnabled == true)
        #expect(row.deleteControl?.action == .delete(row: "m1"))
        #expect(row.moveUp == nil && row.moveDown == nil)
    }

    @Test func reorderOnlyModeGivesMoveControlsAndNoDeleteControls() throws {
        let state = try initial.after(.setEditMode(.sort))
        let rows = try #require(state.presentation(ofSection: "queue")?.rows)
        #expect(rows.allSatisfy { $0.deleteControl == nil })
        #expect(rows.allSatisfy { $0.moveUp != nil && $0.moveDown != nil }, "locked rows keep (disabled) controls")
    }

    @Test func allModeGivesDeleteAndMoveControls() throws {
        let state = try initial.after(.setEditMode(.all))
        let row = try #require(state.presentation(ofRow: "m1"))
        #expect(row.deleteControl?.isEnabled == true)
        #expect(row.moveDown?.targetIndex == 2)
        #expect(row.moveDown?.action == .move(row: "m1", toIndex: 2, fromIndex: 1))
        #expect(row.moveUp?.isEnabled == false, "head above m1 is locked")
    }

    @Test func rowThatIsNotDeletableGetsDisabledDeleteControl() throws {
        let state = try initial.after(.setEditMode(.delete))
        #expect(state.presentation(ofRow: "milk")?.deleteControl?.isEnabled == false)
        #expect(state.error(applying: .delete(row: "milk")) == .refused(.rowNotDeletable(row: "milk")))
        #expect(!state.isDeleted(row: "milk"))
    }

    @Test func moveControlsStayInsideRunsBetweenLockedRows() throws {
        let rows = try #require(try initial.after(.setEditMode(.sort)).presentation(ofSection: "queue")?.rows)
        let targets = rows.map { [$0.moveUp?.targetIndex, $0.moveDown?.targetIndex] }
        #expect(targets == [[nil, nil], [nil, 2], [1, nil], [nil, nil], [nil, 5], [4, nil]])
        #expect(rows.map(\.moveRange) == [nil, 1...2, 1...2, nil, 4...5, 4...5])
    }

    @Test func lockedRowNeverMoves() throws {
        let state = try initial.after(.setEditMode(.sort))
        #expect(state.error(applying: .move(row: "pillar", toIndex: 4)) == .refused(.rowNotMovable(row: "pillar")))
        #expect(state.error(applying: .move(row: "head", toIndex: 0)) == .refused(.rowNotMovable(row: "head")))
    }

    @Test func lockedRowIsNeverDisplaced() throws {
        let state = try initial.after(.setEditMode(.sort))
        let error = try #require(state.error(applying: .move(row: "m2", toIndex: 3)))
        #expect(error == .refused(.lockedRowWouldMove(row: "m2", lockedRow: "pillar")))
        #expect(state.error(applying: .move(row: "m1", toIndex: 0))
            == .refused(.lockedRowWouldMove(row: "m1", lockedRow: "head")))
        #expect(state.error(applying: .move(row: "m4", toIndex: 1))
            == .refused(.lockedRowWouldMove(row: "m4", lockedRow: "pillar")))
        #expect(state.rowIDs(inSection: "queue") == ["head", "m1", "m2", "pillar", "m3", "m4"])
    }

    @Test func undoPutsADeletedLockedRowBackAtItsIndex() throws {
        // While "pillar" is deleted, m3 may move across its place; Undo puts it back at index 3, as UIKit would.
        let state = try initial.after(.setEditMode(.all), .delete(row: "pillar"), .move(row: "m3", toIndex: 2),
                                      .undoDeletion(row: "pillar"))
        #expect(state.rowIDs(inSection: "queue") == ["head", "m1", "m3", "pillar", "m2", "m4"])
        #expect(state.index(ofRow: "pillar") == 3)
    }

    @Test func moveWithinARunReordersIt() throws {
        let state = try initial.after(.setEditMode(.sort), .move(row: "m4", toIndex: 4))
        #expect(state.rowIDs(inSection: "queue") == ["head", "m1", "m2", "pillar", "m4", "m3"])
        #expect(state.effect(of: .move(row: "m4", toIndex: 4)) == .nothingChanged)
    }

    @Test func movesStayWithinASection() throws {
        let state = try initial.after(.setEditMode(.sort))
        #expect(state.error(applying: .move(row: "m1", toIndex: 6))
            == .invalid(.indexOutOfRange(row: "m1", index: 6, count: 6)))
        #expect(state.error(applying: .move(row: "m1", toIndex: -1))
            == .invalid(.indexOutOfRange(row: "m1", index: -1, count: 6)))
        let moved = try state.after(.move(row: "hokuou", toIndex: 0))
        #expect(moved.rowIDs(inSection: "favorite") == ["hokuou", "bunka", "hachiman"])
        #expect(moved.rowIDs(inSection: "queue") == state.rowIDs(inSection: "queue"))
    }

    @Test func moveIndexCountsTheRowsNowInTheSection() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "m1"))
        #expect(state.index(ofRow: "m2") == 1)
        #expect(state.error(applying: .move(row: "m4", toIndex: 5))
            == .invalid(.indexOutOfRange(row: "m4", index: 5, count: 5)))
        #expect(try state.after(.move(row: "m4", toIndex: 3)).rowIDs(inSection: "queue")
            == ["head", "m2", "pillar", "m4", "m3"])
    }

    @Test func movingNeedsAReorderingMode() throws {
        for mode in [EditMode.off, .delete] {
            let state = try initial.after(.setEditMode(mode))
            #expect(state.error(applying: .move(row: "m1", toIndex: 2)) == .refused(.notInReorderingMode))
        }
    }

    @Test func movingADeletedRowIsRefused() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "m1"))
        #expect(state.error(applying: .move(row: "m1", toIndex: 1)) == .refused(.rowIsDeleted(row: "m1")))
    }

    @Test func deletingNeedsADeletingMode() throws {
        for mode in [EditMode.off, .sort] {
            let state = try initial.after(.setEditMode(mode))
            #expect(state.error(applying: .delete(row: "m1")) == .refused(.notInDeletingMode))
        }
    }

    @Test func deletingRemovesTheRowAndItsSelection() throws {
        let state = try initial.after(.select(row: "towel"), .setEditMode(.delete), .delete(row: "towel"))
        #expect(state.isDeleted(row: "towel"))
        #expect(!state.isSelected(row: "towel"))
        #expect(state.rowIDs(inSection: "extras") == ["soap", "milk"])
        #expect(state.presentation(ofRow: "towel") == nil)
        #expect(state.undoableDeletion?.row.id == "towel")
        #expect(try initial.after(.setEditMode(.delete)).effect(of: .delete(row: "towel")) == .deleted(row: "towel"))
    }

    @Test func deletingARowAboveALockedRowShiftsItUp() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "m2"))
        #expect(state.index(ofRow: "pillar") == 2)
    }

    @Test func deletingARowThatIsGoneChangesNothing() throws {
        let state = try initial.after(.setEditMode(.delete), .delete(row: "m1"))
        #expect(state.effect(of: .delete(row: "m1")) == .nothingChanged)
        #expect(try state.after(.setEditMode(.off)).effect(of: .delete(row: "m1")) == .nothingChanged)
    }

    @Test func deleteThenUndoRestoresIndexAndSelection() throws {
        let before = try initial.after(.select(row: "soap"), .setEditMode(.delete))
        let deleted = try before.after(.delete(row: "soap"))
        let effect = deleted.effect(of: .undoDeletion(row: "soap"))
        #expect(effect == .restored(row: "soap", index: 1, selection: .selected))
        #expect(try deleted.after(.undoDeletion(row: "soap")) == before)
    }

    @Test func undoInASingleSectionMakesTheRowTheSelection() throws {
        let state = try initial.after(.setEditMode(.delete), .delete(row: "bunka"), .setEditMode(.off),
                                      .select(row: "hachiman"), .undoDeletion(row: "bunka"))
        #expect(state.isSelected(row: "bunka"))
        #expect(!state.isSelected(row: "hachiman"))
        #expect(state.rowIDs(inSection: "favorite") == ["bunka", "hachiman", "hokuou"])
    }

    @Test func undoInAMultipleSectionAtItsLimitRestoresUnselectedWithANote() throws {
        let atLimit = try initial.after(.setEditMode(.delete), .delete(row: "nori"), .setEditMode(.off),
                                        .select(row: "egg"), .select(row: "leek"))
        let outcome = try atLimit.applying(.undoDeletion(row: "nori")).get()
        #expect(outcome.effect
            == .restored(row: "nori", index: 0, selection: .unselectedAtLimit(max: 2, section: "toppings")))
        #expect(!outcome.state.isSelected(row: "nori"))
        #expect(outcome.state.index(ofRow: "nori") == 0)
    }

    @Test func undoClampsTheIndexToTheSectionsLength() throws {
        let json = #"""
            {"table": "rules", "editMode": "off", "selected": ["bunka", "tea", "nori"], "collapsed": ["toppings"],
             "order": {}, "deleted": ["towel", "soap"],
             "undo": [{"row": "towel", "section": "extras", "index": 2, "selected": false}]}
            """#
        let state = try TableState.decode(json: Array(json.utf8), for: RulesTable.definition).get()
        #expect(state.effect(of: .undoDeletion(row: "towel"))
            == .restored(row: "towel", index: 1, selection: .unselected))
        #expect(try state.after(.undoDeletion(row: "towel")).rowIDs(inSection: "extras") == ["milk", "towel"])
    }

    @Test func undoRestoresOnlyTheMostRecentDeletion() throws {
        let state = try initial.after(.setEditMode(.delete), .delete(row: "m1"), .delete(row: "m3"))
        #expect(state.effect(of: .undoDeletion(row: "m1")) == .nothingChanged)
        let once = try state.after(.undoDeletion(row: "m3"))
        #expect(once.effect(of: .undoDeletion(row: "m3")) == .nothingChanged, "a resubmitted Undo restores nothing")
        let restored = try once.after(.undoDeletion(row: "m1"))
        #expect(restored == (try initial.after(.setEditMode(.delete))))
    }

    @Test func undoWithNothingToUndoChangesNothing() {
        #expect(initial.effect(of: .undoDeletion(row: "m1")) == .nothingChanged)
        #expect(initial.error(applying: .undoDeletion(row: "nope")) == .invalid(.unknownRow("nope")))
    }

    @Test func undoKeepsTheLastTwentyDeletions() throws {
        let rows = (0..<25).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }.joined(separator: ",")
        let table = try definition(#"""
            {"id": "long", "title": "Long", "editModes": ["delete"],
             "sections": [{"id": "s", "title": "S", "rows": [\#(rows)]}]}
            """#)
        var state = try TableState(definition: table).after(.setEditMode(.delete))
        for index in 0..<25 {
            state = try state.after(.delete(row: "r\(index)"))
        }
        #expect(state.undoHistory.map(\.row.id) == (5..<25).map { "r\($0)" })
        for index in (5..<25).reversed() {
            state = try state.after(.undoDeletion(row: "r\(index)"))
        }
        #expect(state.rowIDs(inSection: "s") == (5..<25).map { "r\($0)" })
        #expect(state.undoableDeletion == nil)
    }

    @Test func emptiedSectionStays() throws {
        let state = try initial.after(.setEditMode(.delete), .delete(row: "tea"), .delete(row: "coffee"))
        let section = try #require(state.presentation(ofSection: "optional"))
        #expect(section.isEmpty)
        #expect(section.rowCount == 0 && section.rows.isEmpty)
        #expect(state.presentation.sections.map(\.section.id).contains("optional"))
    }

    @Test func editModeNotOfferedIsRefused() throws {
        let table = try definition(#"""
            {"id": "t", "title": "T", "editModes": ["delete"], "sections": [{"id": "s", "title": "S", "rows": []}]}
            """#)
        let state = TableState(definition: table)
        let error = try #require(state.error(applying: .setEditMode(.sort)))
        #expect(error == .refused(.editModeNotOffered(.sort)))
        #expect(state.presentation.editModeChoices.map(\.mode) == [.off, .delete])
    }

    @Test func tableWithoutEditModesHasNoSwitch() throws {
        let table = try definition(#"{"id": "t", "title": "T", "sections": [{"id": "s", "title": "S", "rows": []}]}"#)
        let state = TableState(definition: table)
        #expect(state.presentation.editModeChoices.isEmpty)
        #expect(state.error(applying: .setEditMode(.all)) == .refused(.editModeNotOffered(.all)))
        #expect(state.effect(of: .setEditMode(.off)) == .nothingChanged)
    }

    @Test func editModeSwitchMarksTheCurrentMode() throws {
        let state = try initial.after(.setEditMode(.sort))
        let choices = state.presentation.editModeChoices
        #expect(choices.map(\.mode) == [.off, .all, .delete, .sort])
        #expect(choices.map(\.isCurrent) == [false, false, false, true])
    }

    @Test func resetRestoresTheInitialState() throws {
        let changed = try initial.after(.select(row: "hokuou"), .setAllExpanded(true), .setEditMode(.all),
                                        .move(row: "m2", toIndex: 1), .delete(row: "m4"))
        #expect(!changed.isInitial && changed.presentation.canReset)
        let outcome = try changed.applying(.reset).get()
        #expect(outcome.effect == .reset)
        #expect(outcome.state.exportJSON() == initial.exportJSON())
        #expect(!outcome.state.presentation.canReset && outcome.state.presentation.canUndoReset)
        #expect(outcome.state.editMode == .off)
        #expect(outcome.state.undoableDeletion == nil)
        #expect(initial.effect(of: .reset) == .nothingChanged)
    }
}
