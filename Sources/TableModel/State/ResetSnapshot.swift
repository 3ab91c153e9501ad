/// The state a Reset replaced, kept so that "Undo reset" can bring it back once.
///
/// A class, so that a state can hold the state before it without being a recursive value; it is immutable and
/// compared by content.
final class ResetSnapshot: Sendable, Equatable {
    /// The state before the Reset (its own `beforeReset` is always `nil`: a Reset can be undone once).
    let state: TableState

    init(state: TableState) {
        var state = state
        state.beforeReset = nil
        self.state = state
    }

    static func == (left: ResetSnapshot, right: ResetSnapshot) -> Bool {
        left === right || left.state == right.state
    }
}
