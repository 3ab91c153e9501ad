/// Which of a user's texts get `dir="auto"` (docs/HTML.md "Direction").
///
/// `dir="auto"` gives a text its own direction, from its first strong character, and isolates it from the text
/// around it, so that a title ending in Hebrew or Arabic does not pull the counts or the detail next to it into its
/// right-to-left run. A text with no right-to-left character and no explicit direction control resolves to
/// left-to-right either way on a left-to-right page (every UI language is), so it renders the same without the
/// attribute; and each element that carries it costs the browser a bidirectional pass over its line, which on a
/// page of 2,000 rows is part of every tap.
enum BidiIsolation {
    /// Whether `text` holds a character whose direction is right-to-left (Hebrew, Arabic, Syriac, Thaana, N'Ko and
    /// the other right-to-left scripts, their presentation forms, Arabic digits) or an explicit direction control
    /// (RLM, embeddings, overrides, isolates): then it needs `dir="auto"`.
    static func isNeeded(for text: String) -> Bool {
        !text.utf8.allSatisfy { $0 < 0x80 } && text.unicodeScalars.contains { scalar in
            let value = scalar.value
            return rightToLeftBlocks.contains { $0.contains(value) }
        }
    }

    /// Blocks of right-to-left characters and of direction controls, by scalar value.
    private static let rightToLeftBlocks: [ClosedRange<UInt32>] = [
        0x0590...0x08FF,  // Hebrew, Arabic, Syriac, Arabic Supplement, Thaana, N'Ko, Samaritan, Mandaic, Arabic Extended
        0x200F...0x200F,  // RIGHT-TO-LEFT MARK
        0x202A...0x202E,  // embeddings and overrides
        0x2066...0x2069,  // isolates
        0xFB1D...0xFDFF,  // Hebrew and Arabic presentation forms A
        0xFE70...0xFEFF,  // Arabic presentation forms B
        0x10800...0x10FFF,  // right-to-left scripts of the first supplementary plane (Phoenician to Elymaic)
        0x1E800...0x1EFFF,  // Mende Kikakui, Adlam, Indic Siyaq, Arabic mathematical symbols
    ]
}
