import Testing
import TableModel

/// The state file: export writes every field explicitly, import validates against the definition, and the two
/// round-trip.
@Suite struct StateJSONTests {
    let initial = RulesTable.initial

    private func decode(_ json: String) -> Result<TableState, DecodingProblems> {
        TableState.decode(json: Array(json.utf8), for: RulesTable.definition)
    }

    private func problems(_ json: String) -> [String] {
        if case .failure(let problems) = decode(json) { problems.problems.map(\.description) } else { [] }
    }

    /// The initial state's fields with `replacement` spliced over the matching field.
    private func state(_ fields: [String: String]) -> String {
        let defaults: [(String, String)] = [
            ("table", #""rules""#), ("editMode", #""off""#), ("selected", "[]"), ("collapsed", "[]"),
            ("order", "{}"), ("deleted", "[]"), ("undo", "[]"),
        ]
        let body = defaults.map { key, value in "\"\(key)\": \(fields[key] ?? value)" }.joined(separator: ", ")
        return "{\(body)}"
    }

    @Test func exportWritesEveryFieldExplicitly() {
        #expect(initial.exportJSON() == #"""
            {"table":"rules","editMode":"off","selected":["bunka","tea","nori"],"collapsed":["toppings"],"order":{},\#
            "deleted":[],"undo":[]}
            """#)
    }

    @Test func exportListsChangedOrdersAndTheUndoHistory() throws {
        let state = try initial.after(.select(row: "hokuou"), .setAllExpanded(true), .setEditMode(.all),
                                      .move(row: "m2", toIndex: 1), .delete(row: "m4"), .delete(row: "soap"),
                                      .setExpanded(section: "favorite", expanded: false))
        #expect(state.exportJSON(pretty: true) == """
            {
              "table": "rules",
              "editMode": "all",
              "selected": ["hokuou", "tea", "nori"],
              "collapsed": ["favorite"],
              "order": {
                "queue": ["head", "m2", "m1", "pillar", "m3"]
              },
              "deleted": ["soap", "m4"],
              "undo": [
                {
                  "row": "m4",
                  "section": "queue",
                  "index": 5,
                  "selected": false
                },
                {
                  "row": "soap",
                  "section": "extras",
                  "index": 1,
                  "selected": false
                }
              ]
            }
            """)
        #expect(try decode(state.exportJSON(pretty: true)).get() == state)
        #expect(try decode(state.exportJSON()).get() == state)
    }

    /// A section that only lost rows keeps its defined order: `deleted` says it all, so the file stays small
    /// however large the section (SPEC §4). An old file that names such a section still reads the same.
    @Test func aSectionThatOnlyLostRowsIsNotNamedInOrder() throws {
        let deleted = try initial.after(.setEditMode(.all), .delete(row: "soap"))
        #expect(deleted.exportJSON().contains(#""order":{}"#))
        let named = try decode(self.state([
            "editMode": #""all""#, "selected": #"["bunka", "tea", "nori"]"#, "collapsed": #"["toppings"]"#,
            "order": #"{"extras": ["towel", "milk"]}"#, "deleted": #"["soap"]"#,
        ])).get()
        #expect(named.rowIDs(inSection: "extras") == ["towel", "milk"])
        #expect(named.exportJSON().contains(#""order":{}"#))
    }

    /// `"FIRST..LAST"` in an order stands for the section's rows from FIRST through LAST, in their defined order.
    @Test func orderRangesReadAsTheRowsTheySpan() throws {
        let ranged = try decode(self.state(["editMode": #""all""#, "selected": #"["bunka", "tea", "nori"]"#,
                                            "collapsed": #"["toppings"]"#,
                                            "order": #"{"queue": ["head", "m3", "m1..pillar", "m4"]}"#])).get()
        #expect(ranged.rowIDs(inSection: "queue") == ["head", "m3", "m1", "m2", "pillar", "m4"])
        for bad in [#""m3..head""#, #""head..nope""#, #""head..towel""#, #""m1..m1""#, #""..m2""#] {
            let found = problems(self.state(["order": #"{"queue": [\#(bad)]}"#]))
            #expect(found.contains { $0.contains("order.queue[0]") && $0.contains("expected a range") }, "\(bad): \(found)")
        }
    }

    @Test func importReportsEveryProblemWithItsPath() throws {
        let result = TableState.decode(json: try Fixtures.bytes("bad-state.json"), for: RulesTable.definition)
        guard case .failure(let problems) = result else {
            Issue.record("the state must be refused")
            return
        }
        #expect(problems.description + "\n" == (try Fixtures.text("bad-state.expected.txt")))
    }

    /// A state file may be older than an edit of the definition, or written by hand: a row the definition does not
    /// let be deleted, stored as deleted, is an impossible state (it would stay deleted, and its Undo answer 400).
    @Test func importRefusesAnUndeletableRowStoredAsDeleted() {
        #expect(problems(state(["deleted": #"["milk"]"#])) == [#"deleted[0]: "milk" cannot be deleted"#])
    }

    @Test func importRefusesAStateOfAnotherTable() {
        #expect(problems(state(["table": #""sento""#])) == [#"table: the state is of table "sento", not "rules""#])
    }

    @Test func importThroughTheCatalogFindsTheTable() throws {
        let catalog = try DefinitionLoader.load(try Fixtures.bytes("rules.json")).get()
        let imported = try TableState.decode(json: Array(initial.exportJSON().utf8), in: catalog).get()
        #expect(imported.definition === catalog.table(id: "rules"))
        guard case .failure(let problems) = TableState.decode(json: Array(state(["table": #""x""#]).utf8), in: catalog)
        else {
            Issue.record("an unknown table must be refused")
            return
        }
        #expect(problems.description == #"table: unknown table "x""#)
    }

    @Test func importRequiresEveryField() {
        #expect(problems(#"{"table": "rules"}"#) == [
            "editMode: required field is missing", "deleted: required field is missing",
            "selected: required field is missing", "collapsed: required field is missing",
            "order: required field is missing", "undo: required field is missing",
        ])
        #expect(problems("[]") == ["expected a state object, found an array"])
        #expect(problems("{") == [
            "invalid JSON at line 1, column 2: unexpected end of input inside the object that starts at line 1,"
                + " column 1 (is the file truncated?)",
        ])
    }

    @Test func importRefusesAnEditModeTheTableDoesNotOffer() throws {
        let table = try definition(#"""
            {"id": "t", "title": "T", "editModes": ["delete"], "sections": [{"id": "s", "title": "S", "rows": []}]}
            """#)
        let json = #"{"table": "t", "editMode": "sort", "selected": [], "collapsed": [], "order": {}, "deleted": [], "#
            + #""undo": []}"#
        guard case .failure(let problems) = TableState.decode(json: Array(json.utf8), for: table) else {
            Issue.record("sort must be refused")
            return
        }
        #expect(problems.description == #"editMode: this table does not offer the edit mode "sort""#)
    }

    @Test func importFillsTheOrderOfSectionsWithDeletedRows() throws {
        let imported = try decode(state([
            "selected": #"["bunka"]"#, "deleted": #"["m1"]"#, "editMode": #""delete""#,
            "undo": #"[{"row": "m1", "section": "queue", "index": 1, "selected": false}]"#,
        ])).get()
        #expect(imported.rowIDs(inSection: "queue") == ["head", "m2", "pillar", "m3", "m4"])
        let restored = try imported.after(.undoDeletion(row: "m1"))
        #expect(restored.rowIDs(inSection: "queue") == ["head", "m1", "m2", "pillar", "m3", "m4"])
    }

    @Test func importStoresAnOrderEqualToTheDefinitionAsNothing() throws {
        let listed = try decode(state([
            "selected": #"["bunka", "tea", "nori"]"#, "collapsed": #"["toppings"]"#,
            "order": #"{"queue": ["head", "m1", "m2", "pillar", "m3", "m4"]}"#,
        ])).get()
        #expect(listed == initial)
        #expect(listed.isInitial)
    }

    @Test func importRefusesLockedRowsOutOfTheirDefinedOrder() {
        let order = #"{"queue": ["m1", "pillar", "m2", "head", "m3", "m4"]}"#
        #expect(problems(state(["order": order])) == [
            #"order.queue[3]: "head" is locked (not movable) and stays before "pillar""#,
        ])
        let reachable = #"{"queue": ["head", "m1", "m3", "pillar", "m2", "m4"]}"#
        #expect(problems(state(["order": reachable])).isEmpty, "delete pillar, move m3 up, undo")
    }

    /// An order no sequence of actions can produce is refused: "head" is locked and cannot be deleted, so no row
    /// ever passes it.
    @Test func importRefusesARowPastALockedRowThatCannotBeDeleted() {
        #expect(problems(state(["order": #"{"queue": ["m1", "head", "m2", "pillar", "m3", "m4"]}"#])) == [
            #"order.queue[0]: "m1" is before "head", which is locked and cannot be deleted: no action takes a row "#
                + "past it",
        ])
        let lockedToo = #"{"queue": ["pillar", "head", "m1", "m2", "m3", "m4"]}"#
        #expect(problems(state(["order": lockedToo])).first?.hasPrefix(#"order.queue[1]: "head" is locked"#) == true)
    }

    @Test func importRefusesAnUndoHistoryLongerThanTheLimit() {
        let entry = #"{"row": "m1", "section": "queue", "index": 1, "selected": false}"#
        let undo = "[" + Array(repeating: entry, count: 21).joined(separator: ",") + "]"
        let found = problems(state(["deleted": #"["m1"]"#, "undo": undo]))
        #expect(found.first == "undo: holds 21 deletions; at most 20 can be undone")
        #expect(found.dropFirst().allSatisfy { $0.hasSuffix(#"is in the undo history already"#) })
    }

    @Test func importedSelectionFollowsTheSectionRules() {
        #expect(problems(state(["selected": #"["bunka", "hokuou"]"#]))
            == [#"selected[1]: section "favorite" is single: only one of its rows can be selected"#])
        #expect(problems(state(["selected": #"["nori", "egg", "leek"]"#]))
            == [#"selected[2]: section "toppings" allows at most 2 selected rows"#])
        #expect(problems(state(["selected": #"[]"#])).isEmpty, "a required single section may start empty")
    }
}
