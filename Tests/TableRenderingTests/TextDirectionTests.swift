import TableModel
@testable import TableRendering
import Testing

/// docs/HTML.md "Direction": a user's text that holds a right-to-left character or a direction control gets
/// `dir="auto"`, so it takes its own direction and stays apart from the counts and the detail beside it; any
/// other text renders the same without it, and goes without.
@Suite struct TextDirectionTests {
    @Test(arguments: [
        ("Row 12", false), ("文化浴泉", false), ("Café — naïve", false), ("", false), ("Ελληνικά", false),
        ("שלום", true), ("Menu: مرحبا", true), ("١٢٣", true), ("ab\u{200F}", true), ("x\u{202E}y", true),
        ("x\u{2067}y\u{2069}", true), ("ﭐ", true), ("𞤀", true), ("a\u{200E}b", false),
    ])
    func rightToLeftTextIsIsolated(_ text: String, _ isolated: Bool) {
        #expect(BidiIsolation.isNeeded(for: text) == isolated, "\(text.unicodeScalars.map(\.value))")
    }

    @Test func onlyTitlesAndDetailsThatNeedItCarryDirAuto() throws {
        let table = try DefinitionLoader.load(#"""
            {"id": "mixed", "title": "Mixed", "sections": [
              {"id": "latin", "title": "Latin", "selection": "multiple", "rows": [
                {"id": "plain", "title": "Plain", "detail": "Detail"},
                {"id": "hebrew", "title": "שלום", "detail": "Detail"},
                {"id": "arabic", "title": "Menu", "detail": "مرحبا"}]},
              {"id": "rtl", "title": "עברית", "rows": [{"id": "note", "title": "Note"}]}]}
            """#).get().tables[0]
        var html: [UInt8] = []
        try Fixtures.renderer(for: [table]).renderTable(
            TableState(definition: table), csrf: "t", showsIndexLink: false, language: .en, into: &html)
        let page = try CheckedPage(html, snapshot: false, language: .en)
        let isolated = { (xpath: String) in try page.values("dir", of: xpath) }
        #expect(try isolated("//li[@id = 'row_plain']//span[@dir]").isEmpty)
        #expect(try isolated("//li[@id = 'row_hebrew']//span[@class = 'title']") == ["auto"])
        #expect(try isolated("//li[@id = 'row_hebrew']//span[@class = 'detail']") == [nil])
        #expect(try isolated("//li[@id = 'row_arabic']//span[@class = 'title']") == [nil])
        #expect(try isolated("//li[@id = 'row_arabic']//span[@class = 'detail']") == ["auto"])
        #expect(try isolated("//span[@id = 'section_latin_title']") == [nil])
        #expect(try isolated("//span[@id = 'section_rtl_title']") == ["auto"])
        #expect(try page.nodes("//*[@dir]").count == 3)
    }
}
