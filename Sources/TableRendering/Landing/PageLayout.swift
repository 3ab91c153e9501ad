import TableModel

/// The vertical layout of a table page as `Public/style.css` fixes it, so the server can tell where an element
/// is relative to another without seeing the browser.
///
/// Everything above the sections and everything inside a section has a height the stylesheet fixes for text of one
/// line — a row's first line (taller with a detail), its line of move controls, a header, the Undo placeholder —
/// and text wraps as in an iOS cell. So the distance between two elements is exact when every text between them
/// surely fits its line at the narrowest window planned for (``fitsOneLine(_:width:font:)``) and no footer (free
/// text) lies between them; otherwise it is unknown, and the distance from the document's top is a lower bound.
/// Lengths are in units of 0.25rem (4 CSS px at the default font size); `StylesheetGeometryTests` checks the
/// stylesheet says the same.
public struct PageLayout: Sendable {
    /// One layout unit in CSS: 0.25rem.
    public static let unitPixels = 4
    /// `--row-height`: a row's first line with a title only, the Undo placeholder, the empty note (2.75rem, 44 px).
    public static let rowHeight = 11
    /// `--detail-row-height`: a row's first line with a title and a detail (3.5rem).
    public static let detailRowHeight = 14
    /// `--move-line`: the line of move controls under a movable row's text in All and Reorder only (2.75rem).
    public static let moveLineHeight = 11
    /// `--header-height`: a section's header, its title over its counts (3.25rem).
    public static let headerHeight = 13
    /// `--section-gap`: the space above each section (1.75rem).
    public static let sectionGap = 7
    /// `--page-top`: the page header's top padding (0.5rem).
    public static let pageTop = 2
    /// `--back-height`: the "All tables" link's line (2.75rem).
    public static let backLinkHeight = 11
    /// `--title-block`: the `<h1>` with its margins (0.25rem + 2.75rem + 0.5rem), when the title is one line.
    public static let titleBlock = 14
    /// `--caption-height`: the edit-mode switch's caption, "Edit mode", above it (1.5rem).
    public static let captionHeight = 6
    /// `--toolbar-line`: one line of the toolbar (3rem: a segment of the edit-mode switch is 44 px inside it).
    public static let toolbarLine = 12
    /// `--toolbar-gap`: between the toolbar's lines (0.5rem).
    public static let toolbarGap = 2
    /// `--window-line`: the line above a window's rows that says which rows it shows (2.75rem). The links to the
    /// other windows below them wrap, so the layout counts them as it counts a footer.
    public static let windowLineHeight = 11

    /// `--find-line`: the search field's line, `toolbarGap` under the toolbar (3rem).
    public static let findLine = 12
    /// `--index-line`: the least height of the section index, `toolbarGap` under the search field (3rem): its links
    /// wrap, so it counts as a footer too.
    public static let indexLine = 12

    /// The width in CSS px a row's title and detail surely have at the narrowest window planned for (390 px): the
    /// list's 358 less the Delete column (48), the cell's padding (32) and a checkmark (28).
    static let rowTextWidth = 250
    /// The width a section's title surely has there: the list's less the header's padding and the arrow.
    static let headerTextWidth = 290

    /// The height of `target` in CSS px at the default font size, when its text is one line: a pointer tap is taken
    /// to be at its middle.
    public func pixelHeight(of target: LandingTarget) -> Int {
        switch target {
        case .rowControl(let row, let control):
            if control.isOnMoveLine { return Self.moveLineHeight * Self.unitPixels }
            return (presentation.row(row).map(Self.firstLineHeight(of:)) ?? Self.rowHeight) * Self.unitPixels
        case .row(let row):
            return (presentation.row(row).map { Self.height(of: $0).units } ?? Self.rowHeight) * Self.unitPixels
        case .undo: return (showsUndoPlaceholder ? Self.rowHeight : Self.toolbarLine) * Self.unitPixels
        case .header, .section: return Self.headerHeight * Self.unitPixels
        // A segment of the edit-mode switch sits inside the switch's 2 px padding.
        case .editMode: return Self.toolbarLine * Self.unitPixels - 4
        case .expandAll, .collapseAll, .reset, .undoReset: return Self.toolbarLine * Self.unitPixels
        }
    }

    /// A row's first line: its text, or text and detail.
    static func firstLineHeight(of row: RowPresentation) -> Int {
        row.row.detail == nil ? rowHeight : detailRowHeight
    }

    /// Whether the row shows a line of move controls under its text (All and Reorder only, a movable row).
    static func hasMoveLine(_ row: RowPresentation) -> Bool {
        row.moveUp != nil && row.moveDown != nil && row.moveRange != nil
    }

    /// A row's height, and whether it is exact: its texts surely fit their lines.
    static func height(of row: RowPresentation) -> (units: Int, exact: Bool) {
        let units = firstLineHeight(of: row) + (hasMoveLine(row) ? moveLineHeight : 0)
        let exact = fitsOneLine(row.row.title, width: rowTextWidth, font: 17)
            && row.row.detail.map { fitsOneLine($0, width: rowTextWidth, font: 15) } ?? true
        return (units, exact)
    }

