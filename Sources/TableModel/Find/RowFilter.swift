/// The rows a page that finds (SPEC §10, "Find") shows: the matching rows now in the table, at most a bounded number
/// of them, under their sections. Which rows match is the app's question (it folds texts with Unicode's tables);
/// which of them a page shows, and how many there are, is the state's.
public struct RowFilter: Sendable, Hashable {
    /// The rows shown, as indices into the definition's `rows`, ascending.
    public let shown: [Int]
    /// The matching rows now in the table (deleted ones do not count): more than `shown.count` when capped.
    public let matchCount: Int
    /// The rows now in the table.
    public let rowCount: Int
    /// Whether the most recent deletion, which Undo restores, is of a matching row: its section stays on the page,
    /// where the Undo placeholder stands in for the row.
    public let showsUndoableDeletion: Bool
    /// `shown`, for membership.
    let members: Set<Int>

    init(shown: [Int], matchCount: Int, rowCount: Int, showsUndoableDeletion: Bool) {
        self.shown = shown
        self.matchCount = matchCount
        self.rowCount = rowCount
        self.showsUndoableDeletion = showsUndoableDeletion
        members = Set(shown)
    }

    /// Whether some matching rows are not shown: the page says how many it shows.
    public var isCapped: Bool {
        shown.count < matchCount
    }

    public static func == (lhs: RowFilter, rhs: RowFilter) -> Bool {
        lhs.shown == rhs.shown && lhs.matchCount == rhs.matchCount && lhs.rowCount == rhs.rowCount
            && lhs.showsUndoableDeletion == rhs.showsUndoableDeletion
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(shown)
        hasher.combine(matchCount)
    }
}

extension TableState {
    /// The filter of a page that finds `matches` — indices into the definition's `rows`, ascending, of every row
    /// whose texts match, deleted or not: the matching rows now in the table, the first `limit` of them shown. Costs
    /// what `matches` holds, whatever the table's size.
    public func filter(matching matches: [Int], limit: Int) -> RowFilter {
        var shown: [Int] = []
        shown.reserveCapacity(min(matches.count, limit))
        var count = 0
        for index in matches where !deleted.contains(index) {
            count += 1
            if shown.count < limit { shown.append(index) }
        }
        let undoable = undoableDeletion?.row.tableIndex
        return RowFilter(
            shown: shown, matchCount: count, rowCount: definition.rows.count - deleted.count(in: 0..<definition.rows.count),
            showsUndoableDeletion: undoable.map { index in Self.contains(matches, index) } ?? false
        )
    }

    /// Whether the ascending `indices` hold `index` (a binary search).
    private static func contains(_ indices: [Int], _ index: Int) -> Bool {
        var low = 0, high = indices.count
        while low < high {
            let middle = (low + high) / 2
            if indices[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low < indices.count && indices[low] == index
    }
}
