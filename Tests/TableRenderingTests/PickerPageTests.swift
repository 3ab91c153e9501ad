import TableModel
import TableRendering
import Testing
import XMLInspection

/// SPEC §10 and §3: the position picker ("Move X…"), a plain GET page listing the places a row can reach in its
/// section, each a move form; grouped so that a 2,000-row section is usable; reached from a link beside the row.
@Suite struct PickerPageTests {
    /// The picker of `row` in every UI language, checked (snapshot, XML, page contract); the English page.
    private func picker(
        _ state: TableState, row: String, scope: PickerScope = .all, snapshot: Bool = true,
        function: String = #function, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> CheckedPage {
        let renderer = try Fixtures.renderer(for: [state.definition])
        var pages: [CheckedPage] = []
        for language in UILanguage.allCases {
            var html: [UInt8] = []
            let found = try renderer.renderPicker(state, row: row, scope: scope, csrf: RenderCommand.csrfPlaceholder,
                                                  backURL: "/tables/\(state.definition.id)#row_\(row)_move",
                                                  language: language, into: &html)
            #expect(found, sourceLocation: sourceLocation)
            pages.append(try CheckedPage(html, snapshot: snapshot, language: language, function: function,
                                         sourceLocation: sourceLocation))
        }
        return pages[0]
    }

    private func editing(_ mode: EditMode) throws -> TableState {
        try TableState(definition: try Fixtures.table("editing")).after(.setEditMode(mode))
    }

    /// A table of one section of `count` movable rows `r0`, `r1`…, in Reorder only.
    private func long(_ count: Int) throws -> TableState {
        let rows = (0..<count).map { #"{"id": "r\#($0)", "title": "Row \#($0 + 1)"}"# }.joined(separator: ",")
        let json = #"{"id": "long", "title": "Long", "editModes": ["sort"], "sections": [{"id": "all", "#
            + #""title": "All", "rows": [\#(rows)]}]}"#
        let table = try #require(try DefinitionLoader.load(Array(json.utf8)).get().tables.first)
        return try TableState(definition: table).after(.setEditMode(.sort))
    }

    @Test func thePickerListsThePlacesOfTheRowsRunEachAFormThatMovesItThere() throws {
        let page = try picker(try editing(.sort), row: "book")
        // gear: passport, tickets (locked), camera, book, umbrella. Book can go to 3 or 5, not past the locked rows.
        #expect(try page.names("//ul[@class = 'places']//button") == [
            "Position 3, before “Camera”", "Position 5, after “Umbrella”",
        ])
        let forms = try page.nodes("//ul[@class = 'places']//form")
        #expect(forms.map { $0.attribute("action") }
            == Array(repeating: "/tables/editing/rows/book/position", count: 2))
        let fields = try forms.map { form in
            try ["from", "index", "via"].map { name in
                try form.nodes(matching: "input[@name = '\(name)']").first?.attribute("value")
            }
        }
        #expect(fields == [["3", "2", "picker"], ["3", "4", "picker"]])
        #expect(try page.nodes("//li[@aria-current = 'true']").map(\.text) == ["Position 4: here now"])
        #expect(try page.values("href", of: "//a[@class = 'back']") == ["/tables/editing#row_book_move"])
        #expect(try page.names("//h1") == ["Move “Book”"])
        #expect(try page.nodes("//form[@method = 'get']").isEmpty, "a short run needs no Position field")
        // To top and to bottom: the ends of the run, each one submission.
        #expect(try page.names("//ul[@class = 'places ends']//button") == ["Move Book to top", "Move Book to bottom"])
        #expect(try page.values("value", of: "//ul[@class = 'places ends']//input[@name = 'index']") == ["2", "4"])
    }

    @Test func aRowAtAnEndOfItsRunIsNotOfferedThatEnd() throws {
        let page = try picker(try editing(.sort), row: "camera", snapshot: false)
        #expect(try page.names("//ul[@class = 'places ends']//button") == ["Move Camera to bottom"])
    }

    @Test func aLockedRowsPickerSaysWhyAndOffersNoPlace() throws {
        let page = try picker(try editing(.sort), row: "hotel")
        #expect(try page.nodes("//form").isEmpty)
        #expect(try page.nodes("//p[@class = 'picker-reason']").map(\.text) == ["“Hotel” cannot be moved."])
    }

    @Test func outsideTheModesThatReorderThePickerOffersNoPlace() throws {
        let page = try picker(try editing(.delete), row: "book", snapshot: false)
        #expect(try page.nodes("//form").isEmpty)
        #expect(try page.nodes("//p[@class = 'picker-reason']").count == 1)
    }

    @Test func aTwoThousandRowSectionIsPickedInGroupsOfFifty() throws {
        let state = try long(2000)
        let page = try picker(state, row: "r1234", snapshot: false)
        let groups = try page.nodes("//ul[contains(@class, 'groups')]/li/a")
        #expect(groups.count == 40)
        #expect(groups.first?.attribute("href") == "/tables/long/rows/r1234/position?first=1&last=50")
        #expect(groups.filter { $0.text.contains("now at 1235") }.map(\.text)
            == ["Positions 1201–1250 (now at 1235)"])
        #expect(try page.nodes("//button").count == 3, "to top, to bottom and the Position field's Show button")
        let field = try #require(try page.nodes("//form[@method = 'get']//input[@name = 'position']").first)
        #expect(field.attribute("min") == "1" && field.attribute("max") == "2000" && field.attribute("value") == "1235")

        let group = try picker(state, row: "r1234", scope: .range(first: 1950, last: 1999), snapshot: false)
        #expect(try group.nodes("//ul[@class = 'places']//button").count == 50)
        #expect(try group.values("value", of: "//ul[@class = 'places']//input[@name = 'index']").first == "1950")
        #expect(try group.nodes("//p[@class = 'picker-all']/a").count == 1, "a way back to every position")

        let around = try picker(state, row: "r1234", scope: .around(1230), snapshot: false)
        #expect(try around.names("//ul[@class = 'places']//button").first == "Position 1201, before “Row 1201”")
        #expect(try around.nodes("//ul[@class = 'places']/li").count == 50, "49 places and the row's own")
    }

    @Test func theGroupPageOfALongSectionKeepsTheContract() throws {
        // Snapshotted in both languages: a page of group links with the Position field.
        _ = try picker(try long(120), row: "r60")
    }

    @Test func movableRowsHaveAPickerLinkInTheModesThatReorder() throws {
        let page = try CheckedPage(try editing(.sort), snapshot: false)
        #expect(try page.names("//li[@id = 'row_book']//a") == ["Move Book…"])
        #expect(try page.values("href", of: "//li[@id = 'row_book']//a") == ["/tables/editing/rows/book/position"])
        // Neither the locked Hotel nor Train, alone in its run above Hotel, has another place to go.
        #expect(try page.nodes("//li[@id = 'row_hotel']//a | //li[@id = 'row_train']//a").isEmpty)
        #expect(try page.nodes("//a[@class = 'pick']").count == 7)
        let off = try CheckedPage(try editing(.off), snapshot: false)
        #expect(try off.nodes("//a[@class = 'pick']").isEmpty)
    }
}
