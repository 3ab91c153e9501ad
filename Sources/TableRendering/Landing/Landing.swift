/// Where a table page lands after an action, so that the reader's place is kept (SPEC §2, docs/DESIGN.md
/// "Keeping the reader's place"): the element the redirect's fragment names, and how far below the window's top
/// its top edge comes to rest.
///
/// The distance reaches the browser as CSS: `<main>` carries one class per set bit of it — `at1`, `at2`, `at4` …
/// `at256` for whole layout units (0.25rem), `px1`, `px2` for the CSS pixels left over — and the stylesheet sums
/// them into the `scroll-margin-top` of the fragment's target, so the browser scrolls it to exactly that height.
/// Nothing else on the page depends on it.
public struct Landing: Sendable, Hashable {
    /// The element landed on.
    public let target: LandingTarget
    /// The distance from the window's top to the target's top edge, in CSS px (at the default font size).
    public let offset: Int
    /// The distance the page asks the browser for; larger than `offset` when the document has less room above the
    /// target (a toolbar control, whose page is scrolled to its very top: the control comes to rest at `offset`).
    public let requestedOffset: Int
    /// The action came from a pointer tap (the browser reported where it landed): the landed control takes the focus
    /// without a focus ring, which marks where the keyboard is, not where a finger was.
    public let byPointer: Bool
    /// The target's height in CSS px as the layout knows it (a row's first line, a line of move controls…): where a
    /// tap on it again was says where its middle was.
    public let targetHeight: Int

    /// A landing; `requestedOffset` defaults to `offset`. Offsets are clamped to what the classes can express.
    public init(
        target: LandingTarget, offset: Int, requestedOffset: Int? = nil, byPointer: Bool = false,
        targetHeight: Int = PageLayout.rowHeight * PageLayout.unitPixels
    ) {
        self.target = target
        self.byPointer = byPointer
        self.targetHeight = targetHeight
        self.offset = min(max(offset, 0), Self.maximumOffset)
        self.requestedOffset = min(max(requestedOffset ?? offset, 0), Self.maximumOffset)
    }

    /// The largest offset the classes express: 511 units and 3 px (2,047 CSS px at the default font size).
    public static let maximumOffset = 511 * PageLayout.unitPixels + 3

    /// The URL fragment, without `#`.
    public var fragment: String {
        target.elementID
    }

    /// The classes of `<main>` that set the scroll margin: `"at4 at8 at64 px2"` for 76 units and 2 px (306 px).
    public var offsetClasses: String {
        let units = requestedOffset / PageLayout.unitPixels, pixels = requestedOffset % PageLayout.unitPixels
        let unitClasses = (0..<9).compactMap { bit in units & (1 << bit) != 0 ? "at\(1 << bit)" : nil }
        let pixelClasses = (0..<2).compactMap { bit in pixels & (1 << bit) != 0 ? "px\(1 << bit)" : nil }
        return (unitClasses + pixelClasses).joined(separator: " ")
    }

    /// The classes of `<main>`: the scroll margin's (``offsetClasses``), and `tapped` after a pointer tap.
    public var pageClasses: String {
        byPointer ? (offsetClasses.isEmpty ? "tapped" : offsetClasses + " tapped") : offsetClasses
    }

    /// The same landing, made by a pointer tap or not.
    func by(pointer: Bool) -> Landing {
        Landing(target: target, offset: offset, requestedOffset: requestedOffset, byPointer: pointer,
                targetHeight: targetHeight)
    }

    /// Whether the page's message is shown at the top of the window rather than at its bottom: the half of the
    /// window the landed control is not in, so the message never covers it.
    public var placesMessageAtTop: Bool {
        offset + PageLayout.rowHeight * PageLayout.unitPixels / 2 > PageLayout.assumedWindowHeight / 2
    }
}
