import TableRendering
import Testing
@testable import TableviewApp

/// SPEC §9: each request's language comes from its `Accept-Language`, quality values honoured; `--language`
/// decides when the header is absent or names neither language.
@Suite struct LanguageNegotiationTests {
    private func chosen(_ header: String?, default fallback: UILanguage = .en) -> UILanguage {
        LanguageNegotiation.language(for: header, default: fallback)
    }

    @Test func jaAndItsRegionsMeanJapaneseEnAndItsRegionsEnglish() {
        #expect(chosen("ja") == .ja)
        #expect(chosen("ja-JP") == .ja)
        #expect(chosen("JA-jp") == .ja)
        #expect(chosen("en-GB", default: .ja) == .en)
        #expect(chosen("en", default: .ja) == .en)
    }

    @Test func qualityValuesAreHonoured() {
        #expect(chosen("en;q=0.5, ja;q=0.8") == .ja)
        #expect(chosen("ja;q=0.2, en-US;q=0.9") == .en)
        #expect(chosen("fr-CH, fr;q=0.9, ja;q=0.7, en;q=0.5") == .ja)
        #expect(chosen("en-GB,en;q=0.9,ja;q=0.8", default: .ja) == .en)
        #expect(chosen("ja;q=1.000, en;q=0.999") == .ja)
    }

    @Test func onATieTheLanguageNamedFirstWins() {
        #expect(chosen("ja, en") == .ja)
        #expect(chosen("en, ja", default: .ja) == .en)
    }

    @Test func qZeroRefusesALanguage() {
        #expect(chosen("ja;q=0", default: .ja) == .ja)  // nothing acceptable: the default decides
        #expect(chosen("ja;q=0, *") == .en)
        #expect(chosen("en;q=0, *") == .ja)
    }

    @Test func theWildcardCoversTheLanguagesNotNamedDefaultFirst() {
        #expect(chosen("*") == .en)
        #expect(chosen("*", default: .ja) == .ja)
        #expect(chosen("fr, *;q=0.5", default: .ja) == .ja)
        #expect(chosen("*;q=0.5, en;q=0.4") == .ja)
    }

    @Test func anAbsentHeaderOrOtherLanguagesLeaveItToTheDefault() {
        #expect(chosen(nil) == .en)
        #expect(chosen(nil, default: .ja) == .ja)
        #expect(chosen("", default: .ja) == .ja)
        #expect(chosen("fr, de;q=0.5", default: .ja) == .ja)
    }

    @Test(arguments: ["ja;q=2", "ja;q=0.1234", "ja;q=x", "ja;q=", "j@", "ja-", "-ja", "ja;level=1", ";;;", ",,,",
                      "ja;q=-1", "toolongtag-ja", "ja;q=1.5", "ja q=1"])
    func malformedItemsAreSkipped(_ header: String) {
        #expect(chosen(header) == .en)
    }

    @Test func aMalformedItemDoesNotHideTheOthers() {
        #expect(chosen("ja;q=abc, ja-JP;q=0.5") == .ja)
    }

    @Test func theMemoAnswersAsNegotiationDoesAndStaysBounded() {
        let memo = LanguageMemo(default: .ja, capacity: 2)
        let headers: [String?] = [nil, "", "en", "ja;q=0.2, en-US;q=0.9", "fr", "en", "x;q=9", "en-GB,en;q=0.9"]
        // Twice round: the second answers come from the memo, or after it started afresh.
        for header in headers + headers {
            #expect(memo.language(for: header) == LanguageNegotiation.language(for: header, default: .ja))
        }
    }
}
