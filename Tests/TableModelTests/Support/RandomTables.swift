import TableModel

/// Random but valid table definitions and random (valid and invalid) actions, for the property tests.
enum RandomTables {
    /// A definition JSON with 1–4 sections of 0–8 rows, every kind of section, some locked rows and a random set
    /// of edit modes; the initial selection respects each section's rules.
    static func definitionJSON(_ random: inout SplitMix64) -> String {
        let modes = ["all", "delete", "sort"].filter { _ in random.chance(60) }
        var rowNumber = 0
        var sections: [String] = []
        for sectionNumber in 0..<(1 + random.below(4)) {
            let kind = random.element(["none", "single", "multiple"])
            var fields = [#""id": "s\#(sectionNumber)""#, #""title": "Section \#(sectionNumber)""#]
            if kind != "none" || random.chance(30) {
                fields.append(#""selection": "\#(kind)""#)
            }
            var limit = kind == "single" ? 1 : Int.max
            if kind == "single", random.chance(50) {
                fields.append(#""allowsEmptySelection": \#(random.chance(50))"#)
            }
            if kind == "multiple", random.chance(60) {
                limit = 1 + random.below(3)
                fields.append(#""maxSelected": \#(limit)"#)
            }
            if random.chance(50) {
                fields.append(#""collapsible": true"#)
                if random.chance(50) {
                    fields.append(#""expanded": \#(random.chance(50))"#)
                }
            }
            var rows: [String] = []
            var selected = 0
            for _ in 0..<random.below(9) {
                var row = [#""id": "r\#(rowNumber)""#, #""title": "Row \#(rowNumber)""#]
                rowNumber += 1
                if kind != "none", selected < limit, random.chance(30) {
                    row.append(#""selected": true"#)
                    selected += 1
                }
                if random.chance(25) {
                    row.append(#""movable": false"#)
                }
                if random.chance(20) {
                    row.append(#""deletable": false"#)
                }
                rows.append("{" + row.joined(separator: ", ") + "}")
            }
            fields.append(#""rows": [\#(rows.joined(separator: ", "))]"#)
            sections.append("{" + fields.joined(separator: ", ") + "}")
        }
        let editModes = modes.map { "\"\($0)\"" }.joined(separator: ", ")
        return #"{"id": "random", "title": "Random", "editModes": [\#(editModes)], "sections": ["#
            + sections.joined(separator: ", ") + "]}"
    }

    /// An action that is often valid for `state` and sometimes not: unknown ids, indices out of range, modes not
    /// offered, locked rows, deleted rows, stale Undo forms. Half the time an action that the current edit mode
    /// would refuse is preceded by switching to a mode that allows it, so that sequences reach deep states.
    static func action(for state: TableState, _ random: inout SplitMix64) -> TableAction {
        let table = state.definition
        let rowID = table.rows.isEmpty || random.chance(3) ? "unknown-row" : random.element(table.rows).id
        let sectionID = random.chance(3) ? "unknown-section" : random.element(table.sections).id
        func needing(_ allows: (EditMode) -> Bool, _ action: TableAction) -> TableAction {
            let modes = EditMode.allCases.filter { allows($0) && table.offers($0) }
            guard !allows(state.editMode), !modes.isEmpty, random.chance(50) else { return action }
            return .setEditMode(random.element(modes))
        }
        switch random.below(100) {
        case 0..<20:
            let action: TableAction = random.chance(70) ? .select(row: rowID) : .deselect(row: rowID)
            return needing({ !$0.isEditing }, action)
        case 20..<30:
            return .setExpanded(section: sectionID, expanded: random.chance(50))
        case 30..<34:
            return .setAllExpanded(random.chance(50))
        case 34..<42:
            return .setEditMode(random.element(EditMode.allCases))
        case 42..<68:
            let section = table.row(id: rowID).map { table.sections[$0.sectionIndex].id } ?? ""
            let count = state.rowIDs(inSection: section).count
            let current = state.index(ofRow: rowID) ?? 0
            let index = random.chance(70) ? current + random.element([-1, 1, -2, 2]) : random.below(count + 3) - 1
            return needing(\.allowsMoving, .move(row: rowID, toIndex: index))
        case 68..<84:
            return needing(\.allowsDeletion, .delete(row: rowID))
        case 84..<98:
            let stale = random.chance(20)
            return .undoDeletion(row: stale ? rowID : state.undoableDeletion?.row.id ?? rowID)
        default:
            return .reset
        }
    }
}
