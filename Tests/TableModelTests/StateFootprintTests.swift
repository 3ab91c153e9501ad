import Testing
import TableModel

/// Memory per stored session, on SPEC §8's reference table: 3 sections × 10 rows (single, multiple, multiple with
/// a limit; all collapsible; edit modes offered). Target: ≤ 2 KB per stored state. The figures are printed so that
/// they can be quoted: `swift test --filter StateFootprintTests`.
@Suite struct StateFootprintTests {
    static let budget = 2_048

    static let reference: TableDefinition = {
        let kinds = [
            #""selection": "single""#, #""selection": "multiple""#, #""selection": "multiple", "maxSelected": 3"#,
        ]
        let sections = kinds.enumerated().map { number, kind in
            let rows = (0..<10).map { #"{"id": "s\#(number)-r\#($0)", "title": "Row \#($0)"}"# }
            return #"{"id": "s\#(number)", "title": "S\#(number)", \#(kind), "collapsible": true, "rows": ["#
                + rows.joined(separator: ",") + "]}"
        }
        let json = #"{"id": "reference", "title": "Reference", "editModes": ["all", "delete", "sort"], "sections": ["#
            + sections.joined(separator: ",") + "]}"
        guard case .success(let catalog) = DefinitionLoader.load(json), let table = catalog.tables.first else {
            preconditionFailure("the reference table must load")
        }
        return table
    }()

    private func report(_ label: String, _ state: TableState) -> Int {
        let footprint = state.footprint
        print("StateFootprint \(label): \(footprint.inlineBytes) inline + \(footprint.heapBytes) heap"
            + " = \(footprint.totalBytes) bytes")
        return footprint.totalBytes
    }

    @Test func initialStateStoresNothingOnTheHeap() {
        let state = TableState(definition: Self.reference)
        #expect(state.footprint.heapBytes == 0)
        _ = report("initial", state)
    }

    @Test func stateAfterOneChangeStaysSmall() throws {
        let initial = TableState(definition: Self.reference)
        let selected = try initial.after(.select(row: "s0-r1"))
        #expect(selected.footprint.heapBytes == 0, "selection bits are inline for up to 64 rows")
        let moved = try initial.after(.setEditMode(.sort), .move(row: "s1-r9", toIndex: 0))
        let deleted = try initial.after(.setEditMode(.delete), .delete(row: "s2-r4"))
        for (label, state) in [("one selection", selected), ("one move", moved), ("one deletion", deleted)] {
            #expect(report("after \(label)", state) <= Self.budget)
        }
    }

    @Test func stateAfterAHundredChangesStaysUnderTheBudget() {
        // Random changes of every kind but Reset, which would bring the state back to nothing.
        var random = SplitMix64(seed: 100)
        var state = TableState(definition: Self.reference)
        var changes = 0
        var largest = 0
        while changes < 100 {
            let action = RandomTables.action(for: state, &random)
            guard action != .reset, case .success(let outcome) = state.applying(action), outcome.changedState else {
                continue
            }
            state = outcome.state
            changes += 1
            largest = max(largest, state.footprint.totalBytes)
        }
        #expect(report("after 100 changes", state) <= Self.budget)
        print("StateFootprint largest during those 100 changes: \(largest) bytes")
        #expect(largest <= Self.budget)
    }

    @Test func worstCaseStateStaysUnderTheBudget() throws {
        // Every section reordered and deleted from, and a full undo history.
        var state = try TableState(definition: Self.reference).after(.setEditMode(.all))
        for section in 0..<3 {
            state = try state.after(.move(row: "s\(section)-r9", toIndex: 0))
        }
        for row in 0..<7 {
            for section in 0..<3 {
                state = try state.after(.delete(row: "s\(section)-r\(row)"))
            }
        }
        #expect(state.undoHistory.count == TableState.undoLimit)
        #expect(report("worst case (3 sections reordered, 21 deletions)", state) <= Self.budget)
    }

    /// A table of one 100,000-row section, every row movable and deletable.
    static let large: TableDefinition = {
        let rows = (0..<100_000).map { #"{"id": "r\#($0)", "title": "Row \#($0)"}"# }
        let json = #"{"id": "large", "title": "Large", "editModes": ["all"], "sections": [{"id": "s", "title": "S", "#
            + #""selection": "multiple", "rows": ["# + rows.joined(separator: ",") + "]}]}"
        guard case .success(let catalog) = DefinitionLoader.load(json), let table = catalog.tables.first else {
            preconditionFailure("the large table must load")
        }
        return table
    }()

    /// SPEC §4: one move or one deletion in a 100,000-row section costs at most about 1 KB — what a state costs
    /// follows the change, not the table (the whole order alone would be 400 KB).
    @Test func oneChangeInA100000RowSectionCostsAbout1KB() throws {
        let editing = try TableState(definition: Self.large).after(.setEditMode(.all))
        let changes: [(String, TableState)] = [
            ("one move to the top", try editing.after(.move(row: "r99999", toIndex: 0))),
            ("one move down", try editing.after(.move(row: "r10", toIndex: 50_000))),
            ("one deletion at the end", try editing.after(.delete(row: "r99998"))),
            ("one deletion mid-way", try editing.after(.delete(row: "r50000"))),
            ("one selection at the end", try TableState(definition: Self.large).after(.select(row: "r99999"))),
            ("a move, a deletion and its undo", try editing.after(
                .move(row: "r99999", toIndex: 0), .delete(row: "r5"), .undoDeletion(row: "r5"))),
        ]
        for (label, state) in changes {
            #expect(report("100,000 rows, \(label)", state) <= 1_024, "\(label)")
        }
        // The cheaper queries answer without building the whole order.
        let moved = changes[0].1
        #expect(moved.index(ofRow: "r99999") == 0)
        #expect(moved.index(ofRow: "r0") == 1)
        #expect(changes[2].1.index(ofRow: "r99999") == 99_998)
        #expect(changes[2].1.rowIDs(inSection: "s").count == 99_999)
    }

    /// The file form follows the change too: a moved row in a 100,000-row section is written as a few ranges of
    /// consecutive rows, not as 100,000 ids, and reads back as the same state.
    @Test func aMoveInA100000RowSectionExportsAsAFewRanges() throws {
        let moved = try TableState(definition: Self.large).after(
            .setEditMode(.all), .move(row: "r99999", toIndex: 0), .move(row: "r500", toIndex: 3))
        let json = moved.exportJSON()
        #expect(json.contains(#""order":{"s":["r99999","r0","r1","r500","r2..r499","r501..r99998"]}"#), "\(json)")
        #expect(json.utf8.count < 300)
        #expect(try TableState.decode(json: Array(json.utf8), for: Self.large).get() == moved)
    }
}
