import Mustache
import TableModel

/// Which of a row's places a picker page lists (docs/DESIGN.md "The position picker"). Indices are 0-based, as the
/// move form posts them; the page shows positions from 1.
public enum PickerScope: Sendable, Hashable {
    /// The row's whole run: its places, or links to groups of them when there are more than a page holds.
    case all
    /// The places from `first` through `last` (a group link's page), clamped to the run.
    case range(first: Int, last: Int)
    /// The group of `PickerPage.pageSize` places holding `index` (the "Position" field's answer), clamped to the run.
    case around(Int)
}

/// The position picker of one row (docs/HTML.md, `PickerPage`), from the model's `MovePlaces`.
struct PickerPage: MustacheContext {
    /// The most places or group links one page lists.
    static let pageSize = 50

    let texts: TableTexts
    let rowTexts: RowTexts
    let section: MustacheText
    let csrf: MustacheText
    let textLanguage: MustacheText?
    let backURL: String
    /// 1-based; 0 when the row is deleted.
    let position: Int
    let count: Int
    /// The run's first and last positions (1-based); 0 when the row cannot move.
    let first: Int
    let last: Int
    let runIsLimited: Bool
    let reason: String?
    let from: Int
    let jump: Bool
    let allPlacesURL: String?
    let groups: [PlaceGroup]
    let places: [Place]
    /// The ends of the row's run (0-based) when the row is not there: "Move X to top" / "to bottom".
    let topIndex: Int?
    let bottomIndex: Int?
    /// The query of the page of results the picker was opened from: its forms carry it back (field `q`) and its
    /// links keep it, so a move made here returns to those results.
    let findQuery: String?

    init(
        _ moves: MovePlaces, scope: PickerScope, texts: TableTexts, csrf: MustacheText, backURL: String,
        findQuery: String? = nil, catalogue: StringCatalogue
    ) {
        self.texts = texts
        let sectionTexts = texts.sections[moves.section.index]
        rowTexts = sectionTexts.rows[moves.row.indexInSection]
        section = sectionTexts.title
        self.csrf = csrf
        textLanguage = texts.textLanguages[catalogue.language.index]
        self.backURL = backURL
        self.findQuery = findQuery
        position = moves.index.map { $0 + 1 } ?? 0
        count = moves.rowCount
        from = moves.index ?? 0
        reason = Self.reason(moves, catalogue: catalogue)
        guard let run = moves.run, moves.hasPlaces else {
            (first, last, runIsLimited, jump, allPlacesURL) = (0, 0, false, false, nil)
            (groups, places, topIndex, bottomIndex) = ([], [], nil, nil)
            return
        }
        topIndex = moves.index == run.lowerBound ? nil : run.lowerBound
        bottomIndex = moves.index == run.upperBound ? nil : run.upperBound
        first = run.lowerBound + 1
        last = run.upperBound + 1
        runIsLimited = run.count < moves.rowCount
        jump = run.count > Self.pageSize
        let shown = Self.shownRange(of: scope, in: run)
        let pageURL = "/tables/\(texts.definition.id)/rows/\(moves.row.id)/position"
        let search = findQuery.map(FindResults.urlQuery)
        allPlacesURL = shown == run ? nil : pageURL + (search.map { "?" + $0 } ?? "")
        let parts = MovePlaces.groups(of: shown, maximum: Self.pageSize)
        if parts.count > 1 {
            groups = parts.map { part in
                PlaceGroup(first: part.lowerBound + 1, last: part.upperBound + 1,
                           href: "\(pageURL)?first=\(part.lowerBound + 1)&last=\(part.upperBound + 1)"
                               + (search.map { "&" + $0 } ?? ""),
                           current: moves.index.map(part.contains) ?? false)
            }
            places = []
        } else {
            groups = []
            places = shown.map { index in
                if index == moves.index { return Place(index: index, current: true, neighbour: nil, before: false) }
                if let next = moves.rowBefore(place: index) {
                    return Place(index: index, current: false, neighbour: Self.title(of: next, in: sectionTexts),
                                 before: true)
                }
                let previous = moves.rowAfter(place: index)
                return Place(index: index, current: false,
                             neighbour: previous.map { Self.title(of: $0, in: sectionTexts) }, before: false)
            }
        }
    }

