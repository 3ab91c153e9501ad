import TableModel
import TableRendering
import Testing

/// SPEC §3 for selection: radios in a labelled radiogroup, checkboxes, plain cells, and what a tap posts.
@Suite struct SelectionPageTests {
    @Test func selectionSectionsRenderAsRadiosCheckboxesAndPlainCells() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("selection")))

        let radios = try page.nodes("//section[@id = 'section_favorite']//button[@role = 'radio']")
        #expect(radios.map(\.accessibleName) == ["Bunka Yokusen Meguro", "Hachiman-yu Setagaya", "Hokuo"])
        #expect(radios.map { $0.attribute("aria-checked") } == ["true", "false", "false"])
        let groups = try page.nodes("//section[@id = 'section_favorite']//*[@role = 'radiogroup']")
        #expect(groups.map(\.accessibleName) == ["Favourite bathhouse"])
        #expect(try page.nodes("//*[@role = 'radiogroup']//button[@role = 'radio']").count == 5)

        let checkboxes = try page.nodes("//section[@id = 'section_wishlist']//button[@role = 'checkbox']")
        #expect(checkboxes.map { $0.attribute("aria-checked") } == ["true", "true", "false"])
        #expect(try page.nodes("//section[@id = 'section_wishlist']//*[@role = 'radiogroup']").isEmpty)

        let notes = try page.nodes("//section[@id = 'section_notes']//li")
        #expect(notes.count == 2)
        #expect(try page.nodes("//section[@id = 'section_notes']//button").isEmpty)
        #expect(try page.names("//section[@id = 'section_notes']//div[@class = 'cell']") == [
            "Bring a towel", "Cash only Most places",
        ])
    }

    @Test func aTapPostsTheTargetSelection() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("selection")), snapshot: false)
        // The form's URL names the target state: …/select or …/deselect.
        let value = { (row: String) in
            try page.values("action", of: "//li[@id = 'row_\(row)']//form").first??.split(separator: "/").last
        }
        // A single section that needs a selection keeps its selected row: tapping it selects it again.
        #expect(try value("bunka") == "select")
        #expect(try value("hachiman") == "select")
        // With allowsEmptySelection the selected row's tap deselects it.
        #expect(try value("dry") == "deselect")
        #expect(try value("steam") == "select")
        #expect(try value("kosugi") == "deselect")
        #expect(try value("tenjin") == "select")
    }

    @Test func selectedRowsShowACheckmarkHiddenFromTheirName() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("selection")), snapshot: false)
        let checked = try page.nodes("//button[@aria-checked = 'true']")
        let marks = try page.nodes("//button[@aria-checked = 'true']/span[@class = 'check' and @aria-hidden = 'true']")
        #expect(checked.count == 4)
        #expect(marks.count == 4)
        #expect(marks.allSatisfy { $0.text == "✓" })
        #expect(try page.nodes("//button[@aria-checked = 'false']//*[@class = 'check']").isEmpty)
    }

    @Test func headersCountRowsAndSelectedRows() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("selection")), snapshot: false)
        #expect(try page.nodes("//span[@class = 'counts']").map(\.text) == [
            "3 rows, 1 selected", "2 rows, 1 selected", "3 rows, 2 selected", "2 rows",
        ])
    }

    @Test func countsBeyondThosePreparedAtStartUpAreWordedAlike() throws {
        // Counts up to 1,000 are worded at start-up, larger ones when a page shows them.
        let rows = (1...1002).map { #"{"id": "r\#($0)", "title": "R\#($0)", "selected": \#($0 > 1)}"# }
        let json = #"{"id": "big", "title": "Big", "sections": "#
            + #"[{"id": "s", "title": "S", "selection": "multiple", "rows": ["#
            + rows.joined(separator: ",") + "]}]}"
        let table = try DefinitionLoader.load(json).get().tables[0]
        let page = try CheckedPage(TableState(definition: table), snapshot: false)
        #expect(try page.nodes("//span[@class = 'counts']").map(\.text) == ["1002 rows, 1001 selected"])
    }

    @Test func aTableWithoutEditModesOrCollapsibleSectionsHasNeitherSwitch() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("selection")), snapshot: false)
        #expect(try page.nodes("//*[@role = 'group']").isEmpty)
        #expect(try page.nodes("//button[@aria-pressed]").isEmpty)
        #expect(try page.names("//form[@method = 'post']//button[not(@role)]") == ["Reset"])
        #expect(try page.nodes("//button[@aria-expanded]").isEmpty)
        #expect(try page.nodes("//a[@class = 'back']").isEmpty)
    }
}
