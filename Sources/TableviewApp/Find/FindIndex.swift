import Foundation
import TableModel

/// One table's row texts folded for find (``TextFolding``), made once when the definitions load: each row's folded
/// title and detail in one buffer, so a search is one `memmem` pass over it, whatever the table's size, and a
/// request folds nothing but its query.
struct FindIndex: Sendable {
    /// For each row in definition order: its folded title, a NUL, its folded detail, a NUL. Definitions refuse
    /// control characters, and a query holding one is refused, so no match spans two texts.
    private let text: [UInt8]
    /// Where each row's bytes start in `text`, and where the last ends: `rows.count + 1` offsets.
    private let rowStarts: [Int]

    /// The index of `table`'s rows.
    init(_ table: TableDefinition) {
        var text: [UInt8] = []
        var rowStarts: [Int] = []
        rowStarts.reserveCapacity(table.rows.count + 1)
        for row in table.rows {
            rowStarts.append(text.count)
            text.append(contentsOf: TextFolding.fold(row.title))
            text.append(0)
            if let detail = row.detail { text.append(contentsOf: TextFolding.fold(detail)) }
            text.append(0)
        }
        rowStarts.append(text.count)
        self.text = text
        self.rowStarts = rowStarts
    }

    /// The rows whose title or detail holds the folded `query`, as indices into the definition's `rows`, ascending.
    /// Costs one pass over the folded texts and a lookup per matching row.
    func rows(matching query: [UInt8]) -> [Int] {
        var rows: [Int] = []
        var start = 0
        while let hit = TextFolding.firstRange(of: query, in: text, from: start) {
            let row = self.row(at: hit.lowerBound)
            rows.append(row)
            start = rowStarts[row + 1]
        }
        return rows
    }

    /// The row whose bytes hold `offset` (a binary search of the row starts).
    private func row(at offset: Int) -> Int {
        var low = 0, high = rowStarts.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if rowStarts[middle] <= offset { low = middle } else { high = middle }
        }
        return low
    }
}
