import TableModel
import TableRendering
import Testing

/// `tableview render`: deterministic pages for a table and an optional state file, and typed errors.
@Suite struct RenderCommandTests {
    private func render(_ file: String, table: String, state: [UInt8]? = nil) throws
        -> Result<[UInt8], RenderCommandError>
    {
        let catalog = try Fixtures.catalog(file)
        return RenderCommand.render(catalog: catalog, tableID: table, stateJSON: state,
                                    renderer: try Fixtures.renderer(for: catalog.tables))
    }

    @Test func theReferencePageRendersInTheStateOfTheStateFile() throws {
        let html = try render("reference.json", table: "reference", state: try Fixtures.bytes("reference-state.json"))
            .get()
        let page = try CheckedPage(html)
        #expect(try page.values("value", of: "//input[@name = 'csrf']").allSatisfy { $0 == "CSRF-TOKEN-PLACEHOLDER" })
        // 30 rows, 3 headers, 4 edit modes, Expand all, Collapse all, Reset: one form each.
        #expect(try page.nodes("//input[@name = 'csrf']").count == 40)
        #expect(try page.nodes("//button[@aria-checked = 'true']").map { $0.parent?.parent?.attribute("id") } == [
            "row_row-2-3",
        ])
        #expect(try page.nodes("//li").count == 30)
        // One table in the file: no link to the index.
        #expect(try page.nodes("//a[@class = 'back']").isEmpty)
    }

    @Test func withoutAStateFileThePageShowsTheInitialState() throws {
        let html = try render("editing.json", table: "editing").get()
        let initial = try Fixtures.renderer(for: [])
        var expected: [UInt8] = []
        try initial.renderTable(TableState(definition: try Fixtures.table("editing")),
                                csrf: RenderCommand.csrfPlaceholder, showsIndexLink: false, language: .en, into: &expected)
        #expect(html == expected)
    }

    @Test func renderingIsDeterministic() throws {
        let state = try Fixtures.bytes("reference-state.json")
        #expect(try render("reference.json", table: "reference", state: state).get()
            == render("reference.json", table: "reference", state: state).get())
    }

    @Test func aCatalogOfSeveralTablesLinksToTheIndex() throws {
        let page = try CheckedPage(try render("catalog.json", table: "second").get())
        #expect(try page.nodes("//header/a[@class = 'back']").map { $0.attribute("href") } == ["/"])
        #expect(try page.names("//header/a[@class = 'back']") == ["All tables"])
    }

    @Test func anUnknownTableListsTheTables() throws {
        let result = try render("catalog.json", table: "nope")
        #expect(throws: RenderCommandError.unknownTable("nope", available: ["first", "second", "third-table"])) {
            try result.get()
        }
        guard case .failure(let error) = result else { return }
        #expect(error.description == #"unknown table "nope"; the tables are: first, second, third-table"#)
    }

    @Test func aStateFileWithProblemsNamesTheirPaths() throws {
        let state = #"""
            {"table": "editing", "editMode": "fly", "selected": ["nope"], "collapsed": [], "order": {},
             "deleted": [], "undo": []}
            """#
        let result = try render("editing.json", table: "editing", state: Array(state.utf8))
        guard case .failure(.invalidState(let problems)) = result else {
            Issue.record("expected invalidState, got \(result)")
            return
        }
        #expect(problems.problems.map(\.path) == ["editMode", "selected[0]"])
    }

    @Test func aStateFileOfAnotherTableIsRefused() throws {
        let state = try Fixtures.bytes("reference-state.json")
        let result = try render("editing.json", table: "editing", state: state)
        guard case .failure(.invalidState(let problems)) = result else {
            Issue.record("expected invalidState, got \(result)")
            return
        }
        #expect(problems.description == #"table: the state is of table "reference", not "editing""#)
    }
}

/// `render --apply ACTION…` (SPEC §5): snapshots of states reached by actions, without a hand-written state file.
@Suite struct RenderApplyTests {
    private func render(_ file: String, table: String, _ actions: [String]) throws
        -> Result<[UInt8], RenderCommandError>
    {
        let catalog = try Fixtures.catalog(file)
        return RenderCommand.render(catalog: catalog, tableID: table, stateJSON: nil,
                                    actions: try actions.map(TableAction.init(parsing:)),
                                    renderer: try Fixtures.renderer(for: catalog.tables))
    }

    @Test func selectionAndCollapseAfterActions() throws {
        let page = try CheckedPage(try render("accordion.json", table: "accordion", [
            "collapse section hours", "expand section prices", "select row child",
        ]).get())
        #expect(try page.values("aria-expanded", of: "//button[@aria-expanded]").first == "false")
        #expect(try page.names("//button[@aria-checked = 'true']").contains { $0.hasPrefix("Children") })
    }

    @Test func deletionMoveAndEditModeAfterActions() throws {
        let page = try CheckedPage(try render("editing.json", table: "editing", [
            "edit mode all", "delete row book", "move row umbrella to index 2",
        ]).get())
        #expect(try page.nodes("//*[@id = 'row_book']").isEmpty)
        #expect(try page.values("id", of: "//section[1]//li").prefix(3) == ["row_passport", "row_tickets", "row_umbrella"])
        #expect(try page.names("//button[@aria-pressed = 'true']") == ["All"])
        // `render` shows no message: the deletion's Undo is in the toolbar.
        #expect(try page.names("//button").contains("Undo delete “Book”"))
    }

    @Test func theActionsGiveTheSamePageAsTheStateTheyLeadTo() throws {
        let table = try Fixtures.table("editing")
        let state = try TableState(definition: table).after(.setEditMode(.delete), .delete(row: "camera"))
        let viaState = try Fixtures.catalog("editing.json")
        let fromState = RenderCommand.render(catalog: viaState, tableID: "editing",
                                             stateJSON: Array(state.exportJSON().utf8),
                                             renderer: try Fixtures.renderer(for: viaState.tables))
        #expect(try render("editing.json", table: "editing", ["edit mode delete", "delete row camera"]).get()
            == fromState.get())
    }

    @Test func aRefusedActionStopsWithItsReason() throws {
        let result = try render("editing.json", table: "editing", ["edit mode all", "move row passport to index 3"])
        guard case .failure(.refusedAction(let action, let reason)) = result else {
            Issue.record("expected refusedAction, got \(result)")
            return
        }
        #expect(action == .move(row: "passport", toIndex: 3))
        #expect(!reason.isEmpty)
        #expect(try #require(result.failure).description.hasPrefix(#"--apply "move row "passport" to index 3" was refused: "#))
    }

    @Test func anActionNamingAnUnknownRowIsRefused() throws {
        let result = try render("editing.json", table: "editing", ["select row nope"])
        guard case .failure(.refusedAction(_, let reason)) = result else {
            Issue.record("expected refusedAction, got \(result)")
            return
        }
        #expect(reason == "This table has no row “nope”.")
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let error) = self { error } else { nil }
    }
}
