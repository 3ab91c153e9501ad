import TableModel
import TableRendering
import Testing

/// SPEC §2 and §3 messages: a status after a done action (with Undo after a deletion) and an alert after a
/// refusal, shown in the section acted on or at the top of the page; an emptied section.
@Suite struct MessagePageTests {
    /// The state after `actions` and the message the last one leads to, as the web app makes it.
    private func outcome(_ table: String, _ actions: TableAction...) throws -> (TableState, PageMessage?) {
        let definition = try Fixtures.table(table)
        var state = TableState(definition: definition)
        var message: PageMessage?
        for action in actions {
            switch state.applying(action) {
            case .success(let outcome):
                state = outcome.state
                message = PageMessage(applied: action, effect: outcome.effect, in: definition)
            case .failure(let error):
                message = PageMessage(refused: action, error: error, in: definition)
            }
        }
        return (state, message)
    }

    @Test func aDeletionShowsItsStatusWithUndoWhereTheRowWas() throws {
        let (state, message) = try outcome("editing", .setEditMode(.all), .delete(row: "camera"))
        let page = try CheckedPage(state, message: message)
        let shown = try page.nodes("//section[@id = 'section_gear']//div[@id = 'deleted']")
        #expect(shown.map { $0.attribute("role") } == ["status"])
        #expect(try page.nodes("//div[@id = 'deleted']//p").map(\.text) == ["Deleted “Camera”."])
        // In the deleted row's place: between the rows above it and the rows below it.
        #expect(try page.nodes("//section[@id = 'section_gear']/div[@class = 'rows']/*").map(\.name)
            == ["ul", "div", "ul"])
        #expect(try page.nodes("//div[@id = 'deleted']/preceding-sibling::ul/li").map { $0.attribute("id") }
            == ["row_passport", "row_tickets"])
        #expect(try page.names("//div[@id = 'deleted']//button") == ["Undo"])
        #expect(try page.values("id", of: "//div[@id = 'deleted']//button") == ["undo"])
        #expect(try page.values("value", of: "//div[@id = 'deleted']//input[@name = 'row']") == ["camera"])
        #expect(try page.values("action", of: "//div[@id = 'deleted']/form") == ["/tables/editing/undo"])
        #expect(try page.nodes("//div[@id = 'message']").isEmpty, "one message: the deletion's")
    }

    @Test func undoStaysOnThePageWhileThereIsADeletionToUndo() throws {
        // After another action (here an edit-mode switch) and with no message, the toolbar offers to undo the last
        // deletion, by name; the rows close over the deleted row's place.
        let (state, _) = try outcome("editing", .setEditMode(.all), .delete(row: "camera"), .delete(row: "ferry"),
                                     .setEditMode(.off))
        let page = try CheckedPage(state, message: nil)
        #expect(try page.nodes("//div[@id = 'deleted']").isEmpty)
        #expect(try page.names("//div[@class = 'toolbar-undo']//button[@id = 'undo']") == ["Undo delete “Ferry”"])
        #expect(try page.values("value", of: "//div[@class = 'toolbar-undo']//input[@name = 'row']") == ["ferry"])
        #expect(try page.nodes("//*[@role = 'status']").isEmpty, "no live region on a page that only offers it")
        let (undone, undoMessage) = try outcome("editing", .setEditMode(.all), .delete(row: "camera"),
                                                .delete(row: "ferry"), .undoDeletion(row: "ferry"))
        let after = try CheckedPage(undone, message: undoMessage, snapshot: false)
        #expect(try after.nodes("//div[@id = 'message' and @role = 'status']/p").map(\.text) == ["Restored “Ferry”."])
        #expect(try after.values("value", of: "//button[@id = 'undo']/../input[@name = 'row']") == ["camera"])
        let (none, _) = try outcome("editing", .setEditMode(.all), .delete(row: "camera"), .undoDeletion(row: "camera"))
        #expect(try CheckedPage(none, message: nil, snapshot: false).nodes("//button[@id = 'undo']").isEmpty)
    }

    @Test func aRefusedRowActionShowsAnAlertInItsSection() throws {
        let (state, message) = try outcome("selection", .select(row: "tenjin"))
        let page = try CheckedPage(state, message: message)
        let shown = try page.nodes("//section[@id = 'section_wishlist']/details/div[@id = 'message' and @role = 'alert']/p")
        #expect(shown.map(\.text) == [
            "You can select at most 2 rows in “Want to visit”.",
        ])
        #expect(try page.names("//details[div/@id = 'message']//button").isEmpty, "no Undo reset")
        #expect(try page.values("aria-checked", of: "//li[@id = 'row_tenjin']//button") == ["false"])
    }

    @Test func aRefusedTableActionShowsAnAlertAtTheTop() throws {
        let (state, message) = try outcome("reorder-only", .setEditMode(.delete))
        let page = try CheckedPage(state, message: message)
        #expect(try page.nodes("//main/details/div[@id = 'message' and @role = 'alert']/p").map(\.text) == [
            "This table does not offer the edit mode “Delete only”.",
        ])
        #expect(try page.nodes("//main/*").map(\.name) == ["div", "form", "details", "section"])
        #expect(try page.values("class", of: "//main/details[div/@id = 'message']") == ["notice alert bottom"])
        #expect(try page.values("open", of: "//main/details") == ["open"])
        #expect(try page.nodes("//main/details/*[1]").map(\.name) == ["summary"], "Close folds it, without script")
    }

    @Test func resetShowsAStatusAtTheTopWithUndoReset() throws {
        let (state, message) = try outcome("editing", .select(row: "book"), .reset)
        let page = try CheckedPage(state, message: message)
        #expect(try page.nodes("//main/details/div[@id = 'message' and @role = 'status']/p").map(\.text) == [
            "The table is back to its initial state.",
        ])
        #expect(try page.names("//details[div/@id = 'message']//button") == ["Undo reset"])
        #expect(try page.values("action", of: "//div[@id = 'message']/form") == [
            "/tables/editing/undo-reset",
        ])
        #expect(try page.nodes("//section//div[@id = 'message']").isEmpty)
        // Shown again (a reload), Undo reset moves to the toolbar, without a live region.
        let again = try CheckedPage(state, message: nil, snapshot: false)
        #expect(try again.nodes("//*[@role]").filter { ["status", "alert"].contains($0.attribute("role")) }.isEmpty)
        #expect(try again.nodes("//details").isEmpty)
        #expect(try again.names("//div[@class = 'toolbar-actions']//button") == ["Reset", "Undo reset"])
    }

    @Test func resetOfAnUnchangedTableSaysNothingNeededResetting() throws {
        let table = try Fixtures.table("editing")
        let state = TableState(definition: table)
        let outcome = try state.applying(.reset).get()
        let message = try #require(PageMessage(applied: .reset, effect: outcome.effect, in: table))
        #expect(message.kind == .status && message.content == .nothingToReset)
        #expect(message.text(in: try Fixtures.catalogues.get()[.en], table: table).hasPrefix("Nothing to reset"))
        let page = try CheckedPage(state, message: message, snapshot: false)
        #expect(try page.names("//details[div/@id = 'message']//button").isEmpty)
    }

    @Test func anEmptiedSectionKeepsItsHeaderAndShowsANote() throws {
        let (state, message) = try outcome(
            "editing", .setEditMode(.delete), .delete(row: "water-plants"), .delete(row: "lock-door")
        )
        let page = try CheckedPage(state, message: message)
        #expect(try page.nodes("//section[@id = 'section_todo']//span[@class = 'counts']").map(\.text) == ["0 rows"])
        #expect(try page.nodes("//section[@id = 'section_todo']/p[@class = 'empty']").map(\.text) == ["No rows"])
        #expect(try page.nodes("//section[@id = 'section_todo']//ul").isEmpty)
        #expect(try page.values("value", of: "//section[@id = 'section_todo']//input[@name = 'row']") == [
            "lock-door",
        ])
    }

    @Test func aMessageForASectionTheTableLacksShowsAtTheTop() throws {
        let state = TableState(definition: try Fixtures.table("selection"))
        let page = try CheckedPage(state, message: .status("Saved.", in: "no-such-section"), snapshot: false)
        #expect(try page.nodes("//main/details/div[@id = 'message']/p").map(\.text) == ["Saved."])
    }

    @Test func changesThePageShowsItselfGetNoMessage() throws {
        let table = try Fixtures.table("selection")
        let state = TableState(definition: table)
        for action in [TableAction.select(row: "hachiman"), .deselect(row: "kosugi"), .select(row: "bunka")] {
            let outcome = try state.applying(action).get()
            #expect(PageMessage(applied: action, effect: outcome.effect, in: table) == nil)
        }
    }

    @Test func messagesGoToTheSectionActedOnOrToTheTop() throws {
        let table = try Fixtures.table("editing")
        let alert = { (action: TableAction) in
            PageMessage(refused: action, error: .refused(.notInDeletingMode), in: table).sectionID
        }
        #expect(alert(.delete(row: "ferry")) == "route")
        #expect(alert(.move(row: "book", toIndex: 0)) == "gear")
        #expect(alert(.select(row: "water-plants")) == "todo")
        #expect(alert(.undoDeletion(row: "camera")) == "gear")
        #expect(alert(.setExpanded(section: "todo", expanded: true)) == "todo")
        #expect(alert(.setEditMode(.all)) == nil)
        #expect(alert(.setAllExpanded(true)) == nil)
        #expect(alert(.reset) == nil)
        #expect(alert(.delete(row: "no-such-row")) == nil)
    }
}
