import TableModel
import TableRendering
import Testing

/// User text is escaped everywhere it appears (quotes, `<`, `&`, `'`, a quote with a combining mark, RTL text,
/// emoji), so the page still parses and keeps its contract, and every control keeps its name.
@Suite struct HostileTitleTests {
    private func hostilePage(snapshot: Bool = true, function: String = #function) throws -> (CheckedPage, [UInt8]) {
        let table = try Fixtures.table("hostile")
        let state = try TableState(definition: table).after(.setEditMode(.all), .delete(row: "quote"))
        let message = PageMessage(applied: .delete(row: "quote"), effect: .deleted(row: "quote"), in: table)
        let renderer = try Fixtures.renderer(for: [table])
        var html: [UInt8] = []
        try renderer.renderTable(state, csrf: RenderCommand.csrfPlaceholder, message: message, showsIndexLink: true,
                                 language: .en, into: &html)
        return (try CheckedPage(html, snapshot: snapshot, function: function), html)
    }

    @Test func hostileTitlesComeOutEscapedAndThePageParses() throws {
        let table = try Fixtures.table("hostile")
        let (page, html) = try hostilePage()
        #expect(try page.nodes("//h1").map(\.text) == [table.title])
        #expect(try page.nodes("/html/head/title").map(\.text) == [table.title])
        #expect(try page.nodes("//span[@class = 'title' and starts-with(@id, 'section_')]").map(\.text)
            == table.sections.map(\.title))
        let shownRows = table.rows.filter { $0.id != "quote" && $0.sectionIndex != 1 }
        #expect(try page.nodes("//li//span[@class = 'title']").map(\.text) == shownRows.map(\.title))
        #expect(try page.nodes("//li//span[@class = 'detail']").map(\.text) == shownRows.compactMap(\.detail))
        #expect(try page.nodes("//p[@class = 'footer']").map(\.text) == table.sections.compactMap(\.footer))
        #expect(try page.nodes("//div[@id = 'deleted' and @role = 'status']//p").map(\.text)
            == ["Deleted “\"Quoted\" & 'single'”."])
        let text = String(decoding: html, as: UTF8.self)
        #expect(!text.contains("<script"))
        #expect(!text.contains("<b>"))
        #expect(!text.contains("<!--"))
        #expect(text.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        // A quote followed by a combining mark is one Character but still a quote: escaped per byte.
        #expect(text.contains("&quot;\u{301} quote with a combining acute"))
        #expect(text.contains("&#39;\u{301} and &amp;\u{301} too"))
        #expect(text.contains("&amp;nbsp; &amp;lt; &amp;#39; stay literal"))
    }

    @Test func controlsAreNamedWithTheRawTitles() throws {
        let (page, _) = try hostilePage(snapshot: false)
        #expect(try page.names("//form[@class = 'delete']/button") == [
            "Delete \"\u{301} quote with a combining acute", "Delete only",
            "Delete 👨‍👩‍👧‍👦 family & 🧖 sauna", "Delete javascript:alert(1)",
        ])
        #expect(try page.names("//li[@id = 'row_combining']//form[@class = 'cell']/button") == [
            "\"\u{301} quote with a combining acute '\u{301} and &\u{301} too",
        ])
        #expect(try page.names("//section[@id = 'section_scripts']//button[@aria-expanded]") == [
            "עברית ومرحبا mixed with English 1 row, 0 selected",
        ])
    }

    @Test func aRowTitledLikeAnEditModeLeavesTheSwitchDistinguishable() throws {
        let table = try Fixtures.table("hostile")
        let page = try CheckedPage(try TableState(definition: table).after(.setEditMode(.delete)))
        // The row "only" gets a Delete button named like the edit-mode button "Delete only"…
        #expect(try page.names("//button").filter { $0 == "Delete only" }.count == 2)
        #expect(try page.names("//li[@id = 'row_only']//form[@class = 'delete']/button") == ["Delete only"])
        // …but only one of them is in the group labelled "Edit mode", and it is the pressed one.
        let group = "//*[@role = 'group' and @aria-labelledby = 'edit-mode-label']"
        #expect(try page.nodes("//*[@id = 'edit-mode-label']").map(\.text) == ["Edit mode"])
        #expect(try page.names("\(group)//button") == ["Off", "All", "Delete only", "Reorder only"])
        #expect(try page.names("\(group)//button[@aria-pressed = 'true']") == ["Delete only"])
    }
}
