/// Why an action was not applied. Nothing changes in either case; the two kinds are answered differently.
public enum ActionError: Error, Sendable, Hashable {
    /// The request names something that cannot exist in this table (the web layer answers 400).
    case invalid(InvalidAction)
    /// A well-formed request that a rule refuses (the web layer redirects and shows `message(in:)` as an alert).
    case refused(ActionRefusal)

    /// An English sentence for the visitor, naming rows and sections by title.
    public func message(in table: TableDefinition) -> String {
        switch self {
        case .invalid(let invalid): invalid.message(in: table)
        case .refused(let refusal): refusal.message(in: table)
        }
    }
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

    /// An English sentence for the error page.
    public func message(in table: TableDefinition) -> String {
        switch self {
        case .unknownRow(let id):
            "This table has no row \(TextRules.quoted(id))."
        case .unknownSection(let id):
            "This table has no section \(TextRules.quoted(id))."
        case .indexOutOfRange(let row, let index, let count):
            "\(Quote.row(row, in: table)) can move to an index from 0 to \(count - 1), not \(index)."
        case .rowNotSelectable(let row):
            "\(Quote.row(row, in: table)) is not selectable."
        case .sectionNotCollapsible(let section):
            "\(Quote.section(section, in: table)) does not collapse."
        case .noCollapsibleSections:
            "This table has no sections that collapse."
        }
    }
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

    /// An English sentence for the alert.
    public func message(in table: TableDefinition) -> String {
        switch self {
        case .selectionLimitReached(let max, let section):
            "You can select at most \(max) \(max == 1 ? "row" : "rows") in \(Quote.section(section, in: table))."
        case .notSelectableWhileEditing:
            "Rows cannot be selected while editing. Switch the edit mode to Off first."
        case .editModeNotOffered(let mode):
            "This table does not offer the edit mode “\(mode.title)”."
        case .notInDeletingMode:
            "Rows can be deleted only in the edit modes “All” and “Delete only”."
        case .notInReorderingMode:
            "Rows can be moved only in the edit modes “All” and “Reorder only”."
        case .rowNotDeletable(let row):
            "\(Quote.row(row, in: table)) cannot be deleted."
        case .rowNotMovable(let row):
            "\(Quote.row(row, in: table)) cannot be moved."
        case .lockedRowWouldMove(let row, let lockedRow):
            "\(Quote.row(row, in: table)) cannot move there: \(Quote.row(lockedRow, in: table)) stays in place."
        case .rowIsDeleted(let row):
            "\(Quote.row(row, in: table)) has been deleted."
        case .orderChanged(let row):
            "The order of the rows changed since this page was loaded, so \(Quote.row(row, in: table)) was not moved."
                + " Check its place and move it again."
        }
    }
}

/// Titles quoted for messages, falling back to the id when a name is unknown.
enum Quote {
    static func row(_ id: String, in table: TableDefinition) -> String {
        "“\(table.row(id: id)?.title ?? cut(id))”"
    }

    static func section(_ id: String, in table: TableDefinition) -> String {
        "“\(table.section(id: id)?.title ?? cut(id))”"
    }

    /// An id a request named but the table lacks: at most 40 Unicode scalars of it (combining marks cannot
    /// stretch it), with `…` when cut. The page that shows it replaces what XML cannot carry.
    private static func cut(_ id: String) -> String {
        guard id.unicodeScalars.count > 40 else { return id }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: id.unicodeScalars.prefix(40))
        return String(prefix) + "…"
    }
}
