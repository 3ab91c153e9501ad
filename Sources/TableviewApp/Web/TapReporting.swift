import HTTPServer

/// Which browsers get the image inputs that report where a pointer tap landed (`templates/tap.mustache`).
///
/// The inputs work only where CSS lays them over their buttons; a text browser ignores CSS and the `hidden`
/// attribute alike and shows each as a second control (lynx 2.9, w3m 0.5.3), and no markup hides an input from it
/// while a graphical browser keeps it. So the inputs go to browsers whose `User-Agent` carries `Mozilla/`, as
/// every graphical engine's has for decades and no text browser's does (lynx, w3m, links, ELinks name themselves
/// alone). A browser left out still gets the whole page; its taps land by the prediction, as keyboard taps do.
enum TapReporting {
    /// Whether the page for `request` carries the tap inputs.
    static func isOffered(to request: Request) -> Bool {
        request.headers.withValue(named: "User-Agent") { contains($0, marker) } ?? false
    }

    private static let marker = Array("Mozilla/".utf8)

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            if (1..<needle.count).allSatisfy({ bytes[start + $0] == needle[$0] }) { return true }
        }
        return false
    }
}
