/// Where one row can go in one move: the places the position picker lists (SPEC §10, "Move X…").
///
/// The places follow the move rules (`TableState.move`): a row moves within its section, only in the modes that
/// reorder, and never past a locked row, so its places are its run between locked rows. Its own index is not a
/// place: a move there changes nothing.
public struct MovePlaces: Sendable, Equatable {
    /// The row.
    public let row: RowDefinition
    /// Its section.
    public let section: SectionDefinition
    /// The row's index among the rows now in its section; `nil` when it is deleted.
    public let index: Int?
    /// The number of rows now in the section (deleted ones do not count).
    public let rowCount: Int
    /// The indices the row may move to, its own among them, or why it cannot move at all.
    public let reach: Reach
    /// The section's other rows now, by index into the section's definition, in order: where the row goes, it
    /// comes to rest between two of them.
    private let others: [Int]

    /// Whether the row can move, and where to.
    public enum Reach: Sendable, Equatable {
        /// Every index of the row's run between locked rows (its own included); a run of one leaves no place.
        case run(ClosedRange<Int>)
        /// Rows move only in the edit modes All and Reorder only.
        case notInReorderingMode
        /// The row is locked (`movable: false`).
        case rowNotMovable
        /// The row is deleted.
        case rowIsDeleted
    }

    init(row: RowDefinition, section: SectionDefinition, order: [Int], editMode: EditMode) {
        self.row = row
        self.section = section
        others = order.filter { $0 != row.indexInSection }
        rowCount = order.count
        let index = order.firstIndex(of: row.indexInSection)
        self.index = index
        if let index {
            if !editMode.allowsMoving {
                reach = .notInReorderingMode
            } else if !row.isMovable {
                reach = .rowNotMovable
            } else {
                let movable = order.map { section.rows[$0].isMovable }
                let first = movable[..<index].lastIndex(of: false).map { $0 + 1 } ?? 0
                let last = movable[(index + 1)...].firstIndex(of: false).map { $0 - 1 } ?? order.count - 1
                reach = .run(first...last)
            }
        } else {
            reach = .rowIsDeleted
        }
    }

    /// The run the row can move in, or `nil` when it cannot move.
    public var run: ClosedRange<Int>? {
        if case .run(let run) = reach { return run }
        return nil
    }

    /// Whether the row has at least one place to go.
    public var hasPlaces: Bool {
        (run?.count ?? 0) > 1
    }

    /// The indices of `range` the row can move to: those in its run, except its own.
    public func places(in range: ClosedRange<Int>) -> [Int] {
        guard let run, let index else { return [] }
        return range.clamped(to: run).filter { $0 != index }
    }

    /// The action that moves the row to `place`, naming the index it has now (a stale form is refused).
    public func action(movingTo place: Int) -> TableAction {
        .move(row: row.id, toIndex: place, fromIndex: index)
    }

    /// The row the moved row would come to rest just before at `place` (the one that is there now, once the
    /// moved row is taken out), or `nil` at the end of the section.
    public func rowBefore(place: Int) -> RowDefinition? {
        others.indices.contains(place) ? section.rows[others[place]] : nil
    }

    /// The row the moved row would come to rest just after at `place`, or `nil` at the top of the section.
    public func rowAfter(place: Int) -> RowDefinition? {
        others.indices.contains(place - 1) ? section.rows[others[place - 1]] : nil
    }

    /// `range` cut into at most `maximum` consecutive groups of a size that is a power of `maximum` (50, 2,500…),
    /// the last one shorter, so that a picker lists no more than `maximum` links or places on one page however long
    /// the section: a 2,000-row section gives 40 groups of 50, a 100,000-row one 40 groups of 2,500, each of those
    /// 50 groups of 50. A range of at most `maximum` indices is one group.
    public static func groups(of range: ClosedRange<Int>, maximum: Int) -> [ClosedRange<Int>] {
        precondition(maximum > 1)
        guard range.count > maximum else { return [range] }
        var size = maximum
        while (range.count + size - 1) / size > maximum {
            size *= maximum
        }
        return stride(from: range.lowerBound, through: range.upperBound, by: size).map { start in
            start...min(start + size - 1, range.upperBound)
        }
    }
}

extension TableState {
    /// Where the row can move in one move, or `nil` for an unknown row.
    public func movePlaces(ofRow id: String) -> MovePlaces? {
        guard let row = definition.row(id: id) else { return nil }
        let section = definition.sections[row.sectionIndex]
        return MovePlaces(row: row, section: section, order: rowIndices(inSection: section.index), editMode: editMode)
    }
}
