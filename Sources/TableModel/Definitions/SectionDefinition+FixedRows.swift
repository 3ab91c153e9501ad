extension SectionDefinition {
    /// The first row of `order` (indices into ``rows``: the rows now in the section, in order) that is on the other
    /// side of a fixed row from where it is defined, as its place in `order` and the fixed row's index; nil when every
    /// row lies between the fixed rows it is defined between.
    ///
    /// A fixed row is locked (not movable) and cannot be deleted, and no sequence of actions takes another row past
    /// one: a move never shifts a locked row, and a row that is deleted and restored comes back at the index it had
    /// (Undo restores the most recent deletion only, so the rows before it are the same then), on its side of every
    /// row that never left. A locked row that can be deleted is no such barrier: rows move across its place while it
    /// is deleted, and Undo puts it back at its old index.
    public func fixedRowCrossed(in order: [Int]) -> (position: Int, fixedRow: Int)? {
        let fixed = rows.indices.filter { !rows[$0].isMovable && !rows[$0].isDeletable }
        guard !fixed.isEmpty else { return nil }
        // For each defined row, how many fixed rows are defined before it (a fixed row not counting itself).
        var fixedBefore = [Int](repeating: 0, count: rows.count)
        var count = 0
        for index in rows.indices {
            fixedBefore[index] = count
            if !rows[index].isMovable && !rows[index].isDeletable { count += 1 }
        }
        var passed = 0
        for (position, row) in order.enumerated() {
            if fixedBefore[row] > passed { return (position, fixed[passed]) }
            if fixedBefore[row] < passed { return (position, fixed[passed - 1]) }
            if !rows[row].isMovable && !rows[row].isDeletable { passed += 1 }
        }
        return nil
    }
}