    /// Whether `text` surely fits one line `width` CSS px wide in a font of `font` px: each character is counted
    /// at least as wide as the stylesheet's fonts draw it — ASCII at 0.7 em (m, w and @ at 1 em), other
    /// characters (CJK, accented Latin) at 1 em, symbols beyond the Basic Multilingual Plane (emoji) at 1.25 em.
    public static func fitsOneLine(_ text: String, width: Int, font: Int) -> Bool {
        // Each UTF-8 byte counts at least as wide as its character's share: 1 em for an ASCII byte, 2 to 4 em for
        // the 1 to 1.25 em of a longer character. A text whose bytes fit surely fits, without reading it.
        if text.utf8.count * font <= width { return true }
        var hundredths = 0
        let limit = width * 100
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x6D, 0x77, 0x4D, 0x57, 0x40: hundredths += 100 * font
            case ..<0x80: hundredths += 70 * font
            case ..<0x10000: hundredths += 100 * font
            default: hundredths += 125 * font
            }
            if hundredths > limit { return false }
        }
        return true
    }

    /// The smallest window height the landing is planned for (SPEC §2 names 390×700 and 1280×800), in CSS px.
    public static let assumedWindowHeight = 700

    /// A position in the document: `units` from its top, not counting what `footersAbove` elements above it add —
    /// footers, and texts that may wrap (the page title, a header, a row) — whose heights the server cannot know. Two positions with the same `footersAbove` are
    /// an exact distance apart; `units` alone is a lower bound of the true position.
    public struct Position: Sendable, Hashable {
        public var units: Int
        public var footersAbove: Int

        /// The exact distance from `other` down to this position, when no footer lies between them.
        public func distance(from other: Position) -> Int? {
            footersAbove == other.footersAbove ? units - other.units : nil
        }
    }

    let presentation: TablePresentation
    private let showsIndexLink: Bool

    private let showsUndoPlaceholder: Bool

    /// The layout of `presentation`'s page. `showsUndoPlaceholder`: the page is the one right after the most recent
    /// deletion, with Undo where the row was (later pages offer it in the toolbar's line of actions).
    public init(_ presentation: TablePresentation, showsIndexLink: Bool, showsUndoPlaceholder: Bool) {
        self.presentation = presentation
        self.showsIndexLink = showsIndexLink
        self.showsUndoPlaceholder = showsUndoPlaceholder
    }

    /// The top of the page header's content: where the toolbar's first line starts.
    private var toolbarTop: Int {
        Self.pageTop + (showsIndexLink ? Self.backLinkHeight : 0) + Self.titleBlock
    }

    /// 1 when the page's title may take more than its line (34 px type in the list's 358 px), 0 otherwise: what
    /// every position has unknown above it.
    private var titleMayWrap: Int {
        Self.fitsOneLine(presentation.table.title, width: 358, font: 34) ? 0 : 1
    }

    private var hasEditModes: Bool { !presentation.editModeChoices.isEmpty }

    /// The top of the toolbar line with Expand all, Collapse all, Reset (and Undo reset).
    private var actionsLineTop: Int {
        toolbarTop + (hasEditModes ? Self.captionHeight + Self.toolbarLine + Self.toolbarGap : 0)
    }

    /// Whether the toolbar offers "Undo delete “X”", on a line of its own under the actions: on every page with a
    /// deletion to undo but the one right after it, which has the Undo placeholder instead.
    private var showsToolbarUndo: Bool {
        !showsUndoPlaceholder && presentation.undoableDeletion != nil
    }

    /// The top of the toolbar's Undo line.
    private var undoLineTop: Int {
        actionsLineTop + Self.toolbarLine + Self.toolbarGap
    }

    /// The bottom of the toolbar. The Undo line is one toolbar line high while its label takes at most two lines
    /// (its button's `min-height`), which a title that surely fits the 180 px the label's other words leave at
    /// 390 px does.
    private var toolbarBottom: Position {
        guard showsToolbarUndo else { return Position(units: actionsLineTop + Self.toolbarLine, footersAbove: titleMayWrap) }
        let title = presentation.undoableDeletion?.row.title ?? ""
        return Position(units: undoLineTop + Self.toolbarLine,
                        footersAbove: titleMayWrap + (Self.fitsOneLine(title, width: 180, font: 16) ? 0 : 1))
    }

    /// Where the sections start (each `sectionGap` below what precedes it): under the toolbar, the search field's
    /// line and the section index. The index's links wrap, and so does a page that finds its count (and the note
    /// that it shows the first rows only): each makes what follows unknown by one more.
    private var sectionsTop: Position {
        var top = toolbarBottom
        top.units += Self.toolbarGap + Self.findLine
        if presentation.showsSectionIndex {
            top.units += Self.toolbarGap + Self.indexLine
            top.footersAbove += 1
        }
        if presentation.filter != nil { top.footersAbove += 1 }
        return top
    }

    /// Where `target`'s top edge is, or `nil` when the page does not show it.
    public func position(of target: LandingTarget) -> Position? {
        switch target {
        case .editMode(let mode):
            return presentation.editModeChoices.contains { $0.mode == mode }
                ? Position(units: toolbarTop + Self.captionHeight, footersAbove: titleMayWrap) : nil
        case .expandAll, .collapseAll:
            return presentation.expansionControls == nil ? nil : Position(units: actionsLineTop, footersAbove: titleMayWrap)
        case .reset, .undoReset:
            return Position(units: actionsLineTop, footersAbove: titleMayWrap)
        case .header(let id), .section(let id):
            return sectionTop(of: id)
        case .rowControl(let row, let control):
            guard var top = itemPosition(where: { $0 == .row(row) }) else { return nil }
            if control.isOnMoveLine, let shown = presentation.row(row) {
                // Under the row's text, which may wrap.
                top.units += Self.firstLineHeight(of: shown)
                if !Self.height(of: shown).exact { top.footersAbove += 1 }
            }
            return top
        case .row(let row):
            return itemPosition { $0 == .row(row) }
        case .undo:
            guard showsUndoPlaceholder else {
                return presentation.undoableDeletion == nil ? nil : Position(units: undoLineTop, footersAbove: titleMayWrap)
            }
            return itemPosition { $0 == .placeholder }
        }
    }

    /// What a section's list holds, in order: its rows, and, on the page right after the most recent deletion, the
    /// Undo placeholder where the row was (its index clamped to the section's rows, or to the window's when it shows
    /// a window), also when the section is collapsed.
    public enum Item: Hashable, Sendable {
        case row(String)
        case placeholder
    }

    /// The items of one section's list.
    public func items(of section: SectionPresentation) -> [Item] {
        var items = section.rows.map { Item.row($0.row.id) }
        if showsUndoPlaceholder, let deletion = presentation.undoableDeletion,
            deletion.row.sectionIndex == section.section.index
        {
            items.insert(.placeholder, at: section.rows.offset(ofPosition: deletion.index))
        }
        return items
    }

    /// The height of the Undo placeholder ("Deleted “X”." beside Undo), and whether it is exact.
    private var placeholderHeight: (units: Int, exact: Bool) {
        let title = presentation.undoableDeletion?.row.title ?? ""
        return (Self.rowHeight, Self.fitsOneLine(title, width: Self.rowTextWidth - 80, font: 17))
    }

    /// How far below a section's top its first row is, under the header and a window's line, and whether that is
    /// exact (the header's title surely fits its line).
    private func rowsTop(of section: SectionPresentation) -> (units: Int, exact: Bool) {
        (Self.headerHeight + (section.window == nil && !section.rowsElsewhere ? 0 : Self.windowLineHeight),
         Self.fitsOneLine(section.section.title, width: Self.headerTextWidth, font: 14))
    }

    private func sectionTop(of id: String) -> Position? {
        var top = sectionsTop
        top.units += Self.sectionGap
        for section in presentation.sections {
            if section.section.id == id { return top }
            advance(&top, past: section, until: { _ in false })
        }
        return nil
    }

    private func itemPosition(where matches: (Item) -> Bool) -> Position? {
        var top = sectionsTop
        top.units += Self.sectionGap
        for section in presentation.sections {
            if advance(&top, past: section, until: matches) { return top }
        }
        return nil
    }

    /// Moves `top` from a section's top past it and the gap below it; true, with `top` at the item, when an item
    /// of it `matches` first. Each text that may wrap, and a footer or a window's links, make what follows them
    /// unknown by one more.
    @discardableResult
    private func advance(_ top: inout Position, past section: SectionPresentation, until matches: (Item) -> Bool)
        -> Bool
    {
        let header = rowsTop(of: section)
        top.units += header.units
        if !header.exact { top.footersAbove += 1 }
        // The items of `items(of:)`, walked without making them: the rows, and the placeholder at its offset.
        var placeholder: Int?
        if showsUndoPlaceholder, let deletion = presentation.undoableDeletion,
            deletion.row.sectionIndex == section.section.index
        {
            placeholder = section.rows.offset(ofPosition: deletion.index)
        }
        func pass(_ height: (units: Int, exact: Bool)) {
            top.units += height.units
            if !height.exact { top.footersAbove += 1 }
        }
        var offset = 0
        for row in section.rows {
            if offset == placeholder {
                if matches(.placeholder) { return true }
                pass(placeholderHeight)
            }
            if matches(.row(row.row.id)) { return true }
            pass(Self.height(of: row))
            offset += 1
        }
        if offset == placeholder {
            if matches(.placeholder) { return true }
            pass(placeholderHeight)
        }
        if section.isExpanded && section.isEmpty { top.units += Self.rowHeight }
        top.units += Self.sectionGap
        if section.section.footer != nil || section.window != nil { top.footersAbove += 1 }
        return false
    }
}
