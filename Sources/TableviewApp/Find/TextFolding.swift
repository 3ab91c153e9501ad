import Foundation

/// Text as find compares it (SPEC §10, "Find"): Unicode NFKC, case folded, then NFKC again (NFKC_Casefold's order),
/// as UTF-8. So "ｓｅｎｔｏ", "SENTO" and "sento" fold alike, as do half- and full-width katakana ("ｶﾞ" and "ガ").
///
/// Both sides are folded, so a match is a run of bytes in folded texts; ``marks(of:in:)`` maps it back to whole
/// characters of the original, whose folded lengths can differ from their own ("㍻" folds to "平成", "ﬁ" to "fi").
enum TextFolding {
    /// The folded UTF-8 of `text`. Text of ASCII, kana and common CJK ideographs only — which these foldings leave
    /// as they are, but for ASCII's capitals — is folded without Foundation: a 100,000-row table loads in a moment.
    static func fold(_ text: some StringProtocol) -> [UInt8] {
        if text.unicodeScalars.allSatisfy(isStable) {
            return text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
        }
        let string = String(text)
        return Array(string.precomposedStringWithCompatibilityMapping
            .folding(options: .caseInsensitive, locale: nil)
            .precomposedStringWithCompatibilityMapping.utf8)
    }

    /// Whether NFKC and case folding leave `scalar` as it is (ASCII letters are lowered apart) and nothing before or
    /// after it composes with it: printable ASCII, hiragana and katakana without the sound marks and the
    /// compatibility forms (ゟ, ヿ), and the CJK Unified Ideographs.
    private static func isStable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0x3041...0x3096, 0x30A1...0x30FA, 0x30FC...0x30FE, 0x4E00...0x9FFF: true
        default: false
        }
    }

    /// The ranges of `text` (UTF-8 offsets) that the folded `query` matches, each widened to whole characters,
    /// in order, overlapping ones joined. Folds `text` character by character, keeping for each folded byte the
    /// character it came from: a match is mapped through that, never by its length. Empty when no match maps
    /// (folding a character alone differs from folding it in context only in contrived text).
    static func marks(of query: [UInt8], in text: String) -> [Range<Int>] {
        guard !query.isEmpty else { return [] }
        var folded: [UInt8] = []
        var origins: [Range<Int>] = []
        var offset = 0
        for character in text {
            let length = character.utf8.count
            let bytes = fold(String(character))
            folded.append(contentsOf: bytes)
            origins.append(contentsOf: repeatElement(offset..<offset + length, count: bytes.count))
            offset += length
        }
        var marks: [Range<Int>] = []
        var start = 0
        while let hit = firstRange(of: query, in: folded, from: start) {
            let range = origins[hit.lowerBound].lowerBound..<origins[hit.upperBound - 1].upperBound
            if let last = marks.last, last.upperBound >= range.lowerBound {
                marks[marks.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                marks.append(range)
            }
            start = hit.upperBound
        }
        return marks
    }

    /// The first occurrence of `needle` in `haystack` at or after `start`: `memchr` finds each candidate for the
    /// needle's first byte, `memcmp` checks the rest.
    static func firstRange(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Range<Int>? {
        guard let first = needle.first, haystack.count - start >= needle.count else { return nil }
        return haystack.withUnsafeBytes { hay in
            needle.withUnsafeBytes { pin in
                let base = hay.baseAddress!
                var position = start
                let last = hay.count - pin.count
                while position <= last {
                    guard let found = memchr(base + position, Int32(first), last - position + 1) else { return nil }
                    let offset = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(found, pin.baseAddress!, pin.count) == 0 { return offset..<offset + pin.count }
                    position = offset + 1
                }
                return nil
            }
        }
    }
}
