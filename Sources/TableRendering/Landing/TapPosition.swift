/// Where in the window a pointer tap landed, as the browser reported it with the form: the `tap.x` and `tap.y` of
/// the page's `<input type="image" name="tap">`, which covers the window but takes only the taps on its control
/// (docs/DESIGN.md "Keeping the reader's place"). It is a hint for the landing, never a reason to refuse a form.
public struct TapPosition: Sendable, Hashable {
    /// CSS px from the window's top.
    public let y: Int

    /// The largest coordinate taken as a window's: beyond it a report is absurd and ignored.
    public static let maximum = 16_384

    /// The position at `y`, or nil outside `0...maximum`.
    public init?(y: Int) {
        guard (0...Self.maximum).contains(y) else { return nil }
        self.y = y
    }

    /// The position the fields `x` and `y` report: each a non-negative decimal integer of at most five digits (as
    /// every engine writes them); nil for anything else — missing, negative, fractional, absurd.
    public init?(x: String?, y: String?) {
        guard let x, let y, Self.coordinate(x) != nil, let value = Self.coordinate(y) else { return nil }
        self.init(y: value)
    }

    private static func coordinate(_ text: String) -> Int? {
        let digits = text.utf8
        guard (1...5).contains(digits.count), digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)
    }
}
