/// The rows a section shows, in order, each presented when it is read: the section keeps the rows' indices and
/// the state's selection, and a row's controls are worked out from them on access. A page reads every row once;
/// building them all up front, with their controls' actions, was most of the model's share of a render.
///
/// A window of a long section (``RowWindow``) presents only its rows: the collection's indices are then the rows'
/// positions in the section, from the window's first.
public struct RowPresentations: RandomAccessCollection, Sendable, Equatable {
    /// The section's rows as defined.
    @usableFromInline let rows: [RowDefinition]
    /// The rows shown, as indices into `rows`, in order; `nil` when they are all of `rows` in their order (no
    /// array to allocate for a page where nothing was moved or deleted).
    @usableFromInline let order: [Int]?
    @usableFromInline let selection: BitSet
    /// `nil` in a `none` section.
    @usableFromInline let role: SelectionRole?
    /// A single section that needs a selection: its selected row requests `true` again.
    @usableFromInline let keepsSelection: Bool
    // The edit mode's questions, asked once per section rather than per row.
    @usableFromInline let isEditing: Bool
    @usableFromInline let allowsDeletion: Bool
    /// The runs of movable rows, in the modes that move rows (the page is rendered far more often in Off).
    @usableFromInline let runs: MovableRuns?
    /// The positions shown: all of them, or a window's; `0..<positions.count` when ``positions`` picks them.
    @usableFromInline let shown: Range<Int>
    /// On a page that finds, the positions of the matching rows, ascending: the collection's index `i` is then the
    /// row at position `positions[i]`, which its controls post.
    @usableFromInline let positions: [Int]?

    init(
        section: SectionDefinition, order: [Int]?, selection: BitSet, editMode: EditMode, window: Range<Int>? = nil,
        positions: [Int]? = nil
    ) {
        rows = section.rows
        self.order = order
        self.selection = selection
        role = switch section.selection {
        case .none: nil
        case .single: .radio
        case .multiple: .checkbox
        }
        keepsSelection = section.selection == .single && !section.allowsEmptySelection
        isEditing = editMode.isEditing
        allowsDeletion = editMode.allowsDeletion
        runs = editMode.allowsMoving
            ? MovableRuns(order.map { $0.map { section.rows[$0].isMovable } } ?? section.rows.map(\.isMovable)) : nil
        self.positions = positions
        shown = positions.map { 0..<$0.count } ?? window ?? 0..<(order?.count ?? section.rows.count)
    }

    /// The row's position in the section for the collection's `index`.
    @inlinable
    func position(at index: Int) -> Int {
        positions?[index] ?? index
    }

    /// Where a row at `position` in the section (shown or not) falls among the rows shown: how many shown rows come
    /// before it, clamped to them. The Undo placeholder of a deleted row stands there.
    public func offset(ofPosition position: Int) -> Int {
        guard let positions else { return Swift.min(Swift.max(position - shown.lowerBound, 0), shown.count) }
        return positions.count { $0 < position }
    }

    @inlinable public var startIndex: Int { shown.lowerBound }
    @inlinable public var endIndex: Int { shown.upperBound }

    /// The row at `index` among those shown, with its controls. Inlinable, with the row's controls, so that a
    /// page reading a row's flags copies no presentation.
    @inlinable
    public subscript(index: Int) -> RowPresentation {
        let position = position(at: index)
        let row = rows[order?[position] ?? position]
        let isSelected = selection.contains(row.tableIndex)
        return RowPresentation(
            row: row,
            index: position,
            isSelected: isSelected,
            moveRange: runs?.range(at: position),
            selectionRole: role,
            requestsSelected: requestsSelected(ifSelected: isSelected),
            isEditing: isEditing,
            showsDeleteControl: allowsDeletion,
            showsMoveControls: runs != nil
        )
    }

    /// The row at `index` as a page shows it outside the edit modes, where nothing but its selection varies: its
    /// index in the section's definition and its selection control (nil in a `none` section). Nil in the modes that
    /// edit, whose rows have more controls: read ``subscript(_:)`` then. The same answers as the presentation's
    /// (`PropertyTests.selectionLooksAgree`), without making one: a page of the Off mode reads every row this way.
    @inlinable
    public func selectionLook(at index: Int) -> (indexInSection: Int, selection: SelectionControl.Look?)? {
        guard !isEditing else { return nil }
        let position = position(at: index)
        let row = rows[order?[position] ?? position]
        guard let role else { return (row.indexInSection, nil) }
        let isSelected = selection.contains(row.tableIndex)
        return (row.indexInSection,
                SelectionControl.Look(role: role, isChecked: isSelected,
                                      requestsSelected: requestsSelected(ifSelected: isSelected), isEnabled: true))
    }

    /// The selection a tap on a row requests: the opposite of its own, except for the selected row of a single
    /// section that needs a selection, which requests `true` again.
    @inlinable
    func requestsSelected(ifSelected isSelected: Bool) -> Bool {
        !isSelected || keepsSelection
    }

    /// Equal when they present the same rows.
    public static func == (lhs: RowPresentations, rhs: RowPresentations) -> Bool {
        lhs.elementsEqual(rhs)
    }
}

/// The runs of movable rows between locked ones in a section's current order: a movable row may move anywhere
/// inside its run and nowhere else.
@usableFromInline
struct MovableRuns: Sendable {
    private let movable: [Bool]
    /// For each position, the first position of the run it belongs to.
    private let starts: [Int]
    /// For each position, the last position of the run it belongs to.
    private let ends: [Int]

    init(_ movable: [Bool]) {
        self.movable = movable
        var starts = Array(repeating: 0, count: movable.count)
        var start = 0
        for (position, isMovable) in movable.enumerated() {
            if !isMovable { start = position + 1 }
            starts[position] = start
        }
        var ends = Array(repeating: 0, count: movable.count)
        var end = movable.count - 1
        for position in movable.indices.reversed() {
            if !movable[position] { end = position - 1 }
            ends[position] = end
        }
        self.starts = starts
        self.ends = ends
    }

    /// The positions the row at `position` may move to, or `nil` when it is locked.
    @usableFromInline
    func range(at position: Int) -> ClosedRange<Int>? {
        movable[position] ? starts[position]...ends[position] : nil
    }
}
