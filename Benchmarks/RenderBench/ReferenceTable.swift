import TableModel

/// SPEC §8's reference page: 3 sections of 10 rows (single, multiple, multiple), all collapsible, with the edit
/// modes All, Delete only and Reorder only offered; every other row has a detail.
enum ReferenceTable {
    static let json: String = {
        let sections = ["single", "multiple", "multiple"].enumerated().map { offset, selection in
            let number = offset + 1
            let rows = (1...10).map { row in
                let detail = row.isMultiple(of: 2) ? "" : #", "detail": "Detail \#(row)""#
                return #"{"id": "row-\#(number)-\#(row)", "title": "Row \#(row) of section \#(number)"\#(detail)}"#
            }
            return #"""
                {"id": "section-\#(number)", "title": "Section \#(number)", "footer": "Footer of section \#(number)",
                 "selection": "\#(selection)", "collapsible": true, "rows": [\#(rows.joined(separator: ", "))]}
                """#
        }
        return #"""
            {"id": "reference", "title": "Reference table", "editModes": ["all", "delete", "sort"],
             "sections": [\#(sections.joined(separator: ", "))]}
            """#
    }()

    /// The table, and the state of a visitor who selected one row.
    static func load() throws -> (table: TableDefinition, state: TableState) {
        let table = try DefinitionLoader.load(json).get().tables[0]
        let state = try TableState(definition: table).applying(.select(row: "row-2-3")).get().state
        return (table, state)
    }
}
