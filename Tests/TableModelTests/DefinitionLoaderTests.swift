import Testing
import TableModel

/// SPEC §1: every rule of the definition format, each refusal named by its JSON path.
@Suite struct DefinitionLoaderTests {
    private func problems(_ json: String) -> [String] {
        switch DefinitionLoader.load(json) {
        case .success: []
        case .failure(let problems): problems.problems.map(\.description)
        }
    }

    /// A one-table file whose first section holds `section` fields and `rows`.
    private func problems(section: String = "", rows: String = #"{"id": "r", "title": "R"}"#) -> [String] {
        problems(#"""
            {"id": "t", "title": "T", "sections": [{"id": "s", "title": "S"\#(section), "rows": [\#(rows)]}]}
            """#)
    }

    @Test func validFileLoadsWithDefaults() throws {
        let table = RulesTable.definition
        #expect(table.editModes == [.all, .delete, .sort])
        let extras = try #require(table.section(id: "extras"))
        #expect(extras.selection == .multiple && extras.maxSelected == nil && !extras.isCollapsible)
        #expect(extras.isInitiallyExpanded && !extras.allowsEmptySelection && extras.footer == nil)
        let queue = try #require(table.section(id: "queue"))
        #expect(queue.selection == SelectionKind.none)
        let towel = try #require(table.row(id: "towel"))
        #expect(towel.isDeletable && towel.isMovable && !towel.isInitiallySelected && towel.detail == nil)
        #expect(table.row(id: "bunka")?.detail == "Meguro")
        #expect(table.section(id: "favorite")?.footer == "One only")
        #expect(table.section(id: "toppings")?.isInitiallyExpanded == false)
    }

    @Test func aTableMayDeclareTheLanguageOfItsTexts() throws {
        let table = { (tag: String) in
            #"{"id": "t", "title": "T", "language": \#(tag), "sections": [{"id": "s", "title": "S", "rows": []}]}"#
        }
        for tag in ["ja", "en-GB", "zh-Hant-TW", "haw", "de-CH-1996", "en-a-bbb"] {
            #expect(try DefinitionLoader.load(table("\"\(tag)\"")).get().tables[0].language == tag)
        }
        let plain = #"{"id": "t", "title": "T", "sections": [{"id": "s", "title": "S", "rows": []}]}"#
        #expect(try DefinitionLoader.load(plain).get().tables[0].language == nil)
        for tag in ["ja_JP", "", "j", "japanese", "ja-", "ja--JP", "en-toolongsubtag", "ja-JP-x", "日本"] {
            let found = problems(table("\"\(tag)\""))
            #expect(found.count == 1 && found[0].hasPrefix("language: invalid language tag"), "\(tag): \(found)")
        }
        #expect(problems(table("7")) == ["language: expected a string, found a number"])
    }

    /// SPEC §1 `indexTitle`: 1 to 3 characters, the section's label in the section index; without it, the initials
    /// of the title's words, a number whole.
    @Test func aSectionIndexLabelIsGivenOrMadeOfTheTitlesInitials() throws {
        let json = #"""
            {"id": "t", "title": "T", "sections": [
             {"id": "a", "title": "Aisle 12", "rows": []},
             {"id": "b", "title": "Fruit and vegetables", "rows": []},
             {"id": "c", "title": "お好きな銭湯", "indexTitle": "湯", "rows": []},
             {"id": "d", "title": "Dairy", "indexTitle": "D&E", "rows": []}]}
            """#
        let table = try #require(try DefinitionLoader.load(json).get().table(id: "t"))
        #expect(table.sections.map(\.indexTitle) == ["A12", "Fav", "湯", "D&E"])
        #expect(problems(section: #", "indexTitle": "Dair""#) == [
            "sections[0].indexTitle: has 4 characters: a label of the section index has at most 3",
        ])
        #expect(problems(section: #", "indexTitle": """#) == ["sections[0].indexTitle: must not be empty"])
        #expect(problems(section: #", "indexTitle": 1"#).count == 1)
    }

    @Test func aCatalogFindsTablesByID() throws {
        let catalog = try DefinitionLoader.load(#"""
            {"tables": [
                {"id": "a", "title": "A", "sections": [{"id": "s", "title": "S", "rows": [{"id": "r", "title": "R"}]}]},
                {"id": "b", "title": "B", "sections": [{"id": "s", "title": "S", "rows": [{"id": "r", "title": "R"}]}]}]}
            """#).get()
        #expect(catalog.table(id: "b") === catalog.tables[1])
        #expect(catalog.table(id: "a")?.title == "A")
        #expect(catalog.table(id: "c") == nil)
    }

    @Test func checkSummaryCountsInSingularAndPlural() throws {
        let one = #"{"id": "t", "title": "T", "sections": [{"id": "s", "title": "S", "rows": [{"id": "r", "title": "R"}]}]}"#
        #expect(DefinitionLoader.check(Array(one.utf8)).output == "ok: 1 table, 1 section, 1 row")
    }

    @Test func checkSummarisesAValidFile() throws {
        let check = DefinitionLoader.check(try Fixtures.bytes("rules.json"))
        #expect(check.isValid && check.exitStatus == 0)
        #expect(check.output == "ok: 1 table, 5 sections, 18 rows")
    }

    @Test func everyProblemOfAFileIsReportedWithItsPath() throws {
        let check = DefinitionLoader.check(try Fixtures.bytes("many-problems.json"))
        let expected = try Fixtures.text("many-problems.expected.txt")
        #expect(!check.isValid && check.exitStatus == 1)
        #expect(check.output + "\n" == expected)
    }

    @Test func problemsCarryTheirPosition() throws {
        guard case .failure(let problems) = DefinitionLoader.load(try Fixtures.bytes("many-problems.json")) else {
            Issue.record("expected problems")
            return
        }
        let duplicate = try #require(problems.problems.first { $0.message == #"duplicate row id "bunka""# })
        #expect(duplicate.path == "tables[0].sections[1].rows[0].id")
        #expect(duplicate.position == SourcePosition(line: 28, column: 21))
        #expect(duplicate.description == #"tables[0].sections[1].rows[0].id: duplicate row id "bunka""#)
    }

    @Test func truncatedFileGetsAClearMessageWithThePosition() throws {
        let output = DefinitionLoader.check(try Fixtures.bytes("truncated.json")).output
        let expected = "invalid JSON at line 27, column 1: unexpected end of input inside the object that starts at"
            + " line 18, column 5 (is the file truncated?)"
        #expect(output == expected)
    }

    @Test func oneTableFileNamesPathsFromTheTable() {
        #expect(problems(rows: #"{"id": "r", "title": "R"}, {"id": "r", "title": "R2"}"#)
            == [#"sections[0].rows[1].id: duplicate row id "r""#])
    }

    @Test func tablesFileNamesPathsFromTheTablesArray() {
        let json = #"""
            {"tables": [{"id": "a", "title": "A", "sections": [{"id": "s", "title": "S", "rows": []}]},
                        {"id": "b", "title": "B", "sections": [{"id": "s", "title": "", "rows": []}]}]}
            """#
        #expect(problems(json) == ["tables[1].sections[0].title: must not be empty"])
    }

    @Test func unknownFieldsAreRefused() {
        #expect(problems(rows: #"{"id": "r", "title": "R", "Title": "x"}"#)
            == [#"sections[0].rows[0].Title: unknown field; did you mean "title"?"#])
        #expect(problems(#"{"tables": [], "version": 1}"#) == [
            "tables: a file needs at least one table",
            "version: unknown field (allowed: tables)",
        ])
        #expect(problems(section: #", "my key": 1"#).first?.hasPrefix(#"sections[0]["my key"]: unknown field"#) == true)
    }

    @Test func idsMatchTheirPattern() {
        let valid = ["a", "0", "a-b", "9-", String(repeating: "x", count: 64)]
        for id in valid {
            #expect(problems(rows: #"{"id": "\#(id)", "title": "R"}"#).isEmpty, "\(id)")
        }
        for id in ["", "A", "-a", "a_b", "ä", "a b", String(repeating: "x", count: 65)] {
            #expect(problems(rows: #"{"id": "\#(id)", "title": "R"}"#).first?
                .hasPrefix("sections[0].rows[0].id: invalid id") == true, "\(id)")
        }
        #expect(problems(rows: #"{"id": 7, "title": "R"}"#)
            == ["sections[0].rows[0].id: expected a string, found a number"])
    }

    @Test func tableIDsAreUniqueInTheFile() {
        let table = #"{"id": "a", "title": "A", "sections": [{"id": "s", "title": "S", "rows": []}]}"#
        #expect(problems(#"{"tables": [\#(table), \#(table)]}"#) == [#"tables[1].id: duplicate table id "a""#])
    }

    @Test func sectionIDsAreUniqueInTheirTable() {
        let json = #"""
            {"id": "t", "title": "T", "sections": [{"id": "s", "title": "S", "rows": []},
                                                   {"id": "s", "title": "S2", "rows": []}]}
            """#
        #expect(problems(json) == [#"sections[1].id: duplicate section id "s""#])
    }

    @Test func rowIDsAreUniqueInTheirTableAcrossSections() {
        let json = #"""
            {"tables": [
              {"id": "a", "title": "A", "sections": [{"id": "s", "title": "S", "rows": [{"id": "r", "title": "R"}]},
                                                     {"id": "u", "title": "U", "rows": [{"id": "r", "title": "R"}]}]},
              {"id": "b", "title": "B", "sections": [{"id": "s", "title": "S", "rows": [{"id": "r", "title": "R"}]}]}
            ]}
            """#
        #expect(problems(json) == [#"tables[0].sections[1].rows[0].id: duplicate row id "r""#])
    }

    @Test func textsAreNonEmptyUnicodeAnHTMLPageCanCarry() {
        let refused = [
            (#""""#, "must not be empty"),
            (#"" \t""#, "must not be only white space"),
            (#""a\nb""#, "control character U+000A is not allowed"),
            (#""a\u007f""#, "control character U+007F is not allowed"),
            (#""a\u0085""#, "control character U+0085 is not allowed"),
            (#""\ufdd0""#, "noncharacter U+FDD0 is not allowed"),
            (#""\ud83f\udffe""#, "noncharacter U+1FFFE is not allowed"),
            (#""x\udfff""#, #"lone surrogate \udfff is not Unicode text"#),
        ]
        for (value, message) in refused {
            #expect(problems(rows: #"{"id": "r", "title": "R", "detail": \#(value)}"#)
                == ["sections[0].rows[0].detail: \(message)"], "\(value)")
            #expect(problems(section: #", "footer": \#(value)"#) == ["sections[0].footer: \(message)"], "\(value)")
        }
        #expect(problems(rows: #"{"id": "r", "title": "文化浴泉 e\u0301 😀 <&>\u00a0x"}"#).isEmpty)
        #expect(problems(rows: #"{"id": "r"}"#) == ["sections[0].rows[0].title: required field is missing"])
    }

    @Test func singleSectionStartsWithAtMostOneSelectedRow() {
        let rows = #"{"id": "a", "title": "A", "selected": true}, {"id": "b", "title": "B", "selected": true}"#
        #expect(problems(section: #", "selection": "single""#, rows: rows) == [
            #"sections[0].rows[1].selected: a single section starts with at most one selected row;"#
                + #" "a" is selected already"#,
        ])
    }

    @Test func multipleSectionStartsWithAtMostMaxSelectedRows() {
        let rows = (0..<4).map { #"{"id": "r\#($0)", "title": "R", "selected": true}"# }.joined(separator: ",")
        #expect(problems(section: #", "selection": "multiple", "maxSelected": 2"#, rows: rows) == [
            "sections[0].rows[2].selected: more rows selected than maxSelected (2) allows",
            "sections[0].rows[3].selected: more rows selected than maxSelected (2) allows",
        ])
        #expect(problems(section: #", "selection": "multiple""#, rows: rows).isEmpty)
    }

    @Test func fieldsThatDoNotApplyToTheSectionsKindAreRefused() {
        #expect(problems(section: #", "selection": "single", "maxSelected": 1"#)
            == [#"sections[0].maxSelected: applies only to multiple sections ("selection": "multiple")"#])
        #expect(problems(section: #", "selection": "multiple", "allowsEmptySelection": false"#)
            == [#"sections[0].allowsEmptySelection: applies only to single sections ("selection": "single")"#])
        #expect(problems(section: #", "allowsEmptySelection": true"#)
            == [#"sections[0].allowsEmptySelection: applies only to single sections ("selection": "single")"#])
        #expect(problems(rows: #"{"id": "r", "title": "R", "selected": false}"#) == [
            #"sections[0].rows[0].selected: applies only to rows of single and multiple sections"#
                + #" (this one's is "none")"#,
        ])
        #expect(problems(section: #", "expanded": true"#)
            == [#"sections[0].expanded: applies only to collapsible sections ("collapsible": true)"#])
        #expect(problems(section: #", "collapsible": false, "expanded": false"#)
            == [#"sections[0].expanded: applies only to collapsible sections ("collapsible": true)"#])
        #expect(problems(section: #", "collapsible": true, "expanded": false"#).isEmpty)
    }

    @Test func wrongTypesAreRefused() {
        #expect(problems(section: #", "collapsible": "yes""#)
            == ["sections[0].collapsible: expected true or false, found a string"])
        #expect(problems(section: #", "selection": 1"#)
            == [#"sections[0].selection: expected "none", "single" or "multiple", found a number"#])
        #expect(problems(section: #", "selection": "radio""#)
            == [#"sections[0].selection: expected "none", "single" or "multiple", found "radio""#])
        #expect(problems(rows: #"{"id": "r", "title": ["R"]}"#)
            == ["sections[0].rows[0].title: expected a string, found an array"])
        #expect(problems(rows: #"{"id": "r", "title": "R", "movable": null}"#)
            == ["sections[0].rows[0].movable: expected true or false, found null"])
        #expect(problems(#"{"id": "t", "title": "T", "sections": {}}"#)
            == ["sections: expected an array, found an object"])
        #expect(problems(#"[]"#) == [#"expected a table object (or {"tables": [...]}), found an array"#])
        #expect(problems(#"{"tables": {}}"#) == ["tables: expected an array, found an object"])
    }

    @Test func maxSelectedIsAnIntegerOfAtLeastOne() {
        for value in ["0", "-1", "1.5", "1e0", "99999999999999999999"] {
            #expect(problems(section: #", "selection": "multiple", "maxSelected": \#(value)"#)
                == ["sections[0].maxSelected: expected an integer ≥ 1, found \(value)"], "\(value)")
        }
        #expect(problems(section: #", "selection": "multiple", "maxSelected": "2""#)
            == ["sections[0].maxSelected: expected an integer ≥ 1, found a string"])
        #expect(problems(section: #", "selection": "multiple", "maxSelected": 1"#).isEmpty)
    }

    @Test func editModesListEachOfferedModeOnce() {
        let table = { (modes: String) in
            #"{"id": "t", "title": "T", "editModes": \#(modes), "sections": [{"id": "s", "title": "S", "rows": []}]}"#
        }
        #expect(problems(table(#"["sort", "all"]"#)).isEmpty)
        #expect(problems(table(#"[]"#)).isEmpty)
        #expect(problems(table(#"["off"]"#))
            == [#"editModes[0]: "off" is always offered; list only "all", "delete" or "sort""#])
        #expect(problems(table(#"["all", "all"]"#)) == [#"editModes[1]: duplicate edit mode "all""#])
        #expect(problems(table(#"["reorder"]"#))
            == [#"editModes[0]: unknown edit mode "reorder": expected "all", "delete" or "sort""#])
        #expect(problems(table(#""all""#)) == ["editModes: expected an array, found a string"])
    }

    @Test func fileHoldsAtLeastOneTableAndEachTableOneSection() {
        #expect(problems(#"{"tables": []}"#) == ["tables: a file needs at least one table"])
        #expect(problems(#"{"id": "t", "title": "T", "sections": []}"#)
            == ["sections: a table needs at least one section"])
        #expect(problems(section: "", rows: "").isEmpty, "a section may start empty")
    }

    @Test func requiredFieldsAreNamed() {
        #expect(problems(#"{}"#) == [
            "id: required field is missing", "title: required field is missing", "sections: required field is missing",
        ])
        #expect(problems(#"{"id": "t", "title": "T", "sections": [{"id": "s", "title": "S"}]}"#)
            == ["sections[0].rows: required field is missing"])
    }

    @Test func duplicateKeysAreRefused() {
        #expect(problems(rows: "{\"id\": \"r\", \"title\": \"R\", \"title\": \"R2\"}")
            == ["sections[0].rows[0].title: duplicate field (first at line 1, column 87)"])
    }

    @Test func editModesAreShownInTheSwitchOrder() throws {
        let table = try definition(#"""
            {"id": "t", "title": "T", "editModes": ["sort", "delete"],
             "sections": [{"id": "s", "title": "S", "rows": []}]}
            """#)
        #expect(table.editModes == [.delete, .sort])
        #expect(table.editModeChoices == [.off, .delete, .sort])
    }
}

/// `tableview check FILE…` names each file, and every problem — rule or syntax — by line and column too.
@Suite struct LocatedCheckTests {
    @Test func aValidFileIsSummarisedUnderItsName() throws {
        let check = DefinitionLoader.check(try Fixtures.bytes("rules.json"), file: "rules.json")
        #expect(check.output == "rules.json: ok: 1 table, 5 sections, 18 rows")
    }

    @Test func ruleProblemsCarryTheFileLineAndColumn() throws {
        let check = DefinitionLoader.check(try Fixtures.bytes("many-problems.json"), file: "many.json")
        let lines = check.output.split(separator: "\n").map(String.init)
        #expect(lines.contains(#"many.json:28:21: tables[0].sections[1].rows[0].id: duplicate row id "bunka""#))
        #expect(lines.allSatisfy { $0.wholeMatch(of: /many\.json:\d+:\d+: .+/) != nil })
    }

    @Test func aSyntaxErrorNamesItsPositionOnce() throws {
        let output = DefinitionLoader.check(try Fixtures.bytes("truncated.json"), file: "t.json").output
        #expect(output == "t.json:27:1: invalid JSON: unexpected end of input inside the object that starts at"
            + " line 18, column 5 (is the file truncated?)")
    }
}
