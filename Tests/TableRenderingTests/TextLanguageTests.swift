import TableModel
import TableRendering
import Testing

/// SPEC §9: a table's `"language"` marks its own texts with `lang` on a page in another language, so a screen
/// reader pronounces them right; the page's `<html lang>` is the UI language.
@Suite struct TextLanguageTests {
    private let table: TableDefinition

    init() throws {
        table = try DefinitionLoader.load(#"""
            {"id": "sento", "title": "銭湯めぐり", "language": "ja", "sections": [
              {"id": "favorite", "title": "お好きな銭湯", "footer": "ひとつだけ", "selection": "single", "rows": [
                {"id": "bunka", "title": "文化浴泉", "detail": "目黒区", "selected": true}]}]}
            """#).get().tables[0]
    }

    private func page(_ language: UILanguage) throws -> CheckedPage {
        var html: [UInt8] = []
        try Fixtures.renderer(for: [table]).renderTable(
            TableState(definition: table), csrf: "t", showsIndexLink: true, language: language, into: &html)
        return try CheckedPage(html, snapshot: false, language: language)
    }

    @Test func anEnglishPageMarksTheTitlesOfAJapaneseTable() throws {
        let page = try page(.en)
        #expect(try page.values("lang", of: "/html") == ["en"])
        #expect(try page.values("lang", of: "//h1") == ["ja"])
        #expect(try page.values("lang", of: "//span[@id = 'section_favorite_title']") == ["ja"])
        #expect(try page.values("lang", of: "//button[@id = 'row_bunka_select']") == ["ja"])
        #expect(try page.values("lang", of: "//p[@class = 'footer']") == ["ja"])
        // The UI's own words are not marked: they are in the page's language.
        #expect(try page.nodes("//*[@lang and not(self::html)]").count == 4)
    }

    @Test func aJapanesePageLeavesTheTitlesOfAJapaneseTableUnmarked() throws {
        let page = try page(.ja)
        #expect(try page.values("lang", of: "/html") == ["ja"])
        #expect(try page.nodes("//*[@lang and not(self::html)]").isEmpty)
        #expect(try page.names("//div[@role = 'radiogroup']") == ["お好きな銭湯"])
        #expect(try page.nodes("//span[@class = 'counts']").map(\.text) == ["1件、1件選択"])
        #expect(try page.nodes("//a[@class = 'back']").map(\.text) == ["すべての表"])
    }

    @Test func aRegionalTagCountsAsItsLanguage() throws {
        let regional = try DefinitionLoader.load(#"""
            {"id": "t", "title": "T", "language": "ja-JP", "sections": [{"id": "s", "title": "S", "rows": []}]}
            """#).get().tables[0]
        var html: [UInt8] = []
        try Fixtures.renderer(for: [regional]).renderTable(
            TableState(definition: regional), csrf: "t", showsIndexLink: false, language: .ja, into: &html)
        let page = try CheckedPage(html, snapshot: false, language: .ja)
        #expect(try page.values("lang", of: "//h1") == [nil])
        #expect(try page.nodes("//p[@class = 'empty']").map(\.text) == ["行はありません"])
    }
}
