/// One section as the page shows it.
public struct SectionPresentation: Sendable, Equatable {
    /// The section's definition (id, title, footer, selection kind).
    public let section: SectionDefinition
    /// The header's collapse control, or `nil` when the section does not collapse (a plain header).
    public let toggle: SectionToggle?
    /// Whether the rows are shown; always `true` for a section that does not collapse.
    public let isExpanded: Bool
    /// The number of rows now in the section (deleted ones do not count), shown or not.
    public let rowCount: Int
    /// The number of selected rows; 0 in a `none` section.
    public let selectedCount: Int
    /// Whether a multiple section with `maxSelected` has reached it.
    public let isSelectionLimitReached: Bool
    /// The rows shown, in order: empty when the section is collapsed or empty; the rows of ``window`` when it has
    /// one (their indices are their positions in the section).
    public let rows: RowPresentations
    /// The window of rows shown, when the section is expanded and longer than the page's windowing allows whole.
    public let window: RowWindow?
    /// The section's rows are on another page of the table (``RowWindowing/pageRows``): this page shows its header
    /// and a link to them.
    public var rowsElsewhere = false

    /// Whether every row has been deleted (the page shows the header and an empty note).
    public var isEmpty: Bool {
        rowCount == 0
    }
}

/// The control a collapsible section's header is.
public struct SectionToggle: Sendable, Hashable {
    /// The section's id.
    public let sectionID: String
    /// Whether the section is expanded now (`aria-expanded`; the arrow points up when expanded).
    public let isExpanded: Bool

    /// The action a tap requests: the other state.
    public var action: TableAction {
        .setExpanded(section: sectionID, expanded: !isExpanded)
    }
}
