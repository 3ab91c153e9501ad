/// One section of a table definition. Immutable and shared by every visitor's state.
public struct SectionDefinition: Sendable, Hashable {
    /// Unique in its table; matches `[a-z0-9][a-z0-9-]{0,63}`.
    public let id: String
    /// The header text.
    public let title: String
    /// The footer text, if any.
    public let footer: String?
    /// The section's label in the section index (SPEC §10): the definition's `indexTitle`, else the initials of the
    /// title (``defaultIndexTitle(of:)``).
    public let indexTitle: String
    /// How rows are selected.
    public let selection: SelectionKind
    /// Single sections only: whether tapping the selected row deselects it (`false` keeps it selected).
    public let allowsEmptySelection: Bool
    /// Multiple sections only: the most rows that may be selected at once, if limited.
    public let maxSelected: Int?
    /// Whether the header collapses and expands the section.
    public let isCollapsible: Bool
    /// Whether the section starts expanded; always `true` for a section that is not collapsible.
    public let isInitiallyExpanded: Bool
    /// The rows in their initial order.
    public let rows: [RowDefinition]
    /// The section's index in its table.
    public let index: Int

    /// The most characters an `indexTitle` may have.
    public static let maximumIndexTitleLength = 3

    /// The label of a section without an `indexTitle`, as an iOS index is labelled by initials: the first character
    /// of each word of the title, a word of digits whole, at most ``maximumIndexTitleLength`` characters ("Aisle 12"
    /// is "A12", "Fruit and vegetables" "Fav", 「お好きな銭湯」 「お」).
    static func defaultIndexTitle(of title: String) -> String {
        var label = ""
        for word in title.split(whereSeparator: \.isWhitespace) {
            label += word.allSatisfy(\.isNumber) ? String(word) : String(word.first!)
            if label.count >= maximumIndexTitleLength { break }
        }
        return String(label.prefix(maximumIndexTitleLength))
    }

    /// The table indices of this section's rows: `rows[i].tableIndex == firstRowIndex + i`.
    var tableRowRange: Range<Int> {
        guard let first = rows.first else { return 0..<0 }
        return first.tableIndex..<(first.tableIndex + rows.count)
    }
}
