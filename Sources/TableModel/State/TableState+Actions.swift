extension TableState {
    /// Applies `action`: the new state and what happened, or why nothing changed.
    ///
    /// Requests are checked in this order: names that cannot exist (`ActionError.invalid`), then the rules
    /// (`ActionError.refused`), then whether the target state holds already (success, `.nothingChanged`).
    /// Exceptions, so that a repeated request is harmless: deleting a deleted row, deselecting an unselected (or
    /// deleted) row and an Undo that does not match the most recent deletion succeed without a change.
    public func applying(_ action: TableAction) -> Result<ActionOutcome, ActionError> {
        var state = self
        return state.apply(action).map { ActionOutcome(state: state, effect: $0) }
    }

    /// Applies `action` to this state in place (see ``applying(_:)``): what happened, or why nothing changed. The
    /// state is left as it was when the action fails or changes nothing, so a caller that keeps one state, rather
    /// than a state before and one after, copies none for a repeated tap.
    public mutating func apply(_ action: TableAction) -> Result<ActionEffect, ActionError> {
        do {
            // A rule that finds its target state holding says so before it changes anything.
            let effect = try perform(action)
            // Undo reset brings back the state before a Reset only while nothing changed since.
            if case .nothingChanged = effect {} else if case .reset = action {} else { beforeReset = nil }
            return .success(effect)
        } catch {
            return .failure(error)
        }
    }

    private mutating func perform(_ action: TableAction) throws(ActionError) -> ActionEffect {
        switch action {
        case .select(let id):
            return try select(try row(id))
        case .deselect(let id):
            return try deselect(try row(id))
        case .setExpanded(let id, let expanded):
            guard let section = definition.section(id: id) else {
                throw .invalid(.unknownSection(id))
            }
            return try setExpanded([section], expanded: expanded)
        case .setAllExpanded(let expanded):
            return try setExpanded(definition.sections.filter(\.isCollapsible), expanded: expanded)
        case .setEditMode(let mode):
            guard definition.offers(mode) else {
                throw .refused(.editModeNotOffered(mode))
            }
            guard mode != editMode else { return .nothingChanged }
            editMode = mode
            return .editModeChanged(mode)
        case .move(let id, let index, let from):
            return try move(try row(id), to: index, from: from)
        case .delete(let id):
            return try delete(try row(id))
        case .undoDeletion(let id):
            return restore(try row(id))
        case .reset:
            var initial = TableState(definition: definition)
            guard !initial.showsSameTable(as: self) else { return .nothingChanged }
            initial.beforeReset = ResetSnapshot(state: self)
            self = initial
            return .reset
        case .undoReset:
            guard let snapshot = beforeReset else { return .nothingChanged }
            self = snapshot.state
            return .resetUndone
        }
    }

    private func row(_ id: String) throws(ActionError) -> RowDefinition {
        guard let row = definition.row(id: id) else {
            throw .invalid(.unknownRow(id))
        }
        return row
    }

    private mutating func setExpanded(_ sections: [SectionDefinition], expanded: Bool) throws(ActionError)
        -> ActionEffect
    {
        guard !sections.isEmpty else {
            throw .invalid(.noCollapsibleSections)
        }
        if let section = sections.first(where: { !$0.isCollapsible }) {
            throw .invalid(.sectionNotCollapsible(section.id))
        }
        let changing = sections.filter { expansion.contains($0.index) != expanded }
        guard !changing.isEmpty else { return .nothingChanged }
        for section in changing {
            expansion.update(section.index, to: expanded)
        }
        return .expansionChanged(sections: changing.map(\.id), expanded: expanded)
    }
}
