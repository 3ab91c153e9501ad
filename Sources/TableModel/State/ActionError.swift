/// Why an action was not applied. Nothing changes in either case; the two kinds are answered differently. The
/// words for the visitor come from the UI's string catalogues (TableRendering), in the page's language.
public enum ActionError: Error, Sendable, Hashable {
    /// The request names something that cannot exist in this table (the web layer answers 400).
    case invalid(InvalidAction)
    /// A well-formed request that a rule refuses (the web layer redirects and shows why in an alert).
    case refused(ActionRefusal)
}

/// A request naming something that cannot exist.
public enum InvalidAction: Sendable, Hashable {
    /// No row has this id in the table.
    case unknownRow(String)
    /// No section has this id in the table.
    case unknownSection(String)
    /// A move target outside `0..<count`, where `count` is the number of rows now in the row's section.
    case indexOutOfRange(row: String, index: Int, count: Int)
    /// Selecting or deselecting a row of a section whose `selection` is `none`.
    case rowNotSelectable(row: String)
    /// Expanding or collapsing a section that is not collapsible.
    case sectionNotCollapsible(String)
    /// "Expand all" or "Collapse all" in a table without collapsible sections.
    case noCollapsibleSections
}

/// A well-formed request a rule refuses.
public enum ActionRefusal: Sendable, Hashable {
    /// Selecting one more row in a multiple section already holding `max` selected rows.
    case selectionLimitReached(max: Int, section: String)
    /// Selecting or deselecting while an edit mode other than Off is active.
    case notSelectableWhileEditing
    /// Setting an edit mode the table does not offer.
    case editModeNotOffered(EditMode)
    /// Deleting outside the All and Delete only modes.
    case notInDeletingMode
    /// Moving outside the All and Reorder only modes.
    case notInReorderingMode
    /// Deleting a row that is not deletable.
    case rowNotDeletable(row: String)
    /// Moving a row that is not movable (a locked row).
    case rowNotMovable(row: String)
    /// A move that would change the index of `lockedRow`, which is not movable.
    case lockedRowWouldMove(row: String, lockedRow: String)
    /// Selecting or moving a row that is deleted.
    case rowIsDeleted(row: String)
    /// A move whose row is neither at the index the form saw nor at its target: the section's order changed since
    /// the page was loaded (in another tab, say).
    case orderChanged(row: String)
}
