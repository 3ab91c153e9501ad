/// One visitor's state of one table: selection, expanded sections, edit mode, row order, deleted rows and the
/// undo history of deletions.
///
/// A state is a small value that refers to its shared, immutable `TableDefinition` and stores only what the
/// visitor can change, compactly: selection, expansion and deletion as bit sets over row and section indices
/// (inline up to 64 rows or sections, no heap), a row order only for sections that were reordered or deleted
/// from, and at most `undoLimit` deletion records. Every stored part is canonical — a section put back in its
/// defined order stores nothing — so two states that show the same table compare equal, and a state equal to
/// `TableState(definition:)` is the initial one (a web layer can forget it).
///
/// Change a state through `applying(_:)` with a `TableAction`; read it through the queries and
/// `presentation`, which the renderer needs.
public struct TableState: Sendable {
    /// How many deletions can be undone, most recent first; older ones are forgotten.
    public static let undoLimit = 20

    /// The table this state is of.
    public let definition: TableDefinition
    /// The current edit mode; `.off` initially.
    public internal(set) var editMode: EditMode
    /// Selected rows, by table index. Deleted rows are never selected.
    var selection: BitSet
    /// Expanded collapsible sections, by section index. Sections that do not collapse are never in it.
    var expansion: BitSet
    /// Deleted rows, by table index.
    var deleted: BitSet
    /// The current row order of each section that differs from its definition, sorted by section.
    var orders: [SectionOrder]
    /// Deletions that can be undone, oldest first.
    var deletions: [DeletionRecord]
    /// The state before the last Reset, while nothing changed since (what "Undo reset" brings back).
    var beforeReset: ResetSnapshot?

    /// The definition's initial state: its selection and expansion, edit mode off, nothing moved or deleted.
    public init(definition: TableDefinition) {
        self.definition = definition
        editMode = .off
        selection = definition.initialSelection
        expansion = definition.initialExpansion
        deleted = BitSet()
        orders = []
        deletions = []
        beforeReset = nil
    }

    /// Whether this is the definition's initial state with nothing to undo (a web layer can forget it).
    public var isInitial: Bool {
        self == TableState(definition: definition)
    }
}

extension TableState: Equatable {
    /// Equal states belong to the same definition and show the same table with the same undo history.
    public static func == (left: TableState, right: TableState) -> Bool {
        left.definition === right.definition && left.editMode == right.editMode
            && left.selection == right.selection && left.expansion == right.expansion
            && left.deleted == right.deleted && left.orders == right.orders && left.deletions == right.deletions
            && left.beforeReset == right.beforeReset
    }

    /// Whether both show the same table with the same undo history of deletions: equal but for "Undo reset".
    func showsSameTable(as other: TableState) -> Bool {
        var left = self
        var right = other
        left.beforeReset = nil
        right.beforeReset = nil
        return left == right
    }
}

/// The current rows of one section, by index in the section's definition, when they differ from the definition:
/// reordered, or some deleted (those are absent). 32-bit indices keep it compact.
struct SectionOrder: Sendable, Hashable {
    var section: UInt32
    var rows: [UInt32]
}

/// One deletion that Undo can reverse.
struct DeletionRecord: Sendable, Hashable {
    /// The row's table index.
    var row: UInt32
    /// The row's index in its section when it was deleted.
    var index: UInt32
    var wasSelected: Bool
}
