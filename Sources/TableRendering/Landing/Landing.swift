/// Where a table page lands after an action, so that the reader's place is kept (SPEC §2, docs/DESIGN.md
/// "Keeping the reader's place"): the element the redirect's fragment names, and how far below the window's top
/// its top edge comes to rest.
///
/// The distance reaches the browser as CSS: `<main>` carries one class per set bit of `offset` (`at1`, `at2`,
/// `at4` … `at128`), and the stylesheet sums them into `scroll-margin-top` for every control, so a fragment
/// scrolls its target to exactly that height. Nothing else on the page depends on it.
public struct Landing: Sendable, Hashable {
    /// The element landed on.
    public let target: LandingTarget
    /// The distance from the window's top to the target's top edge, in layout units (`PageLayout.unit`).
    public let offset: Int
    /// The distance the page asks the browser for; larger than `offset` for a toolbar control, whose page is
    /// scrolled to its very top (the browser cannot scroll above it, so the control comes to rest at `offset`).
    public let requestedOffset: Int

    /// A landing; `requestedOffset` defaults to `offset`. Offsets are clamped to what the classes can express.
    public init(target: LandingTarget, offset: Int, requestedOffset: Int? = nil) {
        self.target = target
        self.offset = min(max(offset, 0), Self.maximumOffset)
        self.requestedOffset = min(max(requestedOffset ?? offset, 0), Self.maximumOffset)
    }

    /// The largest offset the classes express: 255 units (1020 CSS px at the default font size).
    public static let maximumOffset = 255

    /// The URL fragment, without `#`.
    public var fragment: String {
        target.elementID
    }

    /// The classes of `<main>` that set the scroll margin: `"at4 at8 at64"` for 76 units.
    public var offsetClasses: String {
        (0..<8).compactMap { bit in requestedOffset & (1 << bit) != 0 ? "at\(1 << bit)" : nil }
            .joined(separator: " ")
    }

    /// Whether the page's message is shown at the top of the window rather than at its bottom: the half of the
    /// window the landed control is not in, so the message never covers it.
    public var placesMessageAtTop: Bool {
        (offset + PageLayout.rowHeight / 2) * PageLayout.unitPixels > PageLayout.assumedWindowHeight / 2
    }
}
