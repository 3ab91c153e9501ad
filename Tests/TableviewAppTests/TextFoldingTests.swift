@testable import TableviewApp
import Testing

/// SPEC §10 "Find": what matches what. Both sides are folded (NFKC, case folding); a match is marked on whole
/// characters of the original text, whatever their folded length.
@Suite struct TextFoldingTests {
    private func folded(_ text: String) -> String {
        String(decoding: TextFolding.fold(text), as: UTF8.self)
    }

    /// The UTF-8 ranges `query` marks in `text`, as the substrings they cover.
    private func marked(_ query: String, in text: String) -> [String] {
        let bytes = Array(text.utf8)
        return TextFolding.marks(of: TextFolding.fold(query), in: text).map {
            String(decoding: bytes[$0], as: UTF8.self)
        }
    }

    @Test func caseAndWidthFoldAlike() {
        #expect(folded("ｓｅｎｔｏ") == "sento")
        #expect(folded("SENTO") == "sento")
        #expect(folded("Sento") == "sento")
        #expect(folded("ｶﾞ") == folded("ガ"))
        #expect(folded("ｻｳﾅ") == "サウナ")
        #expect(folded("Straße") == folded("STRASSE"))
    }

    @Test func compatibilityCharactersFoldToWhatTheyStandFor() {
        #expect(folded("㍻") == "平成")
        #expect(folded("ﬁle") == "file")
        #expect(folded("①") == "1")
    }

    @Test func textThatNeedsNoFoldingIsKeptAsItIs() {
        #expect(folded("銭湯めぐり サウナ") == "銭湯めぐり サウナ")
        #expect(folded("row 12") == "row 12")
    }

    @Test func aMatchIsMarkedOnWholeCharactersOfTheOriginal() {
        #expect(marked("sento", in: "My ＳＥＮＴＯ list") == ["ＳＥＮＴＯ"])
        #expect(marked("ガ", in: "ｶﾞｽ") == ["ｶﾞ"])
        // "平" is half of what "㍻" folds to: the whole character is marked.
        #expect(marked("平", in: "㍻元年") == ["㍻"])
        #expect(marked("fi", in: "a ﬁne day") == ["ﬁ"])
        #expect(marked("ne", in: "a ﬁne day") == ["ne"])
        // After a character whose folded form is longer, later matches still land on their characters.
        #expect(marked("day", in: "㍻ ﬁne day") == ["day"])
    }

    @Test func everyOccurrenceIsMarkedAndOverlapsJoin() {
        #expect(marked("a", in: "banana") == ["a", "a", "a"])
        #expect(marked("aa", in: "aaaa") == ["aaaa"])
    }

    @Test func aCombiningMarkStaysWithItsLetter() {
        // "e" + U+0301 is one character, which composes to "é": "é" finds it and marks it whole; "e" does not
        // find it (accents count).
        #expect(marked("é", in: "cafe\u{301}") == ["e\u{301}"])
        #expect(marked("e", in: "cafe\u{301}").isEmpty)
    }

    @Test func aQueryIsTrimmedBoundedAndSpacesItsControlCharacters() {
        guard case .query(let query) = FindQuery.parse("  Sento\t ") else { Issue.record("no query"); return }
        #expect(query.text == "Sento")
        #expect(FindQuery.parse(" \u{3000} ") == .blank)
        #expect(FindQuery.parse("") == .blank)
        #expect(FindQuery.parse(String(repeating: "湯", count: FindQuery.maximumLength)) != .tooLong)
        #expect(FindQuery.parse(String(repeating: "湯", count: FindQuery.maximumLength + 1)) == .tooLong)
        // One character of 5,000 combining marks (10 KB) passes the count of characters, not the count of bytes.
        #expect(FindQuery.parse("a" + String(repeating: "\u{301}", count: 5_000)) == .tooLong)
        #expect(FindQuery.parse(String(repeating: "𩸽", count: FindQuery.maximumLength)) != .tooLong, "100 × 4 bytes")
        guard case .query(let spaced) = FindQuery.parse("a\u{0}b") else { Issue.record("no query"); return }
        #expect(spaced.text == "a b")
    }

    @Test func aQueryIsPercentEncodedInURLs() {
        guard case .query(let query) = FindQuery.parse("<script>&\"湯 a#") else { Issue.record("no query"); return }
        #expect(query.urlQuery == "q=%3Cscript%3E%26%22%E6%B9%AF%20a%23")
    }
}
