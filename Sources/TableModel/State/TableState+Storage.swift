/// Reading and writing the compact storage in terms of indices; the public API speaks in ids.
extension TableState {
    /// The current rows of section `section`, as indices into its definition's rows, in order.
    func rowIndices(inSection section: Int) -> [Int] {
        if let order = orders.first(where: { $0.section == section }) {
            return order.rows.map(Int.init)
        }
        return Array(definition.sections[section].rows.indices)
    }

    /// Stores `rows` as the current rows of `section`, storing nothing when they are the defined order.
    mutating func setRowIndices(_ rows: [Int], inSection section: Int) {
        let isDefined = rows.count == definition.sections[section].rows.count
            && rows.enumerated().allSatisfy { $0 == $1 }
        let position = orders.firstIndex { $0.section >= section } ?? orders.endIndex
        let exists = position < orders.endIndex && orders[position].section == section
        if isDefined {
            if exists {
                orders.remove(at: position)
            }
        } else if exists {
            orders[position].rows = rows.map { UInt32($0) }
        } else {
            orders.insert(SectionOrder(section: UInt32(section), rows: rows.map { UInt32($0) }), at: position)
        }
    }

    /// The row's current index in its section, or `nil` when it is deleted.
    func currentIndex(of row: RowDefinition) -> Int? {
        guard !deleted.contains(row.tableIndex) else { return nil }
        guard let order = orders.first(where: { $0.section == row.sectionIndex }) else {
            return row.indexInSection
        }
        return order.rows.firstIndex(of: UInt32(row.indexInSection))
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
