import Testing
@testable import TableviewApp

/// SPEC §2 "Editing", through HTTP.
@Suite struct WebEditingTests {
    private func order(_ browser: Browser, section: String) throws -> [String] {
        try browser.nodes("//*[@id='section_\(section)']//li").compactMap { $0.attribute("id") }
    }

    @Test func editModeGroupPressesExactlyTheCurrentMode() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            for mode in ["Off", "All", "Delete only", "Reorder only"] {
                try browser.press(mode, in: "//*[@role='group']")
                let pressed = try browser.nodes("//*[@role='group']//button[@aria-pressed='true']")
                #expect(pressed.map(\.accessibleName) == [mode])
                #expect(try browser.nodes("//*[@role='group']//button[@aria-pressed='false']").count == 3)
            }
        }
    }

    @Test func deleteOnlyShowsDeleteControlsAndNoMoveControls() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            #expect(try browser.buttons(named: "Delete Book").count == 1)
            #expect(try browser.buttons(named: "Delete Locked one").isEmpty)
            #expect(try browser.buttons(named: "Move Book up").isEmpty)
        }
    }

    @Test func reorderOnlyShowsMoveControlsAndNoDeleteControls() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Reorder only", in: "//*[@role='group']")
            #expect(try browser.buttons(named: "Move Camera up").count == 1)
            #expect(try browser.buttons(named: "Delete Camera").isEmpty)
            #expect(try browser.buttons(named: "Move Locked one up").isEmpty)
        }
    }

    @Test func movesStayInsideTheRunOfMovableRows() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("All", in: "//*[@role='group']")
            // Book sits right under the locked rows: it cannot move up.
            let up = try #require(try browser.buttons(named: "Move Book up").first)
            #expect(up.attribute("disabled") != nil)
            try browser.press("Move Camera up")
            // At the top of its run "up" is disabled: the row's "down" stands in, and takes the focus.
            #expect(browser.lastLocation == "\(browser.origin)/tables/list#row_camera_down")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_book", "row_phone"])
            // A forged move onto a locked row's index is refused and changes nothing.
            let forged = try browser.submit(try #require(try browser.buttons(named: "Move Camera up").first),
                                            overriding: ["index": "1"])
            #expect(forged.status == 303)
            #expect(try browser.message()?.role == "alert")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_book", "row_phone"])
        }
    }

    @Test func resubmittedMoveChangesNothingMore() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("All", in: "//*[@role='group']")
            let down = try #require(try browser.buttons(named: "Move Book down").first)
            try browser.submit(down)
            try browser.submit(down)
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_book", "row_phone"])
        }
    }

    @Test func deleteThenUndoRestoresIndexAndSelection() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            let delete = try #require(try browser.buttons(named: "Delete Book").first)
            try browser.submit(delete)
            // The Undo control stands in the deleted row's place, and the page lands on it.
            #expect(browser.lastLocation == "\(browser.origin)/tables/list#undo")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_phone"])
            let message = try #require(try browser.message())
            #expect(message.role == "status" && message.text.contains("Book"))
            // Deleting it again (a resubmitted form) changes nothing.
            try browser.submit(delete)
            #expect(try order(browser, section: "things").count == 4)
            // Once the page after the deletion is left (a reload here), Undo moves to the toolbar, naming the row it
            // restores, and the rows close over the row's place.
            try browser.get("/tables/list")
            #expect(try browser.buttons(named: "Undo delete “Book”").count == 1)
            #expect(try browser.nodes("//*[@id='deleted']").isEmpty)
            #expect(try browser.message() == nil, "shown again, it is not announced again")
            // The Undo of the first answer page restores it: take it from a fresh deletion's page.
            try browser.press("Delete Camera")
            let undo = try #require(try browser.buttons(named: "Undo").first)
            try browser.submit(undo)
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_phone"])
            // The same Undo again restores nothing more.
            try browser.submit(undo)
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_phone"])
        }
    }

    @Test func undoRestoresSelectionOfTheDeletedRow() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            try browser.press("Delete Book")
            try browser.press("Undo")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_book", "row_camera", "row_phone"])
            #expect(try browser.nodes("//*[@id='row_book']//button[@aria-checked]").first?.attribute("aria-checked") == "true")
        }
    }

    @Test func emptiedSectionKeepsItsHeader() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            // The row titled "only" makes a Delete control named like the edit-mode button.
            try browser.press("Delete only", in: "//*[@id='section_solo']")
            #expect(try browser.nodes("//*[@id='section_solo']//li").isEmpty)
            #expect(try browser.nodes("//*[@id='section_solo_title']").first?.text == "Solo")
            #expect(try browser.nodes("//*[@id='section_solo']//*[@class='empty']").count == 1)
        }
    }

    @Test func editModeNotOfferedIsRefusedWithAnAlert() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            let answer = try browser.post("/tables/picks/edit-mode", fields: [("csrf", try browser.csrfToken()), ("mode", "all")])
            #expect(answer.status == 303)
            #expect(try browser.message()?.role == "alert")
        }
    }

    @Test func resetRestoresTheInitialState() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            let initial = try browser.send("GET", "/tables/list/state.json").text
            try browser.press("Delete only", in: "//*[@role='group']")
            try browser.press("Delete Camera")
            #expect(try browser.send("GET", "/tables/list/state.json").text != initial)
            try browser.press("Reset")
            #expect(try browser.message()?.role == "status")
            #expect(try browser.send("GET", "/tables/list/state.json").text == initial)
        }
    }

    @Test func undoOffersTheDeletionBeforeItSoEachCanBeUndoneInTurn() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            try browser.press("Delete Book")
            try browser.press("Delete Camera")
            try browser.press("Delete Phone")
            // Undo where Phone was, then the toolbar's Undo of each deletion before it.
            try browser.press("Undo")
            try browser.press("Undo delete “Camera”")
            try browser.press("Undo delete “Book”")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_book", "row_camera", "row_phone"])
            // Nothing is left to undo: Undo is gone.
            #expect(try browser.nodes("//button[@id = 'undo']").isEmpty)
        }
    }

    @Test func undoStaysAfterOtherActionsAndEditModeSwitches() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            try browser.press("Delete Book")
            try browser.press("Off", in: "//*[@role='group']")
            try browser.press("Phone")
            #expect(try browser.buttons(named: "Undo delete “Book”").count == 1)
            try browser.press("Undo delete “Book”")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_book", "row_camera", "row_phone"])
        }
    }

    @Test func resetCanBeUndoneAndSaysWhenNothingNeedsResetting() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Reset")
            #expect(try browser.message()?.text.contains("Nothing to reset") == true)
            #expect(try browser.buttons(named: "Undo reset").isEmpty)
            try browser.press("Delete only", in: "//*[@role='group']")
            try browser.press("Delete Camera")
            let changed = try browser.send("GET", "/tables/list/state.json").text
            try browser.press("Reset")
            try browser.get("/tables/list")
            try browser.press("Undo reset")
            #expect(try browser.send("GET", "/tables/list/state.json").text == changed)
            #expect(try browser.buttons(named: "Undo reset").isEmpty)
            #expect(try browser.buttons(named: "Undo delete “Camera”").count == 1,
                    "the deletion's undo history came back too")
        }
    }

    @Test func aStaleMoveIsRefusedWithAnAlertAndChangesNothing() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("All", in: "//*[@role='group']")
            // The page seen in a second tab, before this one moved Phone to the top of its run.
            let stale = try #require(try browser.buttons(named: "Move Phone up").first)
            try browser.get("/tables/list/rows/phone/position")
            try browser.press("Move Phone to top")
            let moved = try order(browser, section: "things")
            #expect(moved == ["row_lock1", "row_lock2", "row_phone", "row_book", "row_camera"])
            let answer = try browser.submit(stale)
            #expect(answer.status == 303)
            #expect(try browser.message()?.role == "alert")
            #expect(try browser.message()?.text.contains("order") == true)
            #expect(try order(browser, section: "things") == moved)
        }
    }
}
