import Testing

@testable import TableModel

/// `TableDefinition.sample()`, which the start-up's render check renders instead of the whole table.
@Suite struct DefinitionSampleTests {
    private func table(_ rows: [String], maxSelected: Int? = nil) throws -> TableDefinition {
        let max = maxSelected.map { ", \"maxSelected\": \($0)" } ?? ""
        let json = """
            {"id": "t", "title": "T", "language": "ja", "editModes": ["all"], "sections": [
              {"id": "a", "title": "A", "selection": "multiple", "collapsible": true\(max),
               "rows": [\(rows.joined(separator: ","))]},
              {"id": "b", "title": "B", "footer": "F", "rows": [{"id": "b1", "title": "B1"}]}]}
            """
        return try DefinitionLoader.load(json).get().tables[0]
    }

    @Test func keepsOneRowOfEachKindWithTheFirstAndTheLast() throws {
        let plain = (1...1000).map { #"{"id": "p\#($0)", "title": "P\#($0)"}"# }
        let kinds = [
            #"{"id": "d", "title": "D", "detail": "x"}"#, #"{"id": "s", "title": "S", "selected": true}"#,
            #"{"id": "l", "title": "L", "deletable": false, "movable": false}"#,
            #"{"id": "d2", "title": "D2", "detail": "y"}"#,
        ]
        let definition = try table(Array(plain[..<500]) + kinds + Array(plain[500...]))
        let sample = definition.sample()
        #expect(sample.sections[0].rows.map(\.id) == ["p1", "d", "s", "l", "p1000"])
        #expect(sample.sections[1].rows.map(\.id) == ["b1"])
        // The same table otherwise, its rows numbered afresh.
        #expect(sample.id == definition.id && sample.language == "ja" && sample.editModes == definition.editModes)
        #expect(sample.sections.map(\.title) == ["A", "B"] && sample.sections[1].footer == "F")
        #expect(sample.sections[0].isCollapsible && sample.sections[0].selection == .multiple)
        #expect(sample.rows.map(\.tableIndex) == Array(0..<6))
        #expect(sample.sections[0].rows.map(\.indexInSection) == Array(0..<5))
        #expect(sample.row(id: "l").map { !$0.isDeletable && !$0.isMovable } == true)
    }

    @Test func keepsEnoughSelectedRowsToFillTheSection() throws {
        let rows = (1...50).map { #"{"id": "r\#($0)", "title": "R\#($0)", "selected": \#($0 % 15 == 0)}"# }
        let sample = try table(rows, maxSelected: 3).sample()
        #expect(sample.sections[0].rows.filter(\.isInitiallySelected).map(\.id) == ["r15", "r30", "r45"])
        // So the section is full in the sample as in the table, and says so.
        let state = TableState(definition: sample)
        #expect(state.selectedRowIDs.count == 3)
        #expect(state.presentation(ofSection: "a")?.isSelectionLimitReached == true)
    }

    @Test func textRulesReadASCIIAsTheUnicodePropertiesDo() {
        for value in UInt32(0)..<0x80 {
            let scalar = Unicode.Scalar(value)!
            let text = "a" + String(Character(scalar))
            let expected: String? = scalar.properties.generalCategory == .control
                ? "control character \(JSONParser.scalarName(value)) is not allowed" : nil
            #expect(TextRules.textProblem(text) == expected, "U+\(String(value, radix: 16))")
            let isOnlySpace = TextRules.textProblem(String(Character(scalar))) == "must not be only white space"
            #expect(isOnlySpace == scalar.properties.isWhitespace, "U+\(String(value, radix: 16))")
        }
        #expect(TextRules.textProblem("a\u{FFFE}") == "noncharacter \(JSONParser.scalarName(0xFFFE)) is not allowed")
        #expect(TextRules.textProblem("a\u{85}") == "control character \(JSONParser.scalarName(0x85)) is not allowed")
        #expect(TextRules.textProblem("\u{A0}\u{3000}") == "must not be only white space")
        #expect(TextRules.textProblem("") == "must not be empty")
        #expect(TextRules.textProblem("\t\u{1}") == "control character \(JSONParser.scalarName(9)) is not allowed")
    }
}
