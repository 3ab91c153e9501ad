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
            #expect(browser.lastLocation == "/tables/list#row_camera")
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
            #expect(browser.lastLocation == "/tables/list#section_things")
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_camera", "row_phone"])
            let message = try #require(try browser.message())
            #expect(message.role == "status")
            // Deleting it again (a resubmitted form) changes nothing.
            try browser.submit(delete)
            #expect(try order(browser, section: "things").count == 4)
            try browser.get("/tables/list")
            #expect(try browser.buttons(named: "Undo").isEmpty)
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
            for _ in 0..<3 { try browser.press("Undo") }
            #expect(try order(browser, section: "things") == ["row_lock1", "row_lock2", "row_book", "row_camera", "row_phone"])
            // Nothing is left to undo: the last message offers no Undo.
            #expect(try browser.buttons(named: "Undo").isEmpty)
        }
    }
}
