/// One row of a table definition, as the file describes it. Immutable and shared by every visitor's state.
public struct RowDefinition: Sendable, Hashable {
    /// Unique in its table; matches `[a-z0-9][a-z0-9-]{0,63}`.
    public let id: String
    /// The cell text.
    public let title: String
    /// Secondary text, if any.
    public let detail: String?
    /// Selected in the initial state.
    public let isInitiallySelected: Bool
    /// May be deleted in an edit mode that deletes (UIKit `canEditRow`).
    public let isDeletable: Bool
    /// May be moved in an edit mode that reorders (UIKit `canMoveRow`); a row that is not movable is *locked*.
    public let isMovable: Bool
    /// The index of the row's section in the table.
    public let sectionIndex: Int
    /// The row's index in its section as defined (its initial index).
    public let indexInSection: Int
    /// The row's index among all rows of the table, in definition order; state stores rows by this number.
    let tableIndex: Int
}
