import Testing
import TableModel

/// SPEC §5: `render --apply ACTION` takes actions written as the server's logs and messages name them.
@Suite struct ActionParsingTests {
    static let everyKind: [TableAction] = [
        .select(row: "bunka"), .deselect(row: "bunka"), .setExpanded(section: "favorite", expanded: true),
        .setExpanded(section: "favorite", expanded: false), .setAllExpanded(true), .setAllExpanded(false),
        .setEditMode(.off), .setEditMode(.all), .setEditMode(.delete), .setEditMode(.sort),
        .move(row: "bunka", toIndex: 2), .move(row: "bunka", toIndex: 0, fromIndex: 3), .delete(row: "bunka"),
        .undoDeletion(row: "bunka"), .reset, .undoReset,
    ]

    @Test(arguments: everyKind)
    func everyActionReadsBackFromItsDescription(_ action: TableAction) throws {
        #expect(try TableAction(parsing: action.description) == action)
    }

    @Test(arguments: [
        ("select row bunka", TableAction.select(row: "bunka")),
        ("collapse section favorite", .setExpanded(section: "favorite", expanded: false)),
        ("move row hachiman to index 0", .move(row: "hachiman", toIndex: 0)),
        ("  edit   mode sort ", .setEditMode(.sort)),
        ("restore row kitano", .undoDeletion(row: "kitano")),
    ])
    func idsMayBeWrittenBare(_ text: String, _ action: TableAction) throws {
        #expect(try TableAction(parsing: text) == action)
    }

    @Test(arguments: [
        "", "select", "select row", "select row a b", "select section a", "tap row a", "edit mode fly",
        "move row a to index -1", "move row a to index two", "move row a to 3", "expand", "reset now",
        #"select row """#, "move row a to index 1234567890",
    ])
    func anythingElseIsRefusedSayingWhatIsExpected(_ text: String) {
        #expect(throws: ActionSyntaxError.self) { try TableAction(parsing: text) }
    }

    @Test func theRefusalListsTheForms() {
        #expect(throws: ActionSyntaxError.self) { try TableAction(parsing: "tap row a") }
        do {
            _ = try TableAction(parsing: "tap row a")
        } catch {
            #expect(error.description.hasPrefix(#""tap row a" is not an action; write one of: select row X"#))
        }
    }
}
