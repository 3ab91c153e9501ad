import Foundation
import TableRendering

/// The query of a page that finds (`q`, SPEC §10 "Find"): as the reader typed it, bounded, and folded as the rows'
/// texts are (``TextFolding``).
struct FindQuery: Sendable, Hashable {
    /// The most characters a query may have (the search field's `maxlength`): a longer one is answered 400.
    static let maximumLength = 100
    /// The most UTF-8 bytes a query may have: 100 characters of one scalar each (at most 4 bytes) fit, while a
    /// character of thousands of combining marks, which counts as one, does not stretch the bound.
    static let maximumBytes = 400

    /// The query, control characters made spaces and surrounding white space trimmed.
    let text: String
    /// `text` folded.
    let folded: [UInt8]

    /// What a query's value asks for.
    enum Parsed: Sendable, Hashable {
        /// Only white space: the search is cleared.
        case blank
        /// A query longer than ``maximumLength`` characters or ``maximumBytes`` bytes.
        case tooLong
        case query(FindQuery)
    }

    /// `value`, a decoded `q`. Control characters count as spaces: a URL may carry them, the field cannot.
    static func parse(_ value: String) -> Parsed {
        let spaced = String(String.UnicodeScalarView(value.unicodeScalars.map {
            $0.properties.generalCategory == .control ? " " : $0
        }))
        let text = spaced.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .blank }
        guard text.utf8.count <= maximumBytes, text.count <= maximumLength else { return .tooLong }
        let folded = TextFolding.fold(text)
        // Folding can make white space of a compatibility character alone (U+309B, the spacing voiced mark).
        guard folded.contains(where: { $0 != 0x20 }) else { return .blank }
        return .query(FindQuery(text: text, folded: folded))
    }

    /// `q=` and the query, percent-encoded (``FindResults/urlQuery(_:)``): for a `Location` or a link.
    var urlQuery: String {
        FindResults.urlQuery(text)
    }
}
