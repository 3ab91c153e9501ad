import Testing
import TableModel

/// SPEC §2 "Editing": moves to top and bottom in one submission, stale move forms, Undo reset, Reset with
/// nothing to reset. The `queue` section is `head` (locked), m1, m2, `pillar` (locked), m3, m4.
@Suite struct MoveAndResetRulesTests {
    let initial = RulesTable.initial

    /// With `pillar` deleted the run after `head` is m1…m4.
    private func longRun() throws -> TableState {
        try initial.after(.setEditMode(.all), .delete(row: "pillar"))
    }

    @Test func toTopAndToBottomReachTheEndsOfTheRunBetweenLockedRows() throws {
        let rows = try #require(try initial.after(.setEditMode(.sort)).presentation(ofSection: "queue")?.rows)
        let targets = rows.map { [$0.moveToTop?.targetIndex, $0.moveToBottom?.targetIndex] }
        #expect(targets == [[nil, nil], [nil, 2], [1, nil], [nil, nil], [nil, 5], [4, nil]])
    }

    @Test func moveToTopTakesOneSubmission() throws {
        let state = try longRun()
        let m4 = try #require(state.presentation(ofRow: "m4"))
        #expect(m4.moveToTop?.action == .move(row: "m4", toIndex: 1, fromIndex: 4))
        let moved = try state.after(try #require(m4.moveToTop?.action))
        #expect(moved.rowIDs(inSection: "queue") == ["head", "m4", "m1", "m2", "m3"])
        #expect(moved.presentation(ofRow: "m4")?.moveToTop?.isEnabled == false, "nothing left to do at the top")
        #expect(moved.presentation(ofRow: "m4")?.moveToBottom?.targetIndex == 4)
    }

    @Test func moveToBottomStopsAboveALockedRow() throws {
        let state = try initial.after(.setEditMode(.sort))
        let moved = try state.after(try #require(state.presentation(ofRow: "m1")?.moveToBottom?.action))
        #expect(moved.rowIDs(inSection: "queue") == ["head", "m2", "m1", "pillar", "m3", "m4"])
    }

    @Test func staleMoveIsRefusedAndNeverMovesTheRowTheWrongWay() throws {
        let state = try longRun()
        // The page showed m4 at index 4 with "up" to 3; another tab has moved m4 to the top since.
        let elsewhere = try state.after(.move(row: "m4", toIndex: 1, fromIndex: 4))
        #expect(elsewhere.error(applying: .move(row: "m4", toIndex: 3, fromIndex: 4))
            == .refused(.orderChanged(row: "m4")))
    }

    @Test func resubmittedMoveChangesNothingMore() throws {
        let state = try longRun()
        let action = TableAction.move(row: "m4", toIndex: 3, fromIndex: 4)
        let once = try state.after(action)
        #expect(once.effect(of: action) == .nothingChanged)
    }

    @Test func moveWithoutAFromIndexStillApplies() throws {
        let state = try longRun()
        #expect(try state.after(.move(row: "m4", toIndex: 1)).index(ofRow: "m4") == 1)
    }

    @Test func resetCanBeUndoneOnce() throws {
        let changed = try initial.after(.select(row: "hokuou"), .setEditMode(.all), .move(row: "m2", toIndex: 1),
                                        .delete(row: "m4"), .delete(row: "m3"))
        let reset = try changed.after(.reset)
        #expect(reset.presentation.canUndoReset)
        let undone = try reset.applying(.undoReset).get()
        #expect(undone.effect == .resetUndone)
        #expect(undone.state == changed, "selection, order, mode, deletions and their undo history come back")
        #expect(undone.state.undoHistory.map(\.row.id) == ["m4", "m3"])
        #expect(!undone.state.presentation.canUndoReset)
        #expect(undone.state.effect(of: .undoReset) == .nothingChanged, "a resubmitted Undo reset does nothing")
    }

    @Test func anotherChangeForgetsUndoReset() throws {
        let reset = try initial.after(.select(row: "hokuou"), .reset)
        let next = try reset.after(.select(row: "hachiman"))
        #expect(!next.presentation.canUndoReset)
        #expect(next.effect(of: .undoReset) == .nothingChanged)
    }

    @Test func resetOfAnUnchangedTableChangesNothing() throws {
        #expect(initial.effect(of: .reset) == .nothingChanged)
        let reset = try initial.after(.select(row: "hokuou"), .reset)
        #expect(reset.effect(of: .reset) == .nothingChanged, "a second Reset keeps Undo reset")
        #expect(reset.presentation.canUndoReset)
    }
}
