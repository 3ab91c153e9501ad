import TableModel
import TableRendering
import Testing

/// SPEC §2 Collapsing and §3: header buttons with `aria-expanded`, arrows, kept rows, "Expand all" and
/// "Collapse all", and the section just expanded.
@Suite struct CollapsingPageTests {
    private static let headerButtons = "//form[@class = 'section-header']//button"

    @Test func collapsibleHeadersAreButtonsThatPostTheOtherState() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("accordion")))
        let buttons = try page.nodes(Self.headerButtons)
        #expect(buttons.map(\.accessibleName) == [
            "Opening hours 2 rows", "Prices 3 rows, 1 selected", "Etiquette 2 rows, 0 selected",
        ])
        #expect(buttons.map { $0.attribute("aria-expanded") } == ["true", "false", "false"])
        #expect(try page.values("value", of: "//form[@class = 'section-header']/input[@name = 'expanded']")
            == ["false", "true", "true"])
        let arrows = try page.nodes("//span[@class = 'arrow' and @aria-hidden = 'true']")
        #expect(arrows.map(\.text) == ["▲", "▼", "▼"])
        // The section that does not collapse has a plain header.
        #expect(try page.nodes("//section[@id = 'section_address']//button").isEmpty)
        #expect(try page.nodes("//section[@id = 'section_address']/div[@class = 'section-header']/h2").count == 1)
        #expect(try page.names("//div[@class = 'toolbar-actions']/form/button") == ["Expand all", "Collapse all", "Reset"])
    }

    @Test func aCollapsedSectionShowsNoRowsButKeepsItsFooter() throws {
        let page = try CheckedPage(TableState(definition: try Fixtures.table("accordion")), snapshot: false)
        #expect(try page.nodes("//section[@id = 'section_prices']//li").isEmpty)
        #expect(try page.nodes("//section[@id = 'section_prices']//p[@class = 'empty']").isEmpty)
        #expect(try page.nodes("//section[@id = 'section_prices']/p[@class = 'footer']").map(\.text) == [
            "Towels are extra.",
        ])
        #expect(try page.nodes("//section[@id = 'section_hours']//li").count == 2)
        #expect(try page.nodes("//section[@id = 'section_address']//span[@class = 'counts']").map(\.text) == [
            "1 row",
        ])
    }

    @Test func theSectionJustExpandedAnimatesIn() throws {
        let table = try Fixtures.table("accordion")
        let state = try TableState(definition: table).after(.setExpanded(section: "prices", expanded: true))
        // A collapsed or plain section named as just expanded does not animate: only rows shown now can.
        let page = try CheckedPage(state, justExpanded: ["prices", "etiquette", "address"])
        let animated = try page.nodes("//section[\(CheckedPage.hasClass("just-expanded"))]")
        #expect(animated.map { $0.attribute("id") } == ["section_prices"])
        #expect(try page.nodes("//section[@id = 'section_prices']//li").count == 3)
        #expect(try page.values("aria-expanded", of: Self.headerButtons) == ["true", "true", "false"])
    }

    @Test func collapsingKeepsCountsAndSelection() throws {
        let table = try Fixtures.table("accordion")
        let state = try TableState(definition: table).after(.setAllExpanded(false))
        let page = try CheckedPage(state)
        #expect(try page.nodes("//section[@id != 'section_address']//li").isEmpty)
        #expect(try page.names(Self.headerButtons) == [
            "Opening hours 2 rows", "Prices 3 rows, 1 selected", "Etiquette 2 rows, 0 selected",
        ])
        #expect(try page.values("aria-expanded", of: Self.headerButtons) == ["false", "false", "false"])
        #expect(try page.nodes("//*[\(CheckedPage.hasClass("just-expanded"))]").isEmpty)
    }
}
