import Mustache
import TableModel

/// The window of a long section a page shows, and the links to its other windows (docs/HTML.md, `WindowNavigation`):
/// the line above the rows (`window-range`) and the links below them (`window-nav`).
///
/// The links are grouped as the position picker groups places (``MovePlaces/groups(of:maximum:)``): at most
/// ``groupSize`` windows or groups of windows at each level, the group holding the shown window opened down to its
/// windows, so the navigation stays a few dozen links however long the section (100,000 rows in windows of 200: 10
/// groups of 50 windows, then that group's 50 windows).
struct WindowNavigation: MustacheContext {
    static let groupSize = 50

    /// The shown window's first and last rows (from 1) and the section's rows.
    let first: Int
    let last: Int
    let count: Int
    /// The section's title, for the links' label.
    let section: MustacheText
    let previous: PlaceGroup?
    let next: PlaceGroup?
    let links: [PlaceGroup]

    /// The navigation of `window` of section `sectionID` of table `table`, whose title is `title`.
    init(_ window: RowWindow, table: String, section sectionID: String, title: MustacheText) {
        first = window.rows.lowerBound + 1
        last = window.rows.upperBound
        count = window.count
        self.section = title
        func link(_ windows: ClosedRange<Int>) -> PlaceGroup {
            let rows = window.rows(ofWindow: windows.lowerBound).lowerBound..<window.rows(ofWindow: windows.upperBound)
                .upperBound
            return PlaceGroup(first: rows.lowerBound + 1, last: rows.upperBound,
                              href: Self.url(table: table, section: sectionID, first: rows.lowerBound + 1),
                              current: windows == window.index...window.index)
        }
        previous = window.index > 0 ? link(window.index - 1...window.index - 1) : nil
        next = window.index + 1 < window.windowCount ? link(window.index + 1...window.index + 1) : nil
        links = Self.groups(0...window.windowCount - 1, opening: window.index).map(link)
    }

    /// The page of the table with `section`'s window holding row `first` (from 1), at that window's line.
    static func url(table: String, section: String, first: Int) -> String {
        "/tables/\(table)?section=\(section)&from=\(first)#section_\(section)_window"
    }

    /// The windows `range` as links: each window when there are at most ``groupSize``, else groups of them, the one
    /// holding `current` opened in place.
    private static func groups(_ range: ClosedRange<Int>, opening current: Int) -> [ClosedRange<Int>] {
        guard range.count > groupSize else { return range.map { $0...$0 } }
        return MovePlaces.groups(of: range, maximum: groupSize).flatMap { part in
            part.contains(current) ? groups(part, opening: current) : [part]
        }
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.first: .int(first)
        case keys.last: .int(last)
        case keys.count: .int(count)
        case keys.section: .text(section)
        case keys.previous: previous.map { .context($0) } ?? .null
        case keys.next: next.map { .context($0) } ?? .null
        case keys.windows: .list(links)
        default: nil
        }
    }
}
