/// Everything a page of one table shows, decided by the model so that templates stay free of logic.
public struct TablePresentation: Sendable, Equatable {
    /// The table.
    public let table: TableDefinition
    /// The current edit mode.
    public let editMode: EditMode
    /// "Expand all" and "Collapse all", or `nil` when no section collapses (then both are absent).
    public let expansionControls: ExpansionControls?
    /// Every section, in order.
    public let sections: [SectionPresentation]
    /// The deletion the Undo control restores, if any.
    public let undoableDeletion: Deletion?
    /// Whether Reset would change anything (the table or its undo history is not the initial one).
    public let canReset: Bool
    /// Whether "Undo reset" would bring back the state before a Reset (the Reset was the last change).
    public let canUndoReset: Bool
    /// On a page that finds, the rows it shows: then ``sections`` holds only the sections with rows shown (or the
    /// Undo placeholder's), each expanded to show them whatever its own state, and no section is in windows.
    public let filter: RowFilter?

    /// A table of this many sections or more offers a section index (SPEC §10).
    public static let sectionIndexMinimum = 8

    /// Whether the page offers the section index: the whole table (not a page that finds, which shows only some
    /// sections) of at least ``sectionIndexMinimum`` sections.
    public var showsSectionIndex: Bool {
        filter == nil && sections.count >= Self.sectionIndexMinimum
    }

    /// The edit-mode switch: Off then the offered modes, the current one marked; empty when the table offers no
    /// edit modes (then there is no switch). Made when asked: a page's switch is prepared once per mode.
    public var editModeChoices: [EditModeChoice] {
        EditModeChoice.choices(of: table, current: editMode)
    }
}

/// One button of the edit-mode switch.
public struct EditModeChoice: Sendable, Hashable {
    /// The mode this button sets.
    public let mode: EditMode
    /// Whether it is the current mode (`aria-pressed="true"`).
    public let isCurrent: Bool

    /// The action the button requests.
    public var action: TableAction {
        .setEditMode(mode)
    }

    /// The switch of `table` with `current` marked.
    static func choices(of table: TableDefinition, current: EditMode) -> [EditModeChoice] {
        table.editModeChoices.map { EditModeChoice(mode: $0, isCurrent: $0 == current) }
    }
}

/// The table-wide expansion controls, present when the table has collapsible sections.
public struct ExpansionControls: Sendable, Hashable {
    /// Whether some collapsible section is collapsed ("Expand all" would change something).
    public let canExpandAll: Bool
    /// Whether some collapsible section is expanded ("Collapse all" would change something).
    public let canCollapseAll: Bool
}
