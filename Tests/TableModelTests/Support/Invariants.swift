@testable import TableModel

/// The model's invariants, as the property tests check them after every step. Each returns what is wrong.
enum Invariants {
    /// Invariants of one state: rows are conserved, selection rules hold, locked rows sit where moves cannot have
    /// taken them and the presentation agrees with the state. When `thorough`, also every control's action is
    /// tried and the state must survive a JSON round trip (these cost most, so runs sample them).
    static func check(_ state: TableState, thorough: Bool) -> [String] {
        var failures: [String] = []
        for section in state.definition.sections {
            failures += rows(of: section, in: state)
            failures += selection(of: section, in: state)
            failures += lockedRows(of: section, in: state)
            failures += presentation(of: section, in: state, tryingControls: thorough)
        }
        guard thorough else { return failures }
        // The JSON carries the table and its undo history of deletions; "Undo reset" is not kept (docs/DESIGN.md).
        let json = state.exportJSON()
        let decoded = try? TableState.decode(json: Array(json.utf8), for: state.definition).get()
        if decoded.map({ !$0.showsSameTable(as: state) }) ?? true {
            failures.append("the state does not survive its JSON round trip: \(json)")
        }
        return failures
    }

    /// Rows shown plus rows deleted is the section's defined rows, each exactly once.
    static func rows(of section: SectionDefinition, in state: TableState) -> [String] {
        let shown = state.rowIDs(inSection: section.id)
        let deleted = section.rows.map(\.id).filter(state.isDeleted(row:))
        let all = shown + deleted
        guard all.count == section.rows.count, Set(all) == Set(section.rows.map(\.id)) else {
            return ["section \(section.id): shown \(shown) + deleted \(deleted) are not its rows"]
        }
        return []
    }

    /// At most one selected in a single section, at most `maxSelected` in a multiple one, none in a `none`
    /// section, never a deleted row.
    static func selection(of section: SectionDefinition, in state: TableState) -> [String] {
        let selected = section.rows.map(\.id).filter(state.isSelected(row:))
        let limit = switch section.selection {
        case .none: 0
        case .single: 1
        case .multiple: section.maxSelected ?? Int.max
        }
        var failures: [String] = []
        if selected.count > limit {
            failures.append("section \(section.id): \(selected) selected, at most \(limit) allowed")
        }
        if let row = selected.first(where: state.isDeleted(row:)) {
            failures.append("section \(section.id): deleted row \(row) is selected")
        }
        return failures
    }

    /// Locked rows keep their defined relative order. (Their index among the rows now in the section is not
    /// fixed: a locked row can itself be deleted, movable rows can then move across its old place, and Undo puts
    /// it back at its old index. `lockedRowsMoveOnlyByDeletion` checks how indices change.)
    static func lockedRows(of section: SectionDefinition, in state: TableState) -> [String] {
        let locked = Set(section.rows.filter { !$0.isMovable }.map(\.id))
        let current = state.rowIDs(inSection: section.id).filter(locked.contains)
        let defined = section.rows.map(\.id).filter { locked.contains($0) && !state.isDeleted(row: $0) }
        return current == defined ? [] : ["section \(section.id): locked rows in order \(current), not \(defined)"]
    }

    /// A locked row's index changes only by a deletion above it (one up), an Undo restoring a row at or above
    /// it (one down), or Reset; moves and every other action leave every locked row's index alone.
    static func lockedRowsMoveOnlyByDeletion(
        from state: TableState,
        to next: TableState,
        _ result: Result<ActionOutcome, ActionError>
    ) -> [String] {
        let effect = try? result.get().effect
        if effect == .reset { return [] }
        var failures: [String] = []
        for row in state.definition.rows where !row.isMovable {
            guard let before = state.index(ofRow: row.id), let after = next.index(ofRow: row.id) else { continue }
            var expected = before
            switch effect {
            case .deleted(let id):
                let deleted = state.definition.row(id: id)
                if deleted?.sectionIndex == row.sectionIndex, let index = state.index(ofRow: id), index < before {
                    expected -= 1
                }
            case .restored(let id, let index, _):
                if state.definition.row(id: id)?.sectionIndex == row.sectionIndex, index <= before {
                    expected += 1
                }
            default:
                break
            }
            if after != expected {
                failures.append("locked row \(row.id) went from index \(before) to \(after), expected \(expected)")
            }
        }
        return failures
    }

