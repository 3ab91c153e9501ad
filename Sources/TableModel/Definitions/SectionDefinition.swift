/// One section of a table definition. Immutable and shared by every visitor's state.
public struct SectionDefinition: Sendable, Hashable {
    /// Unique in its table; matches `[a-z0-9][a-z0-9-]{0,63}`.
    public let id: String
    /// The header text.
    public let title: String
    /// The footer text, if any.
    public let footer: String?
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

    /// The table indices of this section's rows: `rows[i].tableIndex == firstRowIndex + i`.
    var tableRowRange: Range<Int> {
        guard let first = rows.first else { return 0..<0 }
        return first.tableIndex..<(first.tableIndex + rows.count)
    }
}
