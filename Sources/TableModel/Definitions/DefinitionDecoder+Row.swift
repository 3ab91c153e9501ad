/// Where a row sits in its table.
struct RowLocation {
    var sectionIndex: Int
    var indexInSection: Int
    var tableIndex: Int
}

/// Counts a section's initially selected rows while they are decoded: a single section starts with at most one,
/// a multiple one with at most `maxSelected`.
struct InitialSelectionTally {
    /// `nil` when the section's `selection` is invalid: then no selection rule is checked.
    let kind: SelectionKind?
    let maxSelected: Int?
    var firstSelectedID: String?
    var count = 0

    /// Counts one selected row; the reason it is one too many, if it is.
    mutating func add(_ id: String?) -> String? {
        count += 1
        if count == 1 {
            firstSelectedID = id
        }
        switch kind {
        case .single where count > 1:
            let first = firstSelectedID.map { "; \(TextRules.quoted($0)) is selected already" } ?? ""
            return "a single section starts with at most one selected row\(first)"
        case .multiple where count > (maxSelected ?? Int.max):
            return "more rows selected than maxSelected (\(maxSelected ?? 0)) allows"
        default:
            return nil
        }
    }
}

extension DefinitionDecoder {
    func decodeRow(
        _ node: JSONNode,
        at path: JSONPath,
        location: RowLocation,
        tally: inout InitialSelectionTally,
        rowIDs: inout Set<String>
    ) -> RowDefinition? {
        guard let row = ObjectReader(node, at: path, expecting: "a row object", fields: Self.rowFields, log: log)
        else { return nil }
        let id = row.id("id")
        if let id, !rowIDs.insert(id).inserted {
            row.report("id", "duplicate row id \(TextRules.quoted(id))")
        }
        let title = row.text("title", required: true)
        let detail = row.text("detail", required: false)
        let selected = row.bool("selected")
        if row.contains("selected"), tally.kind == SelectionKind.none {
            row.report("selected", #"applies only to rows of single and multiple sections (this one's is "none")"#)
        } else if selected == true, let problem = tally.add(id) {
            row.report("selected", problem)
        }
        let deletable = row.bool("deletable")
        let movable = row.bool("movable")
        let typesAreValid = [("selected", selected), ("deletable", deletable), ("movable", movable)]
            .allSatisfy { key, value in value != nil || !row.contains(key) }
        guard let id, let title, typesAreValid, row.contains("detail") == (detail != nil) else { return nil }
        return RowDefinition(
            id: id,
            title: title,
            detail: detail,
            isInitiallySelected: selected ?? false,
            isDeletable: deletable ?? true,
            isMovable: movable ?? true,
            sectionIndex: location.sectionIndex,
            indexInSection: location.indexInSection,
            tableIndex: location.tableIndex
        )
    }
}