    /// The places a scope names, within the run; a scope outside it shows the whole run.
    static func shownRange(of scope: PickerScope, in run: ClosedRange<Int>) -> ClosedRange<Int> {
        switch scope {
        case .all:
            return run
        case .range(let first, let last):
            guard first <= last, first <= run.upperBound, last >= run.lowerBound else { return run }
            return max(first, run.lowerBound)...min(last, run.upperBound)
        case .around(let index):
            let index = min(max(index, run.lowerBound), run.upperBound)
            let start = run.lowerBound + (index - run.lowerBound) / pageSize * pageSize
            return start...min(start + pageSize - 1, run.upperBound)
        }
    }

    private static func title(of row: RowDefinition, in texts: SectionTexts) -> MustacheText {
        texts.rows[row.indexInSection].title
    }

    /// Why the row has no place to go, in the page's language; `nil` when it has some.
    private static func reason(_ moves: MovePlaces, catalogue: StringCatalogue) -> String? {
        let row = moves.row.title
        switch moves.reach {
        case .notInReorderingMode: return catalogue.text(.notInReorderingMode)
        case .rowNotMovable: return catalogue.text(.rowNotMovable, ["row": row])
        case .rowIsDeleted: return catalogue.text(.rowIsDeleted, ["row": row])
        case .run: return moves.hasPlaces ? nil : catalogue.text(.pickerNowhere, ["row": row])
        }
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        return switch key {
        case keys.title: .text(rowTexts.title)
        case keys.tableID: .text(texts.tableID)
        case keys.rowID: .text(rowTexts.id)
        case keys.csrf: .text(csrf)
        case keys.textLanguage: textLanguage.map { .text($0) } ?? .null
        case keys.backURL: .string(backURL)
        case keys.section: .text(section)
        case keys.position: .int(position)
        case keys.hasPosition: .bool(position > 0)
        case keys.count: .int(count)
        case keys.first: .int(first)
        case keys.last: .int(last)
        case keys.hasRun: .bool(first > 0)
        case keys.runIsLimited: .bool(runIsLimited)
        case keys.reason: .string(reason)
        case keys.from: .int(from)
        case keys.jump: .bool(jump)
        case keys.allPlacesURL: .string(allPlacesURL)
        case keys.hasGroups: .bool(!groups.isEmpty)
        case keys.groups: .list(groups)
        case keys.hasPlaces: .bool(!places.isEmpty)
        case keys.places: .list(places)
        case keys.toTop: .bool(topIndex != nil)
        case keys.topIndex: topIndex.map { .int($0) } ?? .null
        case keys.toBottom: .bool(bottomIndex != nil)
        case keys.bottomIndex: bottomIndex.map { .int($0) } ?? .null
        case keys.findQuery: .string(findQuery)
        default: nil
        }
    }
}

/// A link to a group of positions from `first` to `last` (from 1): the picker page of a group of places, or a window
/// of a long section (or a group of windows) on the table page.
struct PlaceGroup: MustacheContext {
    let first: Int
    let last: Int
    let href: String
    /// The row is in this group now; the window is the one shown.
    let current: Bool

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.first: .int(first)
        case keys.last: .int(last)
        case keys.href: .string(href)
        case keys.current: .bool(current)
        default: nil
        }
    }
}

/// One place of the picker: a button moving the row there, or the row's own place.
struct Place: MustacheContext {
    /// 0-based: the `index` the form posts.
    let index: Int
    /// The row's own place: text, not a button.
    let current: Bool
    /// The row the moved row would rest before (`before`) or after.
    let neighbour: MustacheText?
    let before: Bool

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.index: .int(index)
        case keys.position: .int(index + 1)
        case keys.current: .bool(current)
        case keys.neighbour: neighbour.map { .text($0) } ?? .string("")
        case keys.before: .bool(before)
        default: nil
        }
    }
}
