import Mustache
import TableModel

/// What a page that finds shows besides its rows (SPEC §10, "Find"): the query as typed, the rows the model's
/// filter shows, and where each shown row's texts matched.
public struct FindResults: Sendable {
    /// The query, trimmed, as the reader typed it: the search field's value and the count's quote.
    public let query: String
    /// The rows shown and the counts.
    public let filter: RowFilter
    /// Where the shown rows' texts matched, by index in the definition's `rows`.
    public let marks: [Int: RowMarks]

    public init(query: String, filter: RowFilter, marks: [Int: RowMarks]) {
        self.query = query
        self.filter = filter
        self.marks = marks
    }

    /// `q=` and `query`, percent-encoded but for the URL's unreserved characters: the query of a URL that shows
    /// these results (a redirect's `Location`, a link).
    public static func urlQuery(_ query: String) -> String {
        var encoded = "q="
        for byte in query.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return encoded
    }
}

/// The matched ranges of one row's title and detail: UTF-8 offsets into each text, whole characters, in order and
/// apart.
public struct RowMarks: Sendable, Hashable {
    public let title: [Range<Int>]
    public let detail: [Range<Int>]

    public init(title: [Range<Int>], detail: [Range<Int>]) {
        self.title = title
        self.detail = detail
    }

    /// `text` escaped, each of `ranges` inside `<mark>`: markup that is safe as it is.
    static func marked(_ text: String, _ ranges: [Range<Int>]) -> MustacheText {
        let bytes = Array(text.utf8)
        var html: [UInt8] = []
        var start = 0
        for range in ranges where range.lowerBound >= start && range.upperBound <= bytes.count {
            HTMLEscape.append(Array(bytes[start..<range.lowerBound]), to: &html)
            html.append(contentsOf: "<mark>".utf8)
            HTMLEscape.append(Array(bytes[range]), to: &html)
            html.append(contentsOf: "</mark>".utf8)
            start = range.upperBound
        }
        HTMLEscape.append(Array(bytes[start...]), to: &html)
        return MustacheText(trustedHTML: String(decoding: html, as: UTF8.self))
    }
}

extension RowTexts {
    /// The row's texts with its matches marked.
    convenience init(_ row: RowDefinition, tableID: MustacheText, marks: RowMarks) {
        self.init(row, tableID: tableID, title: MustacheText(row.title),
                  shownTitle: RowMarks.marked(row.title, marks.title),
                  detail: row.detail.map { RowMarks.marked($0, marks.detail) })
    }
}
