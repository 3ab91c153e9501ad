/// One table as its definition file describes it: validated, immutable, and shared by all visitors' states,
/// which refer to it rather than copy it.
public final class TableDefinition: Sendable {
    /// Unique in the file; part of the table's URL.
    public let id: String
    /// The page heading.
    public let title: String
    /// The language of the table's own texts (titles, details, footers) as a BCP 47 tag, e.g. `ja`; `nil` when
    /// the definition does not say. Pages in another UI language mark those texts with `lang`.
    public let language: String?
    /// The edit modes offered besides *Off*, in the switch's order (All, Delete only, Reorder only); empty when the
    /// table has no edit-mode switch.
    public let editModes: [EditMode]
    /// The sections in order.
    public let sections: [SectionDefinition]
    /// Every row in definition order (section by section); `rows[i].tableIndex == i`.
    public let rows: [RowDefinition]

    private let sectionIndexByID: [String: Int]
    private let rowIndexByID: [String: Int]
    /// The initial selection and expansion, built once: every fresh state shares these values.
    let initialSelection: BitSet
    let initialExpansion: BitSet

    /// Builds the lookups; the loader has checked every rule of the format before.
    init(id: String, title: String, language: String? = nil, editModes: [EditMode], sections: [SectionDefinition]) {
        self.id = id
        self.title = title
        self.language = language
        self.editModes = EditMode.allCases.filter(editModes.contains)
        self.sections = sections
        let rows = sections.flatMap(\.rows)
        self.rows = rows
        sectionIndexByID = Dictionary(sections.map { ($0.id, $0.index) }, uniquingKeysWith: { first, _ in first })
        rowIndexByID = Dictionary(rows.map { ($0.id, $0.tableIndex) }, uniquingKeysWith: { first, _ in first })
        var selection = BitSet()
        for row in rows where row.isInitiallySelected {
            selection.insert(row.tableIndex)
        }
        initialSelection = selection
        var expansion = BitSet()
        for section in sections where section.isCollapsible && section.isInitiallyExpanded {
            expansion.insert(section.index)
        }
        initialExpansion = expansion
    }

    /// The section with this id.
    public func section(id: String) -> SectionDefinition? {
        sectionIndexByID[id].map { sections[$0] }
    }

    /// The row with this id, in any section.
    public func row(id: String) -> RowDefinition? {
        rowIndexByID[id].map { rows[$0] }
    }

    /// Whether any section collapses, which is when "Expand all" and "Collapse all" are offered.
    public var hasCollapsibleSections: Bool {
        sections.contains(where: \.isCollapsible)
    }

    /// The edit-mode switch's choices: *Off* then the offered modes; empty when the table offers none.
    public var editModeChoices: [EditMode] {
        editModes.isEmpty ? [] : [.off] + editModes
    }

    /// Whether `mode` may be set on this table (*Off* always may).
    public func offers(_ mode: EditMode) -> Bool {
        mode == .off || editModes.contains(mode)
    }
}

extension TableDefinition: Equatable {
    /// Definitions are shared, so identity is equality.
    public static func == (left: TableDefinition, right: TableDefinition) -> Bool {
        left === right
    }
}
