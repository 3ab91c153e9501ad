import TableModel
import TableRendering
import Testing
import XMLInspection

/// SPEC §2 Editing and §3: the edit-mode switch, Delete and Move controls, locked rows kept aligned, selection
/// disabled while editing with checkmarks kept.
@Suite struct EditModePageTests {
    private func page(in mode: EditMode, snapshot: Bool = true, function: String = #function) throws -> CheckedPage {
        let state = try TableState(definition: try Fixtures.table("editing")).after(.setEditMode(mode))
        return try CheckedPage(state, snapshot: snapshot, function: function)
    }

    /// The names of the edit-mode buttons, and the one pressed.
    private func editModeSwitch(_ page: CheckedPage) throws -> (names: [String], pressed: [String]) {
        let buttons = try page.nodes("//*[@role = 'group' and @aria-labelledby = 'edit-mode-label']//button")
        return (buttons.map(\.accessibleName), buttons.filter { $0.attribute("aria-pressed") == "true" }
            .map(\.accessibleName))
    }

    /// The ids of the rows (`row_` stripped) that have an element matching `xpath` inside.
    private func rows(_ page: CheckedPage, having xpath: String) throws -> [String] {
        try page.nodes("//li[\(xpath)]").compactMap { $0.attribute("id").map { String($0.dropFirst(4)) } }
    }

    @Test func offModeHasNoEditControlsAndSelectableRows() throws {
        let page = try page(in: .off)
        #expect(try editModeSwitch(page).names == ["Off", "All", "Delete only", "Reorder only"])
        #expect(try editModeSwitch(page).pressed == ["Off"])
        #expect(try page.nodes("//form[@class = 'delete'] | //div[@class = 'move']").isEmpty)
        #expect(try page.nodes("//span[@class = 'delete-spacer']").isEmpty)
        #expect(try page.nodes("//button[@role and @disabled]").isEmpty)
    }

    @Test func allModeHasDeleteAndMoveControlsWithSpacersForLockedRows() throws {
        let page = try page(in: .all)
        #expect(try editModeSwitch(page).pressed == ["All"])
        #expect(try page.names("//form[@class = 'delete']/button") == [
            "Delete Camera", "Delete Book", "Delete Umbrella", "Delete Train", "Delete Hotel", "Delete Ferry",
            "Delete Water the plants", "Delete Lock the door",
        ])
        #expect(try rows(page, having: "span[@class = 'delete-spacer']") == ["passport", "tickets", "bus"])
        // Locked rows have no line of move controls; the others have up, down and "Move X…" (to top and to
        // bottom are the position picker's).
        #expect(try rows(page, having: "div[@class = 'move']").count == 8)
        #expect(try rows(page, having: "div[@class = 'move']").allSatisfy { !["passport", "tickets", "hotel"].contains($0) })
        #expect(try page.names("//li[@id = 'row_camera']//div[@class = 'move']/form/button") == [
            "Move Camera up", "Move Camera down",
        ])
        #expect(try page.names("//li[@id = 'row_camera']//div[@class = 'move']/a") == ["Move Camera…"])
        // Every icon control shows its name on hover.
        for control in try page.nodes("//div[@class = 'move']/form/button | //div[@class = 'move']/a | //form[@class = 'delete']/button") {
            #expect(control.attribute("title") == control.accessibleName)
        }
    }

    @Test func moveButtonsPostTheirTargetAndTheRowsIndexAndAreDisabledAtLockedRows() throws {
        let page = try page(in: .all, snapshot: false)
        // Per button (up, down): "from→index", " disabled" when it would change nothing.
        let buttons = { (row: String) in
            try page.nodes("//li[@id = 'row_\(row)']//div[@class = 'move']/form").map { form in
                let from = try form.nodes(matching: "input[@name = 'from']").first?.attribute("value") ?? "-"
                let index = try form.nodes(matching: "input[@name = 'index']").first?.attribute("value") ?? "-"
                let disabled = try form.nodes(matching: "button[@disabled]").isEmpty ? "" : " disabled"
                return "\(from)→\(index)\(disabled)"
            }
        }
        // Camera sits right below the locked rows: it cannot move up; its run ends with Umbrella.
        #expect(try buttons("camera") == ["2→2 disabled", "2→3"])
        #expect(try buttons("book") == ["3→2", "3→4"])
        #expect(try buttons("umbrella") == ["4→3", "4→4 disabled"])
        // Train is alone above the locked Hotel; Bus is right below it.
        #expect(try buttons("train") == ["0→0 disabled", "0→0 disabled"])
        #expect(try buttons("bus") == ["2→2 disabled", "2→3"])
    }

    @Test func rowsAreNotSelectableWhileEditingButKeepTheirCheckmarks() throws {
        let page = try page(in: .all, snapshot: false)
        let selectionButtons = try page.nodes("//button[@role = 'checkbox' or @role = 'radio']")
        #expect(selectionButtons.count == 9)
        #expect(selectionButtons.allSatisfy { $0.attribute("disabled") == "disabled" })
        #expect(try page.nodes("//button[@aria-checked = 'true']/span[@class = 'check']").count == 3)
    }

    @Test func deleteOnlyModeHasDeleteButtonsAndNoMoveControls() throws {
        let page = try page(in: .delete)
        #expect(try editModeSwitch(page).pressed == ["Delete only"])
        #expect(try page.nodes("//div[@class = 'move']").isEmpty)
        #expect(try page.nodes("//button[starts-with(normalize-space(.), 'Move ')]").isEmpty)
        let deletable = try Fixtures.table("editing").rows.filter(\.isDeletable)
        for row in deletable {
            #expect(try page.names("//li[@id = 'row_\(row.id)']//form[@class = 'delete']/button") == [
                "Delete \(row.title)",
            ])
        }
        #expect(try rows(page, having: "form[@class = 'delete']").count == deletable.count)
        #expect(try rows(page, having: "span[@class = 'delete-spacer']") == ["passport", "tickets", "bus"])
        #expect(try page.nodes("//button[@role and not(@disabled)]").isEmpty)
    }

    @Test func reorderOnlyModeHasNoDeleteControlsAndSpacersKeepLockedRowsAligned() throws {
        let page = try page(in: .sort)
        #expect(try editModeSwitch(page).pressed == ["Reorder only"])
        #expect(try page.nodes("//form[@class = 'delete'] | //span[@class = 'delete-spacer']").isEmpty)
        #expect(try page.nodes("//li//button[starts-with(normalize-space(.), 'Delete ')]").isEmpty)
        // Locked rows have no line of move controls under their text; every row has its cell, so titles line up.
        let items = try page.nodes("//li")
        #expect(items.count == 11)
        for item in items {
            let locked = ["row_passport", "row_tickets", "row_hotel"].contains(item.attribute("id") ?? "")
            #expect(try item.nodes(matching: "div[@class = 'move']").count == (locked ? 0 : 1))
            #expect(try item.nodes(matching: "*[@class = 'cell']").count == 1)
        }
    }

    @Test func theSwitchOffersOffAndOnlyTheTablesModes() throws {
        let state = TableState(definition: try Fixtures.table("reorder-only"))
        let page = try CheckedPage(state)
        #expect(try editModeSwitch(page).names == ["Off", "Reorder only"])
        #expect(try page.values("value", of: "//form[substring(@action, string-length(@action) - 9) = '/edit-mode']"
            + "/input[@name = 'mode']") == ["off", "sort"])
        #expect(try editModeSwitch(page).pressed == ["Off"])
    }
}
