import TableModel

/// The vertical layout of a table page as `Public/style.css` fixes it, so the server can tell where an element
/// is relative to another without seeing the browser.
///
/// Everything above the sections and everything inside a section has a height fixed by the stylesheet — one
/// line per title, every row and header of one height, the Undo placeholder a row — except a section's footer,
/// whose text wraps. So the distance between two elements is exact unless a footer lies between them, and the
/// distance from the document's top is exact above the first footer and a lower bound below it. Lengths are in
/// units of 0.25rem (4 CSS px at the default font size); `StylesheetGeometryTests` checks the stylesheet says the
/// same.
public struct PageLayout: Sendable {
    /// One layout unit in CSS: 0.25rem.
    public static let unitPixels = 4
    /// `--row-height`: a row, the Undo placeholder, the empty note (3.25rem).
    public static let rowHeight = 13
    /// `--header-height`: a section's header (3.25rem).
    public static let headerHeight = 13
    /// `--section-gap`: the space above each section (1.75rem).
    public static let sectionGap = 7
    /// `--page-top`: the page header's top padding (0.5rem).
    public static let pageTop = 2
    /// `--back-height`: the "All tables" link's line (2.75rem).
    public static let backLinkHeight = 11
    /// `--title-block`: the `<h1>` with its margins (0.25rem + 2.75rem + 0.5rem).
    public static let titleBlock = 14
    /// `--toolbar-line`: one line of the toolbar (2.75rem).
    public static let toolbarLine = 11
    /// `--toolbar-gap`: between the toolbar's lines (0.5rem).
    public static let toolbarGap = 2
    /// `--window-line`: the line above a window's rows that says which rows it shows (2.75rem). The links to the
    /// other windows below them wrap, so the layout counts them as it counts a footer.
    public static let windowLineHeight = 11

    /// The height of `target` in CSS px at the default font size: a pointer tap is taken to be at its middle.
    public static func pixelHeight(of target: LandingTarget) -> Int {
        switch target {
        case .rowControl, .row, .undo: rowHeight * unitPixels
        case .header, .section: headerHeight * unitPixels
        // A segment of the edit-mode switch sits inside the switch's 2 px padding.
        case .editMode: toolbarLine * unitPixels - 4
        case .expandAll, .collapseAll, .reset, .undoReset: toolbarLine * unitPixels
        }
    }

    /// The smallest window height the landing is planned for (SPEC §2 names 390×700 and 1280×800), in CSS px.
    public static let assumedWindowHeight = 700

    /// A position in the document: `units` from its top, not counting the footers of the `footersAbove`
    /// sections above it (whose heights the server cannot know). Two positions with the same `footersAbove` are
    /// an exact distance apart; `units` alone is a lower bound of the true position.
    public struct Position: Sendable, Hashable {
        public var units: Int
        public var footersAbove: Int

        /// The exact distance from `other` down to this position, when no footer lies between them.
        public func distance(from other: Position) -> Int? {
            footersAbove == other.footersAbove ? units - other.units : nil
        }
    }

    private let presentation: TablePresentation
    private let showsIndexLink: Bool

    public init(_ presentation: TablePresentation, showsIndexLink: Bool) {
        self.presentation = presentation
        self.showsIndexLink = showsIndexLink
    }

    /// The top of the page header's content: where the toolbar's first line starts.
    private var toolbarTop: Int {
        Self.pageTop + (showsIndexLink ? Self.backLinkHeight : 0) + Self.titleBlock
    }

    private var hasEditModes: Bool { !presentation.editModeChoices.isEmpty }

    /// The top of the toolbar line with Expand all, Collapse all, Reset (and Undo reset).
    private var actionsLineTop: Int {
        toolbarTop + (hasEditModes ? Self.toolbarLine + Self.toolbarGap : 0)
    }

    /// The bottom of the toolbar; each section starts `sectionGap` below what precedes it.
    private var sectionsTop: Int {
        actionsLineTop + Self.toolbarLine
    }

    /// Where `target`'s top edge is, or `nil` when the page does not show it.
    public func position(of target: LandingTarget) -> Position? {
        switch target {
        case .editMode(let mode):
            return presentation.editModeChoices.contains { $0.mode == mode } ? Position(units: toolbarTop, footersAbove: 0) : nil
        case .expandAll, .collapseAll:
            return presentation.expansionControls == nil ? nil : Position(units: actionsLineTop, footersAbove: 0)
        case .reset, .undoReset:
            return Position(units: actionsLineTop, footersAbove: 0)
        case .header(let id), .section(let id):
            return sectionTop(of: id)
        case .rowControl(let row, _), .row(let row):
            return itemPosition { $0 == .row(row) }
        case .undo:
            return itemPosition { $0 == .placeholder }
        }
    }

    /// What a section's list holds, in order: its rows, and the Undo placeholder of the most recent deletion
    /// where the row was (its index clamped to the section's rows, or to the window's when it shows a window), also
    /// when the section is collapsed.
    public enum Item: Hashable, Sendable {
        case row(String)
        case placeholder
    }

    /// The items of one section's list.
    public func items(of section: SectionPresentation) -> [Item] {
        var items = section.rows.map { Item.row($0.row.id) }
        if let deletion = presentation.undoableDeletion, deletion.row.sectionIndex == section.section.index {
            items.insert(.placeholder, at: min(max(deletion.index - section.rows.startIndex, 0), items.count))
        }
        return items
    }

    /// The height of a section, footer (and a window's links) excluded.
    private func height(of section: SectionPresentation, items: Int) -> Int {
        let showsEmptyNote = section.isExpanded && section.isEmpty
        return rowsTop(of: section) + (items + (showsEmptyNote ? 1 : 0)) * Self.rowHeight
    }

    /// How far below a section's top its first row is: under the header, and a window's line.
    private func rowsTop(of section: SectionPresentation) -> Int {
        Self.headerHeight + (section.window == nil ? 0 : Self.windowLineHeight)
    }

    private func sectionTop(of id: String) -> Position? {
        var top = Position(units: sectionsTop + Self.sectionGap, footersAbove: 0)
        for section in presentation.sections {
            if section.section.id == id { return top }
            advance(&top, past: section, items: items(of: section).count)
        }
        return nil
    }

    private func itemPosition(where matches: (Item) -> Bool) -> Position? {
        var top = Position(units: sectionsTop + Self.sectionGap, footersAbove: 0)
        for section in presentation.sections {
            let items = items(of: section)
            if let index = items.firstIndex(where: matches) {
                return Position(units: top.units + rowsTop(of: section) + index * Self.rowHeight,
                                footersAbove: top.footersAbove)
            }
            advance(&top, past: section, items: items.count)
        }
        return nil
    }

    private func advance(_ top: inout Position, past section: SectionPresentation, items: Int) {
        top.units += height(of: section, items: items) + Self.sectionGap
        if section.section.footer != nil || section.window != nil { top.footersAbove += 1 }
    }
}
