import Testing
@testable import TableModel

/// SPEC §11: after a reload, a visitor keeps their state wherever it still applies, matched by ids; rows and
/// sections that are gone drop out, new ones start from their definition, the undo history keeps what applies.
@Suite struct ReloadRulesTests {
    private func table(_ sections: String, editModes: String = #"["all", "delete", "sort"]"#) throws
        -> TableDefinition
    {
        let json = #"{"id": "t", "title": "T", "editModes": \#(editModes), "sections": [\#(sections)]}"#
        return try #require(try DefinitionLoader.load(json).get().table(id: "t"))
    }

    private func state(_ definition: TableDefinition, _ actions: TableAction...) throws -> TableState {
        var state = TableState(definition: definition)
        for action in actions { state = try state.applying(action).get().state }
        return state
    }

    private let fruit = #"""
        {"id": "fruit", "title": "Fruit", "selection": "multiple", "collapsible": true,
         "rows": [{"id": "apple", "title": "Apple"}, {"id": "banana", "title": "Banana"},
                  {"id": "cherry", "title": "Cherry"}, {"id": "date", "title": "Date"}]}
        """#

    @Test func anUnchangedFileKeepsEveryPartOfTheState() throws {
        let before = try table(fruit)
        let visitor = try state(before, .select(row: "banana"), .setExpanded(section: "fruit", expanded: false),
                                .setEditMode(.all), .move(row: "date", toIndex: 0), .delete(row: "apple"))
        let after = visitor.migrated(to: try table(fruit))
        #expect(after.exportJSON() == visitor.exportJSON())
        #expect(after.definition !== visitor.definition)
    }

    @Test func goneRowsDropOutOfSelectionOrderDeletionsAndUndo() throws {
        let visitor = try state(try table(fruit), .select(row: "banana"), .select(row: "cherry"), .setEditMode(.all),
                                .move(row: "cherry", toIndex: 0), .delete(row: "apple"))
        let without = #"""
            {"id": "fruit", "title": "Fruit", "selection": "multiple", "collapsible": true,
             "rows": [{"id": "banana", "title": "Banana"}, {"id": "date", "title": "Date"}]}
            """#
        let after = visitor.migrated(to: try table(without))
        #expect(after.selectedRowIDs == ["banana"])
        #expect(after.deletedRowIDs.isEmpty)
        #expect(after.undoHistory.isEmpty)
        #expect(after.rowIDs(inSection: "fruit") == ["banana", "date"])
        #expect(after.editMode == .all)
    }

    @Test func newRowsStartFromTheirDefinitionAfterTheRowDefinedBeforeThem() throws {
        let visitor = try state(try table(fruit), .setEditMode(.sort), .move(row: "date", toIndex: 0))
        let grown = #"""
            {"id": "fruit", "title": "Fruit", "selection": "multiple", "collapsible": true,
             "rows": [{"id": "apple", "title": "Apple"}, {"id": "avocado", "title": "Avocado", "selected": true},
                      {"id": "banana", "title": "Banana"}, {"id": "cherry", "title": "Cherry"},
                      {"id": "date", "title": "Date"}, {"id": "elder", "title": "Elder"}]}
            """#
        let after = visitor.migrated(to: try table(grown))
        #expect(after.rowIDs(inSection: "fruit") == ["date", "elder", "apple", "avocado", "banana", "cherry"])
        #expect(after.selectedRowIDs == ["avocado"])
    }

    @Test func theVisitorsChoiceWinsWhereTheRulesNoLongerAllowAll() throws {
        let visitor = try state(try table(fruit), .select(row: "cherry"), .select(row: "apple"))
        let single = #"""
            {"id": "fruit", "title": "Fruit", "selection": "single",
             "rows": [{"id": "apple", "title": "Apple"}, {"id": "banana", "title": "Banana"},
                      {"id": "cherry", "title": "Cherry"}, {"id": "fig", "title": "Fig", "selected": true}]}
            """#
        #expect(visitor.migrated(to: try table(single)).selectedRowIDs == ["apple"])
        let none = #"{"id": "fruit", "title": "Fruit", "rows": [{"id": "apple", "title": "Apple"}]}"#
        #expect(visitor.migrated(to: try table(none)).selectedRowIDs.isEmpty)
    }

    @Test func aNewRowSelectedByTheFileYieldsToTheVisitorInASingleSection() throws {
        let single = #"""
            {"id": "s", "title": "S", "selection": "single", "allowsEmptySelection": true,
             "rows": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]}
            """#
        let visitor = try state(try table(single), .select(row: "b"))
        let grown = #"""
            {"id": "s", "title": "S", "selection": "single", "allowsEmptySelection": true,
             "rows": [{"id": "new", "title": "New", "selected": true}, {"id": "a", "title": "A"},
                      {"id": "b", "title": "B"}]}
            """#
        #expect(visitor.migrated(to: try table(grown)).selectedRowIDs == ["b"])
    }

    @Test func anEditModeNoLongerOfferedIsOff() throws {
        let visitor = try state(try table(fruit), .setEditMode(.delete))
        #expect(visitor.migrated(to: try table(fruit, editModes: #"["sort"]"#)).editMode == .off)
        #expect(visitor.migrated(to: try table(fruit, editModes: #"["delete"]"#)).editMode == .delete)
    }

    @Test func expansionIsKeptForSectionsThatStillCollapseAndNewOnesStartAsDefined() throws {
        let visitor = try state(try table(fruit), .setExpanded(section: "fruit", expanded: false))
        let more = fruit + #", {"id": "veg", "title": "Veg", "collapsible": true, "expanded": false, "rows": []}"#
        let after = visitor.migrated(to: try table(more))
        #expect(!after.isExpanded(section: "fruit"))
        #expect(!after.isExpanded(section: "veg"))
        let fixed = fruit.replacingOccurrences(of: #""collapsible": true,"#, with: "")
        #expect(visitor.migrated(to: try table(fixed)).isExpanded(section: "fruit"))
    }

    @Test func aRowThatIsNoLongerDeletableComesBack() throws {
        let visitor = try state(try table(fruit), .setEditMode(.delete), .delete(row: "banana"), .delete(row: "date"))
        let locked = fruit.replacingOccurrences(of: #"{"id": "banana", "title": "Banana"}"#,
                                                with: #"{"id": "banana", "title": "Banana", "deletable": false}"#)
        let after = visitor.migrated(to: try table(locked))
        #expect(after.deletedRowIDs == ["date"])
        #expect(after.undoHistory.map(\.row.id) == ["date"])
        #expect(after.rowIDs(inSection: "fruit") == ["apple", "banana", "cherry"])
    }

    @Test func theUndoHistoryKeepsDeletionsThatStillApply() throws {
        let visitor = try state(try table(fruit), .setEditMode(.delete), .delete(row: "apple"), .delete(row: "date"),
                                .delete(row: "cherry"))
        let shorter = #"""
            {"id": "fruit", "title": "Fruit", "selection": "multiple", "collapsible": true,
             "rows": [{"id": "banana", "title": "Banana"}, {"id": "cherry", "title": "Cherry"},
                      {"id": "date", "title": "Date"}]}
            """#
        let after = visitor.migrated(to: try table(shorter))
        #expect(after.undoHistory.map(\.row.id) == ["date", "cherry"])
        let restored = try after.applying(.undoDeletion(row: "cherry")).get().state
        #expect(restored.rowIDs(inSection: "fruit") == ["banana", "cherry"])
    }

    @Test func aRowThatBecameLockedPutsItsReorderedSectionBackInOrder() throws {
        let visitor = try state(try table(fruit), .setEditMode(.sort), .move(row: "apple", toIndex: 3))
        let locked = fruit.replacingOccurrences(of: #"{"id": "apple", "title": "Apple"}"#,
                                                with: #"{"id": "apple", "title": "Apple", "movable": false}"#)
            .replacingOccurrences(of: #"{"id": "date", "title": "Date"}"#,
                                  with: #"{"id": "date", "title": "Date", "movable": false}"#)
        let after = visitor.migrated(to: try table(locked))
        #expect(after.rowIDs(inSection: "fruit") == ["apple", "banana", "cherry", "date"])
    }

    /// A row that became locked and undeletable is a barrier no row passes: an order with a row past it could not be
    /// saved and loaded again, so the section is back in its defined order.
    @Test func aRowThatBecameFixedPutsARowPastItBackInOrder() throws {
        let visitor = try state(try table(fruit), .setEditMode(.sort), .move(row: "date", toIndex: 0))
        let fixed = fruit.replacingOccurrences(of: #"{"id": "banana", "title": "Banana"}"#,
                                               with: #"{"id": "banana", "title": "Banana", "movable": false, "#
                                                   + #""deletable": false}"#)
        let after = visitor.migrated(to: try table(fixed))
        #expect(after.rowIDs(inSection: "fruit") == ["apple", "banana", "cherry", "date"])
        let json = after.exportJSON()
        #expect(throws: Never.self) { try TableState.decode(json: Array(json.utf8), for: after.definition).get() }
    }

    /// Random states of random definitions, carried over to the same file reloaded (nothing changes) and to other
    /// random definitions (which share many row and section ids, in other kinds of sections): every invariant holds
    /// and the state survives its JSON round trip.
    @Test func carriedOverStatesKeepEveryInvariant() throws {
        for seed in 1...UInt64(400) {
            var random = SplitMix64(seed: seed)
            let json = RandomTables.definitionJSON(&random)
            let before = try #require(try DefinitionLoader.load(json).get().tables.first)
            let reloaded = try #require(try DefinitionLoader.load(json).get().tables.first)
            let after = try #require(try DefinitionLoader.load(RandomTables.definitionJSON(&random)).get().tables.first)
            var state = TableState(definition: before)
            for _ in 0..<20 {
                state = (try? state.applying(RandomTables.action(for: state, &random)).get().state) ?? state
            }
            #expect(state.migrated(to: reloaded).exportJSON() == state.exportJSON(), "seed \(seed): unchanged file")
            let carried = state.migrated(to: after)
            let failures = Invariants.check(carried, thorough: true)
            #expect(failures.isEmpty, "seed \(seed): \(failures)\nfrom \(state.exportJSON())")
            #expect(carried.migrated(to: after) == carried)
            if failures.isEmpty == false { return }
        }
    }
}