    /// The section's presentation agrees with the state, and every control does what it says: an enabled
    /// control's action succeeds, a disabled one's is refused.
    static func presentation(of section: SectionDefinition, in state: TableState, tryingControls: Bool) -> [String] {
        guard let presentation = state.presentation(ofSection: section.id) else {
            return ["section \(section.id) has no presentation"]
        }
        let shown = state.rowIDs(inSection: section.id)
        var failures: [String] = []
        if presentation.rowCount != shown.count
            || presentation.selectedCount != section.rows.count(where: { state.isSelected(row: $0.id) })
            || presentation.rows.map(\.row.id) != (presentation.isExpanded ? shown : [])
        {
            failures.append("section \(section.id): presentation disagrees with the state")
        }
        for row in presentation.rows where tryingControls {
            failures += controls(of: row, in: state)
        }
        return failures
    }

    private static func controls(of row: RowPresentation, in state: TableState) -> [String] {
        let mode = state.editMode
        let id = row.row.id
        var failures: [String] = []
        if (row.deleteControl != nil) != mode.allowsDeletion || (row.moveUp != nil) != mode.allowsMoving
            || (row.selectionControl.map { $0.isEnabled == mode.isEditing } ?? false)
        {
            failures.append("row \(id): controls do not match edit mode \(mode)")
        }
        if let control = row.selectionControl, control.isEnabled {
            switch state.applying(control.action) {
            case .success, .failure(.refused(.selectionLimitReached)): break
            case .failure(let error): failures.append("row \(id): \(control.action) failed: \(error)")
            }
        }
        if let delete = row.deleteControl {
            let result = state.applying(delete.action)
            if delete.isEnabled != ((try? result.get())?.effect == .deleted(row: id)) {
                failures.append("row \(id): delete control enabled \(delete.isEnabled), gave \(describe(result))")
            }
        }
        let count = state.rowIDs(inSection: state.definition.sections[row.row.sectionIndex].id).count
        let run = row.moveRange
        let moves = [
            (row.moveUp, row.index - 1), (row.moveDown, row.index + 1),
            (row.moveToTop, run?.lowerBound ?? row.index), (row.moveToBottom, run?.upperBound ?? row.index),
        ]
        for (control, target) in moves {
            guard let control, target >= 0, target < count, target != row.index else { continue }
            let result = state.applying(.move(row: id, toIndex: target, fromIndex: row.index))
            let moved = (try? result.get())?.effect == .moved(row: id, from: row.index, to: target)
            if control.isEnabled != moved || (control.isEnabled && control.targetIndex != target) {
                failures.append("row \(id): move control to \(target) enabled \(control.isEnabled),"
                    + " gave \(describe(result))")
            }
        }
        return failures
    }

    /// The effect or error of a result, without the state's storage.
    static func describe(_ result: Result<ActionOutcome, ActionError>) -> String {
        switch result {
        case .success(let outcome): "\(outcome.effect) → \(outcome.state.exportJSON())"
        case .failure(let error): "\(error)"
        }
    }

    /// Applying the same action twice equals applying it once.
    static func idempotence(
        of action: TableAction,
        from state: TableState,
        _ result: Result<ActionOutcome, ActionError>
    ) -> [String] {
        switch result {
        case .success(let outcome):
            let again = outcome.state.applying(action)
            guard case .success(let second) = again, second.effect == .nothingChanged, second.state == outcome.state
            else {
                return ["\(action) is not idempotent: the second time gave \(describe(again))"]
            }
        case .failure(let error):
            let again = state.applying(action)
            guard case .failure(let second) = again, second == error else {
                return ["\(action) failed with \(error), then gave \(describe(again))"]
            }
        }
        return []
    }

    /// Undoing a deletion right after it restores the state exactly, at the same index and with the same selection
    /// (the undo history aside: a full history has lost its oldest entry to the deletion).
    static func undoIsExact(
        after action: TableAction,
        from state: TableState,
        _ result: Result<ActionOutcome, ActionError>
    ) -> [String] {
        guard case .success(let outcome) = result, case .deleted(let id) = outcome.effect,
            let index = state.index(ofRow: id)
        else { return [] }
        var expected = state
        if expected.deletions.count == TableState.undoLimit {
            expected.deletions.removeFirst()
        }
        let selection: RestoredSelection = state.isSelected(row: id) ? .selected : .unselected
        let undone = outcome.state.applying(.undoDeletion(row: id))
        guard case .success(let restored) = undone, restored.state == expected,
            restored.effect == .restored(row: id, index: index, selection: selection)
        else {
            return ["undoing \(action) is not exact: \(describe(undone))"]
        }
        return []
    }
}
