import TableRendering
import Testing
@testable import TableviewApp

/// SPEC §9 on the live server: a browser asking for Japanese gets the demo in Japanese, others English (or the
/// `--language` default); pages say `Vary: Accept-Language`, (and `Accept-Encoding`), and nothing cached in one language is served in the
/// other.
@Suite struct WebLanguageTests {
    @Test func aBrowserAskingForJapaneseGetsJapanese() throws {
        try withLiveSite { port, _ in
            let browser = Browser(port: port)
            browser.acceptLanguage = "ja-JP,ja;q=0.9,en;q=0.8"
            let page = try browser.get("/tables/edit")
            #expect(page.header("Vary") == "Accept-Language, Accept-Encoding, User-Agent")
            #expect(try browser.nodes("/html").map { $0.attribute("lang") } == ["ja"])
            #expect(try browser.nodes("//*[@role = 'group']").map(\.accessibleName) == ["編集モード"])
            #expect(try browser.buttons(named: "削除のみ").count == 1)
            try browser.press("削除のみ")
            try browser.press("タオルを削除")
            #expect(try browser.message()?.text.hasPrefix("「タオル」を削除しました。") == true)
            #expect(try browser.buttons(named: "取り消す").count == 1)
        }
    }

    @Test func otherBrowsersGetEnglishWithTheTablesTitlesMarkedJapanese() throws {
        try withLiveSite { port, _ in
            let browser = Browser(port: port)
            browser.acceptLanguage = "fr-CH, fr;q=0.9, en;q=0.5"
            try browser.get("/tables/edit")
            #expect(try browser.nodes("/html").map { $0.attribute("lang") } == ["en"])
            #expect(try browser.nodes("//h1").map { $0.attribute("lang") } == ["ja"])
            #expect(try browser.buttons(named: "Delete only").count == 1)
            #expect(try browser.nodes("//span[@class = 'counts']").first?.text == "7 rows, 1 selected")
        }
    }

    @Test func theDefaultLanguageDecidesWithoutAHeader() throws {
        try withLiveSite(defaultLanguage: .ja) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/sento")
            #expect(try browser.nodes("/html").map { $0.attribute("lang") } == ["ja"])
            browser.acceptLanguage = "en-GB"
            try browser.get("/tables/sento")
            #expect(try browser.nodes("/html").map { $0.attribute("lang") } == ["en"])
        }
    }

    @Test func aCachedPageIsNeverServedInTheOtherLanguage() throws {
        try withLiveSite { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/edit")
            try browser.press("Delete only")
            let english = try browser.get("/tables/edit")
            let tag = try #require(english.header("ETag"))
            browser.acceptLanguage = "ja"
            let japanese = try browser.send("GET", "/tables/edit", headers: [("If-None-Match", tag)])
            #expect(japanese.status == 200)
            #expect(japanese.header("ETag") != tag)
            #expect(String(decoding: japanese.body, as: UTF8.self).contains("lang=\"ja\""))
        }
    }

    @Test func aReadersCachedPageKeepsItsLanguageAndA304SaysItVaries() throws {
        try withLiveSite { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/edit")
            // A returning reader (a cookie, no stored state): the page comes from the page cache.
            let english = try browser.get("/tables/edit")
            let tag = try #require(english.header("ETag"))
            let unchanged = try browser.send("GET", "/tables/edit", headers: [("If-None-Match", tag)])
            #expect(unchanged.status == 304)
            #expect(unchanged.header("ETag") == tag)
            #expect(unchanged.header("Vary") == "Accept-Language, Accept-Encoding, User-Agent")
            browser.acceptLanguage = "ja"
            let japanese = try browser.send("GET", "/tables/edit", headers: [("If-None-Match", tag)])
            #expect(japanese.status == 200)
            #expect(String(decoding: japanese.body, as: UTF8.self).contains("lang=\"ja\""))
            browser.acceptLanguage = nil
            try browser.get("/tables/edit")
            #expect(try browser.nodes("/html").map { $0.attribute("lang") } == ["en"])
        }
    }

    @Test func theIndexAndErrorPagesSpeakTheLanguageAsked() throws {
        try withLiveSite { port, _ in
            let browser = Browser(port: port)
            browser.acceptLanguage = "ja"
            let index = try browser.get("/")
            #expect(index.header("Vary") == "Accept-Language, Accept-Encoding")
            #expect(try browser.nodes("//h1").map(\.text) == ["表の一覧"])
            let missing = try browser.get("/tables/nope")
            #expect(missing.status == 404)
            #expect(missing.header("Vary") == "Accept-Language, Accept-Encoding")
            #expect(try browser.nodes("//h1").map(\.text) == ["404 見つかりません"])
            #expect(try browser.nodes("//div[@role = 'alert']/p").map(\.text) == ["表「nope」はありません。"])
            // A message worded by the HTTP layer (English) gives way to the status's general sentence.
            try browser.get("/no/such/page")
            #expect(try browser.nodes("//div[@role = 'alert']/p").map(\.text) == ["このアドレスには何もありません。"])
            let forged = try browser.send("POST", "/tables/edit/reset",
                                          headers: [("Content-Type", "application/x-www-form-urlencoded")])
            #expect(forged.status == 403)
            #expect(String(decoding: forged.body, as: UTF8.self).contains("何も変更していません"))
            browser.acceptLanguage = nil
            try browser.get("/tables/nope")
            #expect(try browser.nodes("//h1").map(\.text) == ["404 Not Found"])
            #expect(try browser.nodes("//div[@role = 'alert']/p").map(\.text) == ["There is no table “nope”."])
        }
    }
}
