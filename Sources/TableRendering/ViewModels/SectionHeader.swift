import Mustache

/// The top of a section — its `<section>` tag and header (docs/HTML.md, `SectionHeader`) — in one of the looks a
/// page can give it, prepared at start-up as a constant: recorded once, then replayed with what changes per page
/// spliced in, the counts from its `Section` and the page's `csrf`. It answers `tableID` itself (see ``Toolbar``).
struct SectionHeader: MustacheContext, Sendable {
    /// What the header's markup depends on besides the section's texts and the counts.
    struct Look: Hashable, Sendable {
        /// A collapsible section collapsed now (arrow ▼, the button asks to expand).
        var isCollapsed: Bool
        /// Expanded by the action that led here: CSS animates its rows in.
        var isJustExpanded: Bool

        /// Every look, in the order of `index`.
        static let all = [false, true].flatMap { collapsed in
            [false, true].map { Look(isCollapsed: collapsed, isJustExpanded: $0) }
        }

        /// Its place in `all`.
        var index: Int {
            (isCollapsed ? 2 : 0) + (isJustExpanded ? 1 : 0)
        }
    }

    let vocabulary = Vocabulary.shared
    let tableID: MustacheText
    let id: MustacheText
    let title: MustacheText
    /// Whether the title gets `dir="auto"` (``BidiIsolation``).
    let isolatesTitle: Bool
    let isCollapsible: Bool
    /// Whether the counts include the selected rows (`selectedCount`).
    let selects: Bool
    let look: Look

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        // A constant's names are looked up while it is recorded, not on replays: a plain comparison will do.
        let keys = vocabulary
        return switch key {
        case keys.tableID: .borrowing(tableID)
        case keys.id: .borrowing(id)
        case keys.title: .borrowing(title)
        case keys.isolateTitle: .bool(isolatesTitle)
        case keys.collapsible: .bool(isCollapsible)
        case keys.collapsed: .bool(look.isCollapsed)
        case keys.ariaExpanded: keys.word(!look.isCollapsed)
        case keys.expandValue: keys.word(look.isCollapsed)
        case keys.justExpanded: .bool(look.isJustExpanded)
        case keys.selects: .bool(selects)
        default: nil
        }
    }
}
