/// How a page shows long tables (SPEC §10, "Huge tables"): a section of more rows than ``threshold`` is shown
/// in windows of ``size`` rows, and a page shows the rows of as many consecutive sections as fit ``pageRows``
/// (a long section counting one window), the other sections' headers with a link to the page of their rows. So no
/// page costs more to render, hold and send than about `pageRows` rows, however many sections and rows the table
/// has. A section up to the threshold is shown whole.
public struct RowWindowing: Sendable, Hashable {
    /// The least threshold there may be: SPEC §10 shows a 2,000-row section whole.
    public static let minimumThreshold = 2_000

    /// Sections of more rows than this are shown in windows.
    public let threshold: Int
    /// The rows of one window.
    public let size: Int
    /// The rows of one page at most, across its sections.
    public let pageRows: Int

    /// Sections over `threshold` rows (at least ``minimumThreshold``) in windows of `size` rows (at least 1), pages
    /// of `pageRows` rows (at least `threshold`, which a section shown whole may have; `threshold` when nil).
    public init(threshold: Int = 2_000, size: Int = 200, pageRows: Int? = nil) {
        let pageRows = pageRows ?? threshold
        precondition(threshold >= Self.minimumThreshold && size >= 1 && pageRows >= threshold,
                     "threshold ≥ 2,000, size ≥ 1 and pageRows ≥ threshold")
        self.threshold = threshold
        self.size = size
        self.pageRows = pageRows
    }

    private init(unchecked threshold: Int, size: Int, pageRows: Int) {
        self.threshold = threshold
        self.size = size
        self.pageRows = pageRows
    }

    /// The same windowing at half the rows (a page of `pageRows / 2`, windows of `size / 2`, sections whole up to
    /// `threshold / 2`), for a page whose rows are too large to send that many; nil when a window is one row.
    public func halved() -> RowWindowing? {
        guard size > 1 else { return nil }
        return RowWindowing(unchecked: max(1, threshold / 2), size: size / 2, pageRows: max(1, pageRows / 2))
    }

    /// How many rows a section of `count` rows shows on its page: a window's when it is long, none when collapsed.
    /// A window counts whole whichever it is, so the pages do not depend on which window a page shows.
    public func shownRows(count: Int, isExpanded: Bool) -> Int {
        isExpanded ? (count > threshold ? size : count) : 0
    }

    /// The page (from 0) of each section, for sections showing `counts` rows (``shownRows(count:isExpanded:)``), in
    /// order: a page takes sections while their rows fit ``pageRows``, and at least one.
    public func pages(ofShownRows counts: [Int]) -> [Int] {
        var pages: [Int] = []
        pages.reserveCapacity(counts.count)
        var page = 0, filled = 0
        for count in counts {
            if filled > 0 && filled + count > pageRows {
                page += 1
                filled = 0
            }
            filled += count
            pages.append(page)
        }
        return pages
    }

    /// The window holding the row at `position` (clamped to the rows) of a section now holding `count` rows, or nil
    /// when the section is shown whole. Windows start at multiples of ``size``, so a window's URL stays the same
    /// whichever of its rows it was asked for by.
    public func window(holding position: Int, among count: Int) -> RowWindow? {
        guard count > threshold else { return nil }
        let start = min(max(position, 0), count - 1) / size * size
        return RowWindow(rows: start..<min(start + size, count), count: count, size: size)
    }
}

/// The rows of a long section one page shows.
public struct RowWindow: Sendable, Hashable {
    /// The positions shown (from 0, in the section's current order).
    public let rows: Range<Int>
    /// The rows now in the section.
    public let count: Int
    /// The rows of a whole window.
    public let size: Int

    /// How many windows the section has.
    public var windowCount: Int { (count + size - 1) / size }

    /// The window's place among them, from 0.
    public var index: Int { rows.lowerBound / size }

    /// The positions of the window numbered `index` (from 0).
    public func rows(ofWindow index: Int) -> Range<Int> {
        index * size..<min(index * size + size, count)
    }
}

/// The window a page is asked for: the window of section ``sectionID`` that holds the row at ``position`` (from
/// 0). Every other long section shows its first window.
public struct WindowFocus: Sendable, Hashable {
    /// The long section whose window is asked for.
    public let sectionID: String
    /// The row the window holds: its position among the section's rows now, from 0.
    public let position: Int

    /// The window of section `sectionID` holding the row at `position`.
    public init(sectionID: String, position: Int) {
        self.sectionID = sectionID
        self.position = position
    }
}
