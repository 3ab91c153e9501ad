extension StateDecoder {
    /// The `order` lists, by section index, as indices into each section's defined rows.
    func decodeOrders(deleted: BitSet) -> [Int: [Int]]? {
        guard let members = reader.object("order", required: true) else { return nil }
        var orders: [Int: [Int]] = [:]
        for member in members {
            let path = reader.path.appending("order").appending(member.key)
            guard let section = definition.section(id: member.key) else {
                log.report(path, at: member.keyOffset, "unknown section \(TextRules.quoted(member.key))")
                continue
            }
            guard case .array(let nodes) = member.value.value else {
                let found = member.value.value.kindDescription
                log.report(path, at: member.value.offset, "expected an array, found \(found)")
                continue
            }
            let before = log.count
            guard let rows = orderRows(nodes, of: section, at: path), log.count == before else { continue }
            orders[section.index] = checkOrder(rows, of: section, at: path, offset: member.value.offset,
                                               deleted: deleted)
        }
        return orders
    }

    /// The rows an `order` list names: row ids, and ranges `"FIRST..LAST"` standing for the rows of the section's
    /// definition from FIRST through LAST (`..` cannot occur in an id). Unknown, repeated and misplaced rows are
    /// reported and left out.
    private func orderRows(_ nodes: [JSONNode], of section: SectionDefinition, at path: JSONPath)
        -> [Located<RowDefinition>]?
    {
        guard let items = strings(nodes, at: path) else { return nil }
        var ids: [Located<String>] = []
        for item in items {
            guard let separator = item.value.firstRange(of: "..") else {
                ids.append(item)
                continue
            }
            let (first, last) = (String(item.value[..<separator.lowerBound]), String(item.value[separator.upperBound...]))
            guard let from = definition.row(id: first), let through = definition.row(id: last),
                from.sectionIndex == section.index, through.sectionIndex == section.index,
                from.indexInSection < through.indexInSection
            else {
                log.report(item.path, at: item.offset, "expected a range \"FIRST..LAST\" of rows of this section, "
                    + "FIRST before LAST, found \(TextRules.quoted(item.value))")
                continue
            }
            for row in section.rows[from.indexInSection...through.indexInSection] {
                ids.append(Located(value: row.id, path: item.path, offset: item.offset))
            }
        }
        return rows(ids)
    }

    /// An order must list exactly the section's rows that are not deleted, with the locked rows in their defined
    /// order (moves never pass a locked row, and Undo puts a locked row back where it was), and every row between
    /// the locked rows that cannot be deleted it is defined between (``SectionDefinition/fixedRowCrossed(in:)``).
    private func checkOrder(
        _ rows: [Located<RowDefinition>],
        of section: SectionDefinition,
        at path: JSONPath,
        offset: Int,
        deleted: BitSet
    ) -> [Int]? {
        let before = log.count
        for located in rows {
            let row = located.value
            if row.sectionIndex != section.index {
                let home = definition.sections[row.sectionIndex].id
                log.report(located.path, at: located.offset,
                           "\(TextRules.quoted(row.id)) is a row of section \(TextRules.quoted(home))")
            } else if deleted.contains(row.tableIndex) {
                log.report(located.path, at: located.offset, "\(TextRules.quoted(row.id)) is deleted")
            }
        }
        guard log.count == before else { return nil }
        let listed = Set(rows.map(\.value.id))
        let missing = section.rows.filter { !deleted.contains($0.tableIndex) && !listed.contains($0.id) }
        guard missing.isEmpty else {
            let names = missing.map { TextRules.quoted($0.id) }.joined(separator: ", ")
            log.report(path, at: offset, "misses \(names): the order lists every row of the section not deleted")
            return nil
        }
        let locked = rows.filter { !$0.value.isMovable }
        for (earlier, later) in zip(locked, locked.dropFirst())
        where earlier.value.indexInSection > later.value.indexInSection {
            log.report(later.path, at: later.offset, "\(TextRules.quoted(later.value.id)) is locked (not movable)"
                + " and stays before \(TextRules.quoted(earlier.value.id))")
        }
        guard log.count == before else { return nil }
        let order = rows.map(\.value.indexInSection)
        if let (position, fixed) = section.fixedRowCrossed(in: order) {
            let row = rows[position], side = row.value.indexInSection < fixed ? "after" : "before"
            log.report(row.path, at: row.offset, "\(TextRules.quoted(row.value.id)) is \(side) "
                + "\(TextRules.quoted(section.rows[fixed].id)), which is locked and cannot be deleted: "
                + "no action takes a row past it")
            return nil
        }
        return order
    }

    /// The undo history, oldest first.
    func decodeUndo(deleted: BitSet) -> [DeletionRecord]? {
        guard let nodes = reader.array("undo", required: true) else { return nil }
        if nodes.count > TableState.undoLimit {
            reader.report("undo", "holds \(nodes.count) deletions; at most \(TableState.undoLimit) can be undone")
        }
        var records: [DeletionRecord] = []
        var seen = Set<String>()
        for (index, node) in nodes.enumerated() {
            let path = reader.path.appending("undo").appending(index)
            guard let entry = ObjectReader(node, at: path, expecting: "an undo entry object", fields: Self.undoFields,
                                           log: log)
            else { continue }
            let rowID = entry.string("row", required: true)
            let sectionID = entry.string("section", required: true)
            let position = entry.integer("index", required: true, in: 0...Int.max)
            let wasSelected = entry.bool("selected", required: true)
            guard let rowID, let sectionID, let position, let wasSelected else { continue }
            guard let row = definition.row(id: rowID) else {
                entry.report("row", "unknown row \(TextRules.quoted(rowID))")
                continue
            }
            let section = definition.sections[row.sectionIndex]
            if !deleted.contains(row.tableIndex) {
                entry.report("row", "\(TextRules.quoted(rowID)) is not deleted")
            } else if !seen.insert(rowID).inserted {
                entry.report("row", "\(TextRules.quoted(rowID)) is in the undo history already")
            }
            if sectionID != section.id {
                let home = TextRules.quoted(section.id)
                entry.report("section", "\(TextRules.quoted(rowID)) is a row of section \(home)")
            }
            if wasSelected, section.selection == .none {
                entry.report("selected", "the rows of section \(TextRules.quoted(section.id)) are not selectable")
            }
            guard position < section.rows.count else {
                entry.report("index", "expected an index below the section's \(section.rows.count) rows")
                continue
            }
            records.append(DeletionRecord(row: UInt32(row.tableIndex), index: UInt32(position),
                                          wasSelected: wasSelected))
        }
        return records
    }
}
