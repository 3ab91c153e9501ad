import Testing
import TableModel

/// SPEC §2 "Every action": actions name the target state, so repeating one changes nothing more; refusals and
/// invalid requests are told apart and explained.
@Suite struct TargetStateTests {
    static let table = RulesTable.definition

    /// Every action the rules table can be asked for, valid or not.
    static var allActions: [TableAction] {
        var actions: [TableAction] = [.setAllExpanded(true), .setAllExpanded(false), .reset]
        actions += EditMode.allCases.map(TableAction.setEditMode)
        for section in table.sections {
            actions += [true, false].map { TableAction.setExpanded(section: section.id, expanded: $0) }
        }
        for row in table.rows {
            actions += [.select(row: row.id), .deselect(row: row.id), .delete(row: row.id), .undoDeletion(row: row.id)]
            actions += (-1...6).map { TableAction.move(row: row.id, toIndex: $0) }
        }
        return actions
    }

    @Test(arguments: [EditMode.off, .all, .delete, .sort])
    func everyActionAppliedTwiceEqualsAppliedOnce(mode: EditMode) throws {
        let start = try RulesTable.initial.after(.setEditMode(.all), .delete(row: "m3"), .move(row: "m2", toIndex: 1),
                                                 .setEditMode(mode))
        for action in Self.allActions {
            let once = start.applying(action)
            switch once {
            case .success(let outcome):
                let twice = try outcome.state.applying(action).get()
                #expect(twice.state == outcome.state, "\(action)")
                #expect(twice.effect == .nothingChanged, "\(action)")
            case .failure(let error):
                #expect(start.error(applying: action) == error, "\(action)")
            }
        }
    }

    @Test func invalidRequestsNameWhatCannotExist() throws {
        let state = try RulesTable.initial.after(.setEditMode(.sort))
        let invalid: [(TableAction, InvalidAction)] = [
            (.select(row: "x"), .unknownRow("x")),
            (.setExpanded(section: "x", expanded: true), .unknownSection("x")),
            (.move(row: "m1", toIndex: 9), .indexOutOfRange(row: "m1", index: 9, count: 6)),
            (.select(row: "m1"), .rowNotSelectable(row: "m1")),
            (.setExpanded(section: "extras", expanded: false), .sectionNotCollapsible("extras")),
        ]
        for (action, expected) in invalid {
            #expect(state.error(applying: action) == .invalid(expected))
        }
    }

    @Test func actionsDescribeTheirTargetState() {
        #expect(TableAction.move(row: "bunka", toIndex: 2).description == #"move row "bunka" to index 2"#)
        #expect(TableAction.undoDeletion(row: "x").description == #"restore row "x""#)
        #expect(TableAction.setExpanded(section: "s", expanded: false).description == #"collapse section "s""#)
    }
}
