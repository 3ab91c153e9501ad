/// How a page shows long sections (SPEC §10, "Huge sections"): a section of more rows than ``threshold`` is shown
/// in windows of ``size`` rows, so that no page costs more to render, hold and send than about `size` rows per long
/// section, however long the section. A section up to the threshold is shown whole.
public struct RowWindowing: Sendable, Hashable {
    /// The least threshold there may be: SPEC §10 shows a 2,000-row section whole.
    public static let minimumThreshold = 2_000

    /// Sections of more rows than this are shown in windows.
    public let threshold: Int
    /// The rows of one window.
    public let size: Int

    /// Sections over `threshold` rows (at least ``minimumThreshold``) in windows of `size` rows (at least 1).
    public init(threshold: Int = 2_000, size: Int = 200) {
        precondition(threshold >= Self.minimumThreshold && size >= 1, "threshold ≥ 2,000 and size ≥ 1")
        self.threshold = threshold
        self.size = size
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
