/// Reading and writing the compact storage in terms of indices; the public API speaks in ids.
extension TableState {
    /// The current rows of section `section`, as indices into its definition's rows, in order.
    func rowIndices(inSection section: Int) -> [Int] {
        changedRowIndices(inSection: section) ?? Array(definition.sections[section].rows.indices)
    }

    /// The current rows of section `section` as ``rowIndices(inSection:)`` gives them, or `nil` when they are all the
    /// defined rows in the defined order (none moved or deleted): a page's presentation then allocates no array.
    func changedRowIndices(inSection section: Int) -> [Int]? {
        if let order = order(ofSection: section) {
            return order.rows
        }
        let definition = definition.sections[section]
        guard deleted.count(in: definition.tableRowRange) > 0 else { return nil }
        let first = definition.tableRowRange.lowerBound
        return definition.rows.indices.filter { !deleted.contains(first + $0) }
    }

    /// Stores `rows` as the current rows of `section`. Rows in increasing order store nothing: they are the defined
    /// order less the deleted rows, which ``deleted`` already says (callers update it beside this call).
    mutating func setRowIndices(_ rows: [Int], inSection section: Int) {
        let isDefinedOrder = zip(rows, rows.dropFirst()).allSatisfy { $0 < $1 }
        let position = orders.firstIndex { $0.section >= section } ?? orders.endIndex
        let exists = position < orders.endIndex && orders[position].section == section
        if isDefinedOrder {
            if exists {
                orders.remove(at: position)
            }
        } else if exists {
            orders[position] = SectionOrder(section: section, rows: rows)
        } else {
            orders.insert(SectionOrder(section: section, rows: rows), at: position)
        }
    }

    /// The row's current index in its section, or `nil` when it is deleted. Walks the stored runs or counts the
    /// deleted rows before it, never building the section's whole order.
    func currentIndex(of row: RowDefinition) -> Int? {
        guard !deleted.contains(row.tableIndex) else { return nil }
        guard let order = order(ofSection: row.sectionIndex) else {
            let first = definition.sections[row.sectionIndex].tableRowRange.lowerBound
            return row.indexInSection - deleted.count(in: first..<row.tableIndex)
        }
        var index = 0
        for run in order.runs {
            let start = Int(run.start)
            if (start..<(start + Int(run.count))).contains(row.indexInSection) {
                return index + row.indexInSection - start
            }
            index += Int(run.count)
        }
        return nil
    }

    /// The stored order of `section`, if its rows are not in their defined order.
    private func order(ofSection section: Int) -> SectionOrder? {
        // Orders are few (one per reordered section) and sorted: a linear scan beats a dictionary here.
        orders.first { $0.section == section }
    }

    /// The number of rows currently in `section`.
    func rowCount(inSection section: SectionDefinition) -> Int {
        section.rows.count - deleted.count(in: section.tableRowRange)
    }

    /// The number of rows selected in `section` (deleted rows are never selected).
    func selectedCount(inSection section: SectionDefinition) -> Int {
        selection.count(in: section.tableRowRange)
    }

    /// Whether the section's rows are shown: always for a section that does not collapse.
    func isExpanded(_ section: SectionDefinition) -> Bool {
        !section.isCollapsible || expansion.contains(section.index)
    }
}
