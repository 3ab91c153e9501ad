/// One visitor's state of one table: selection, expanded sections, edit mode, row order, deleted rows and the
/// undo history of deletions.
///
/// A state is a small value that refers to its shared, immutable `TableDefinition` and stores only what the
/// visitor can change, compactly: selection, expansion and deletion as bit sets over row and section indices
/// (inline up to 64 rows or sections, sparse above), a row order only for sections whose rows are no longer in
/// their defined order (as runs of consecutive rows, so its size follows the moves, not the section), and at most
/// `undoLimit` deletion records: what a state costs grows with what the visitor changed, not with the table. Every stored part is canonical — a section put back in its
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
    /// The current row order of each section whose rows are not in their defined order, sorted by section.
    /// A section that only lost rows stores none: ``deleted`` says which are gone.
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
        left.showsSameTable(as: right) && left.beforeReset == right.beforeReset
    }

    /// Whether both show the same table with the same undo history of deletions: equal but for "Undo reset".
    /// Compared field by field, without copying either state (every page asks it, for Reset).
    func showsSameTable(as other: TableState) -> Bool {
        definition === other.definition && editMode == other.editMode
            && selection == other.selection && expansion == other.expansion
            && deleted == other.deleted && orders == other.orders && deletions == other.deletions
    }
}

/// The current rows of one section, by index in the section's definition, when their order differs from the
/// definition's (deleted rows are absent). Kept as runs of consecutive defined rows, so a move costs a few runs
/// whatever the section's size: moving one row in a 100,000-row section stores at most four.
struct SectionOrder: Sendable, Hashable {
    var section: UInt32
    /// Maximal runs (no run continues where the one before it ends), so equal orders are equal values.
    var runs: [OrderRun]

    /// The rows in order.
    var rows: [Int] {
        var rows: [Int] = []
        rows.reserveCapacity(runs.reduce(0) { $0 + Int($1.count) })
        for run in runs { rows.append(contentsOf: Int(run.start)..<Int(run.start + run.count)) }
        return rows
    }

    /// The order of `rows` (indices in the section's definition), as maximal runs.
    init(section: Int, rows: [Int]) {
        self.section = UInt32(section)
        var runs: [OrderRun] = []
        for row in rows {
            if let last = runs.last, Int(last.start + last.count) == row {
                runs[runs.count - 1].count += 1
            } else {
                runs.append(OrderRun(start: UInt32(row), count: 1))
            }
        }
        self.runs = runs
    }
}

/// Rows `start`, `start + 1`, … `start + count - 1` of a section's definition, in that order.
struct OrderRun: Sendable, Hashable {
    var start: UInt32
    var count: UInt32
}

/// One deletion that Undo can reverse.
struct DeletionRecord: Sendable, Hashable {
    /// The row's table index.
    var row: UInt32
    /// The row's index in its section when it was deleted.
    var index: UInt32
    var wasSelected: Bool
}
