import HTTPServer
import Testing

/// SPEC §4: error pages stay well-formed XML whatever they echo.
@Suite struct XMLSafeTextTests {
    /// Text of the given scalars (Swift literals cannot hold noncharacters such as U+FFFE).
    private func text(_ values: [UInt32]) -> String {
        var scalars = String.UnicodeScalarView()
        for value in values { scalars.append(Unicode.Scalar(value)!) }
        return String(scalars)
    }

    @Test func controlsAndNoncharactersAreReplacedVisibly() {
        let unsafe: [UInt32] = [0x01, 0x0B, 0x7F, 0x85, 0x9F, 0xFDD0, 0xFFFE, 0xFFFF, 0x1FFFF, 0x10FFFE]
        let input = text(unsafe.flatMap { [0x61, $0] })
        #expect(XMLSafeText.replacingUnsafe(input) == text(unsafe.flatMap { _ in [0x61, 0xFFFD] }))
        #expect(XMLSafeText.replacingUnsafe("tab\tand\nlines\r") == "tab\tand\nlines\r")
        #expect(XMLSafeText.replacingUnsafe("銭湯 é \u{FFFD}") == "銭湯 é \u{FFFD}")
    }

    @Test func echoesAreCutByScalarsNotByCharacters() {
        let stretched = "a" + String(repeating: "\u{0301}", count: 3_000)
        #expect(stretched.count == 1)
        let echo = XMLSafeText.echo(stretched)
        #expect(echo.unicodeScalars.count == 41)
        #expect(echo.hasSuffix("…"))
        #expect(XMLSafeText.echo("short\ttext") == "short\u{FFFD}text")
    }

    @Test func theErrorPageItselfReplacesWhatAMessageEchoes() {
        let page = ErrorPage(log: { _ in }).response(
            for: HTTPError(.badRequest, message: "bad \u{01}" + text([0xFFFF]) + " value"),
            to: Request(method: .get, target: "/"))
        let text = String(decoding: page.body, as: UTF8.self)
        #expect(text.contains("bad \u{FFFD}\u{FFFD} value"))
        #expect(!text.unicodeScalars.contains { $0.value == 0x01 || $0.value == 0xFFFF })
    }
}
