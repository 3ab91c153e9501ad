import Mustache
import TableModel

/// The search field of a table page, and on a page that finds, what it found (docs/HTML.md, `FindBar`; SPEC §10,
/// "Find").
struct FindBar: MustacheContext {
    /// The search field's value: the query on a page that finds, else empty.
    let query: MustacheText
    /// "12 of 2,000 rows" (「2,000件中12件」), on a page that found rows.
    let count: MustacheText?
    /// "Showing the first 200 …", when more rows match than a page shows.
    let capped: MustacheText?
    /// "No rows match “q”.", on a page that found none.
    let none: MustacheText?
    /// The whole table, at the control the last action landed on.
    let clearHref: MustacheText

    /// The bar of a page showing `results` (nil: the whole table); `fragment` names the element the last action
    /// landed on, where "Show all rows" returns.
    init(_ results: FindResults?, table: String, fragment: String?, catalogue: StringCatalogue) {
        query = MustacheText(results?.query ?? "")
        let filter = results?.filter
        let found = filter.map { $0.matchCount > 0 } ?? false
        count = found ? filter.map { MustacheText(catalogue.findCount($0.matchCount, of: $0.rowCount)) } : nil
        capped = filter.flatMap { $0.isCapped ? MustacheText(catalogue.findCapped($0.shown.count)) : nil }
        none = results.flatMap { found ? nil : MustacheText(catalogue.findNone($0.query)) }
        clearHref = MustacheText("/tables/\(table)" + (fragment.map { "#" + $0 } ?? ""))
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.query: .text(query)
        case keys.count: count.map { .text($0) } ?? .null
        case keys.capped: capped.map { .text($0) } ?? .null
        case keys.none: none.map { .text($0) } ?? .null
        case keys.results: .bool(count != nil)
        case keys.clearHref: .text(clearHref)
        default: nil
        }
    }
}

/// The section index of a table of many sections (docs/HTML.md, `SectionIndex`): a link to each section's header.
struct SectionIndex: MustacheContext {
    struct Link: MustacheContext {
        let texts: SectionTexts

        func mustacheValue(for key: MustacheKey) -> MustacheValue? {
            let keys = Vocabulary.shared
            return switch key {
            case keys.id: .borrowing(texts.id)
            case keys.title: .borrowing(texts.title)
            case keys.indexTitle: .borrowing(texts.indexTitle)
            default: nil
            }
        }
    }

    let links: [Link]

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        key == Vocabulary.shared.links ? .list(links) : nil
    }
}
