/// The rules for ids and user text shared by definitions and state files.
enum TextRules {
    static let maximumIDLength = 64

    /// Why `id` does not match `[a-z0-9][a-z0-9-]{0,63}`, or `nil`.
    static func idProblem(_ id: String) -> String? {
        let bytes = Array(id.utf8)
        let valid = !bytes.isEmpty && bytes.count <= maximumIDLength && bytes.first != UInt8(ascii: "-")
            && bytes.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            }
        guard !valid else { return nil }
        return "invalid id \(quoted(id)): use 1 to \(maximumIDLength) characters a-z, 0-9 and \"-\","
            + " starting with a letter or digit"
    }

    /// Why `tag` is not a well-formed BCP 47 language tag, or `nil`. Checked: a primary language of 2 or 3 letters
    /// (`ja`, `en`, `haw`), then subtags of 1 to 8 letters or digits (`ja-JP`, `zh-Hant-TW`, `en-GB-oxendict`),
    /// a one-character subtag (an extension such as `-u-`) followed by another; at most 35 characters. Whether a
    /// subtag is registered is not checked: a browser reads an unknown one as the language before it.
    static func languageTagProblem(_ tag: String) -> String? {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        let isAlphanumeric: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber) }
        let valid = tag.utf8.count <= 35
            && subtags[0].count >= 2 && subtags[0].count <= 3 && subtags[0].allSatisfy { $0.isASCII && $0.isLetter }
            && subtags.dropFirst().allSatisfy { !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isAlphanumeric) }
            && subtags.last?.count != 1
        guard !valid else { return nil }
        return "invalid language tag \(quoted(tag)): expected a BCP 47 tag such as \"ja\", \"en-GB\" or \"zh-Hant\""
    }

    /// Why `text` cannot be a title, detail or footer, or `nil`. Control characters and noncharacters cannot be
    /// carried by an HTML page; lone surrogates never get this far (the parser reports them).
    static func textProblem(_ text: String) -> String? {
        var isOnlyWhiteSpace = true
        var problem: String?
        for scalar in text.unicodeScalars {
            // ASCII answered by its code, without the Unicode property tables: a fifth of the load time of a file of
            // 100,000 rows went to those lookups.
            let value = scalar.value
            let isWhiteSpace = value < 0x80
                ? value == 0x20 || (0x09...0x0d).contains(value) : scalar.properties.isWhitespace
            isOnlyWhiteSpace = isOnlyWhiteSpace && isWhiteSpace
            guard problem == nil else { continue }
            if value < 0x80 ? value < 0x20 || value == 0x7f : scalar.properties.generalCategory == .control {
                problem = "control character \(JSONParser.scalarName(value)) is not allowed"
            } else if value >= 0x80, scalar.properties.isNoncharacterCodePoint {
                problem = "noncharacter \(JSONParser.scalarName(value)) is not allowed"
            }
        }
        if isOnlyWhiteSpace { return text.isEmpty ? "must not be empty" : "must not be only white space" }
        return problem
    }

    /// `value` quoted for a message, shortened so a huge value cannot flood the output.
    static func quoted(_ value: String) -> String {
        let limit = 40
        guard value.unicodeScalars.count > limit else { return JSONWriter.quoted(value) }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: value.unicodeScalars.prefix(limit))
        return JSONWriter.quoted(String(prefix)) + "…"
    }

    /// Levenshtein distance, to suggest the field a typo meant.
    static func editDistance(_ left: String, _ right: String) -> Int {
        let left = Array(left.unicodeScalars)
        let right = Array(right.unicodeScalars)
        guard !left.isEmpty, !right.isEmpty else { return max(left.count, right.count) }
        var previous = Array(0...right.count)
        for (i, leftScalar) in left.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: right.count)
            for (j, rightScalar) in right.enumerated() {
                let substitution = previous[j] + (leftScalar == rightScalar ? 0 : 1)
                current[j + 1] = min(substitution, previous[j + 1] + 1, current[j] + 1)
            }
            previous = current
        }
        return previous[right.count]
    }
}
