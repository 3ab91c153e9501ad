import Synchronization
import TableRendering

/// Chooses a request's UI language from its `Accept-Language` (RFC 9110 §12.5.4), falling back to the server's
/// `--language`.
///
/// - Each item is a language range with an optional weight, `ja-JP;q=0.8`. A range means the language of its
///   primary subtag (`ja`, `ja-JP` and `JA` are Japanese; `en-GB` is English); `*` means any language the
///   header does not name. An item that does not parse (a bad range, a `q` that is not a number from 0 to 1 with
///   at most three decimals) is skipped, so a header of only such items leaves the choice to the default.
/// - A language's weight is the highest of the items naming it; `q=0` refuses it.
/// - The highest weight wins; on a tie, the language named first (a language only `*` covers: the default).
/// - When no language the UI speaks has a weight above 0, the default decides.
enum LanguageNegotiation {
    /// The language for a request whose `Accept-Language` is `header` (`nil`: absent).
    static func language(for header: String?, default fallback: UILanguage) -> UILanguage {
        guard let header, !header.isEmpty else { return fallback }
        var weights: [UILanguage: (weight: Int, order: Int)] = [:]
        var wildcard: Int?
        for (order, item) in header.split(separator: ",").enumerated() {
            guard let (range, weight) = parse(item) else { continue }
            if range == "*" {
                wildcard = max(wildcard ?? 0, weight)
                continue
            }
            let primary = range.split(separator: "-").first.map { $0.lowercased() } ?? ""
            guard let language = UILanguage(rawValue: primary) else { continue }
            let known = weights[language]
            weights[language] = (max(known?.weight ?? 0, weight), known?.order ?? order)
        }
        // Languages only the wildcard covers rank after every named one of the same weight, the default first.
        let unnamed = Int.max - 1
        var candidates: [(language: UILanguage, weight: Int, order: Int)] = []
        for language in UILanguage.allCases {
            if let named = weights[language] {
                candidates.append((language, named.weight, named.order))
            } else if let wildcard {
                candidates.append((language, wildcard, language == fallback ? unnamed : unnamed + 1))
            }
        }
        let best = candidates.filter { $0.weight > 0 }.min { left, right in
            left.weight != right.weight ? left.weight > right.weight : left.order < right.order
        }
        return best?.language ?? fallback
    }

    /// An item's range and its weight in thousandths (`q=0.8` is 800; no `q` is 1000), or `nil` when malformed.
    static func parse(_ item: Substring) -> (range: Substring, weight: Int)? {
        let parts = item.split(separator: ";", omittingEmptySubsequences: false).map(trimmed)
        let range = parts[0]
        guard range == "*" || isLanguageRange(range) else { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2, trimmed(pair[0]).lowercased() == "q" else { return nil }
            guard let q = quality(trimmed(pair[1])) else { return nil }
            weight = q
        }
        return (range, weight)
    }

    /// `1*8ALPHA *("-" 1*8alphanum)`.
    private static func isLanguageRange(_ range: Substring) -> Bool {
        let subtags = range.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.count),
            first.allSatisfy({ $0.isASCII && $0.isLetter })
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }

    /// RFC 9110's `qvalue`: `0[.ddd]` or `1[.000]`, in thousandths.
    private static func quality(_ text: Substring) -> Int? {
        let pieces = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = pieces.first, whole == "0" || whole == "1" else { return nil }
        let fraction = pieces.count == 2 ? pieces[1] : ""
        guard fraction.count <= 3, fraction.allSatisfy({ $0.isASCII && $0.isWholeNumber }) else { return nil }
        var thousandths = 0
        for digit in (fraction + String(repeating: "0", count: 3 - fraction.count)).utf8 {
            thousandths = thousandths * 10 + Int(digit - UInt8(ascii: "0"))
        }
        let value = (whole == "1" ? 1000 : 0) + thousandths
        return value <= 1000 ? value : nil
    }

    private static func trimmed(_ text: Substring) -> Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return text[first...last]
    }
}

/// ``LanguageNegotiation`` remembered per `Accept-Language` value: a browser sends the same value with every
/// request, and visitors' browsers send few different ones, so most requests cost a lookup instead of a parse.
///
/// Bounded: the values are the clients' to choose, so when `capacity` are remembered it starts afresh.
final class LanguageMemo: Sendable {
    private let fallback: UILanguage
    private let capacity: Int
    private let languages = Mutex<[String: UILanguage]>([:])

    init(default fallback: UILanguage, capacity: Int = 256) {
        self.fallback = fallback
        self.capacity = capacity
    }

    /// ``LanguageNegotiation/language(for:default:)`` of `header` with this memo's default.
    func language(for header: String?) -> UILanguage {
        guard let header, !header.isEmpty else { return fallback }
        if let known = languages.withLock({ $0[header] }) { return known }
        let language = LanguageNegotiation.language(for: header, default: fallback)
        languages.withLock { languages in
            if languages.count >= capacity { languages.removeAll() }
            languages[header] = language
        }
        return language
    }
}
