import Mustache

/// The link in place of a section's rows when they are on another page of the table (`RowWindowing.pageRows`,
/// docs/HTML.md `ElsewhereLink`): to the page that shows them, at the section's header.
struct ElsewhereLink: MustacheContext {
    /// The section's rows, which the link's text counts.
    let count: Int
    let href: String

    init(table: String, section: String, count: Int) {
        self.count = count
        href = "/tables/\(table)?section=\(section)&from=1#section_\(section)"
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.count: .int(count)
        case keys.href: .string(href)
        default: nil
        }
    }
}
