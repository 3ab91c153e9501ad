/// Text that any XML page can carry (SPEC §4: every error page is well-formed XML, whatever it echoes).
///
/// XML 1.0 forbids most C0 controls and the noncharacters U+FFFE and U+FFFF outright, and a strict parser refuses
/// a page that holds one even as a character reference; C1 controls and the other noncharacters are discouraged.
/// Each of them is replaced by U+FFFD, visibly, rather than dropped, so the reader sees that something was there.
public enum XMLSafeText {
    /// `text` with every scalar an XML page cannot (or should not) carry replaced by U+FFFD. Tab, line feed and
    /// carriage return stay when `keepingWhiteSpace`.
    public static func replacingUnsafe(_ text: String, keepingWhiteSpace: Bool = true) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0, keepingWhiteSpace: keepingWhiteSpace) }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            result.append(isUnsafe(scalar, keepingWhiteSpace: keepingWhiteSpace) ? "\u{FFFD}" : scalar)
        }
        return String(result)
    }

    /// Whether `scalar` is a control character (C0, DEL, C1) or a noncharacter.
    public static func isUnsafe(_ scalar: Unicode.Scalar, keepingWhiteSpace: Bool = true) -> Bool {
        let value = scalar.value
        if keepingWhiteSpace && (value == 0x09 || value == 0x0A || value == 0x0D) { return false }
        return value < 0x20 || (0x7F...0x9F).contains(value) || (0xFDD0...0xFDEF).contains(value)
            || value & 0xFFFE == 0xFFFE
    }

    /// At most `limit` Unicode scalars of `text`, cut by scalars — not by `Character`s, which a letter followed by
    /// thousands of combining marks would stretch without end — with its unsafe scalars (white space included)
    /// replaced, and `…` when something was cut.
    public static func echo(_ text: String, limit: Int = 40) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.prefix(limit))
        let safe = replacingUnsafe(String(scalars), keepingWhiteSpace: false)
        return text.unicodeScalars.count > limit ? safe + "…" : safe
    }
}
