/// The result of an action that was applied: the new state and what happened, for the status message.
public struct ActionOutcome: Sendable, Equatable {
    /// The state after the action (equal to the previous one when `effect` is `.nothingChanged`).
    public let state: TableState
    /// What the action did.
    public let effect: ActionEffect

    /// Whether the state changed.
    public var changedState: Bool {
        effect != .nothingChanged
    }
}

/// What an applied action did.
public enum ActionEffect: Sendable, Hashable {
    /// The target state held already (a repeated form, deleting a row that is gone, an Undo whose row is not the
    /// most recent deletion, deselecting the selected row of a single section that needs a selection).
    case nothingChanged
    /// The row became selected (in a single section, any other row was deselected).
    case selected(row: String)
    /// The row became unselected.
    case deselected(row: String)
    /// These sections were expanded or collapsed.
    case expansionChanged(sections: [String], expanded: Bool)
    /// The edit mode changed.
    case editModeChanged(EditMode)
    /// The row moved within its section.
    case moved(row: String, from: Int, to: Int)
    /// The row was deleted; it is now the most recent deletion, which Undo restores.
    case deleted(row: String)
    /// The row came back at `index` in its section.
    case restored(row: String, index: Int, selection: RestoredSelection)
    /// The state went back to the definition's initial state.
    case reset
    /// The state before the last Reset came back.
    case resetUndone
}

/// How an undone deletion's selection came back.
public enum RestoredSelection: Sendable, Hashable {
    /// It was not selected when deleted.
    case unselected
    /// It was selected and is again (in a single section it is now the selection).
    case selected
    /// It was selected, but its multiple section has `max` rows selected now, so it came back unselected.
    case unselectedAtLimit(max: Int, section: String)
}
