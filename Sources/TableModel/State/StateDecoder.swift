/// A value read from a JSON array, with where it came from for problems.
struct Located<Value> {
    var value: Value
    var path: JSONPath
    var offset: Int
}

/// Validates the fields of a state file (format in `TableState+JSON.swift`) against its table's definition,
/// logging each problem at its path, and builds the state when there are none.
struct StateDecoder {
    static let fields = ["table", "editMode", "selected", "collapsed", "order", "deleted", "undo"]
    static let undoFields = ["row", "section", "index", "selected"]

    let definition: TableDefinition
    let reader: ObjectReader
    let log: ProblemLog

    func decode() -> TableState? {
        let editMode = decodeEditMode()
        let deleted = decodeDeleted()
        // Later checks need the deleted rows; with an unreadable list they check against none.
        let selection = decodeSelection(deleted: deleted ?? BitSet())
        let expansion = decodeExpansion()
        let orders = decodeOrders(deleted: deleted ?? BitSet())
        let deletions = decodeUndo(deleted: deleted ?? BitSet())
        guard log.isEmpty, let editMode, let deleted, let selection, let expansion, let orders, let deletions else {
            return nil
        }
        var state = TableState(definition: definition)
        state.editMode = editMode
        state.selection = selection
        state.expansion = expansion
        state.deleted = deleted
        // A section not named keeps its defined order less its deleted rows, which `deleted` already says.
        for (section, rows) in orders.sorted(by: { $0.key < $1.key }) {
            state.setRowIndices(rows, inSection: section)
        }
        state.deletions = deletions
        return state
    }

    private func decodeEditMode() -> EditMode? {
        guard let name = reader.string("editMode", required: true) else { return nil }
        guard let mode = EditMode(rawValue: name) else {
            reader.report("editMode", #"expected "off", "all", "delete" or "sort", found "# + TextRules.quoted(name))
            return nil
        }
        guard definition.offers(mode) else {
            reader.report("editMode", "this table does not offer the edit mode \(TextRules.quoted(name))")
            return nil
        }
        return mode
    }

    private func decodeDeleted() -> BitSet? {
        guard let rows = rows(reader.array("deleted", required: true), at: reader.path.appending("deleted")) else {
            return nil
        }
        var deleted = BitSet()
        for row in rows {
            // A row the definition does not let be deleted cannot have been: such a state is impossible.
            if !row.value.isDeletable {
                log.report(row.path, at: row.offset, "\(TextRules.quoted(row.value.id)) cannot be deleted")
            }
            deleted.insert(row.value.tableIndex)
        }
        return deleted
    }

    private func decodeSelection(deleted: BitSet) -> BitSet? {
        guard let rows = rows(reader.array("selected", required: true), at: reader.path.appending("selected")) else {
            return nil
        }
        var selection = BitSet()
        for located in rows {
            let row = located.value
            let section = definition.sections[row.sectionIndex]
            let count = selection.count(in: section.tableRowRange)
            let sectionName = "section \(TextRules.quoted(section.id))"
            let problem: String? = if deleted.contains(row.tableIndex) {
                "\(TextRules.quoted(row.id)) is deleted"
            } else if section.selection == .none {
                "\(TextRules.quoted(row.id)) is in \(sectionName), whose rows are not selectable"
            } else if section.selection == .single, count >= 1 {
                "\(sectionName) is single: only one of its rows can be selected"
            } else if let max = section.maxSelected, count >= max {
                "\(sectionName) allows at most \(max) selected rows"
            } else {
                nil
            }
            if let problem {
                log.report(located.path, at: located.offset, problem)
            }
            selection.insert(row.tableIndex)
        }
        return selection
    }

    private func decodeExpansion() -> BitSet? {
        let path = reader.path.appending("collapsed")
        guard let items = strings(reader.array("collapsed", required: true), at: path) else { return nil }
        var expansion = BitSet()
        for section in definition.sections where section.isCollapsible {
            expansion.insert(section.index)
        }
        var seen = Set<String>()
        for item in items {
            let message: String? = if let section = definition.section(id: item.value) {
                !seen.insert(item.value).inserted ? "duplicate section \(TextRules.quoted(item.value))"
                    : !section.isCollapsible ? "section \(TextRules.quoted(item.value)) does not collapse" : nil
            } else {
                "unknown section \(TextRules.quoted(item.value))"
            }
            if let message {
                log.report(item.path, at: item.offset, message)
            } else if let section = definition.section(id: item.value) {
                expansion.remove(section.index)
            }
        }
        return expansion
    }

    // MARK: - Lists of ids

    /// The strings of an array field (already read, `nil` when missing or not an array); other elements are
    /// reported and left out.
    func strings(_ nodes: [JSONNode]?, at path: JSONPath) -> [Located<String>]? {
        guard let nodes else { return nil }
        var items: [Located<String>] = []
        for (index, node) in nodes.enumerated() {
            guard case .string(let value) = node.value else {
                log.report(path.appending(index), at: node.offset,
                           "expected a string, found \(node.value.kindDescription)")
                continue
            }
            items.append(Located(value: value, path: path.appending(index), offset: node.offset))
        }
        return items
    }

    /// The rows an array of row ids names; unknown and repeated ids are reported and left out, so that the
    /// rest can still be checked.
    func rows(_ nodes: [JSONNode]?, at path: JSONPath) -> [Located<RowDefinition>]? {
        strings(nodes, at: path).map(rows)
    }

    /// The rows `items` name; unknown and repeated ids are reported and left out.
    func rows(_ items: [Located<String>]) -> [Located<RowDefinition>] {
        var rows: [Located<RowDefinition>] = []
        var seen = Set<String>()
        for item in items {
            guard let row = definition.row(id: item.value) else {
                log.report(item.path, at: item.offset, "unknown row \(TextRules.quoted(item.value))")
                continue
            }
            guard seen.insert(item.value).inserted else {
                log.report(item.path, at: item.offset, "duplicate row \(TextRules.quoted(item.value))")
                continue
            }
            rows.append(Located(value: row, path: item.path, offset: item.offset))
        }
        return rows
    }
}
