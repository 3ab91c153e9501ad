import Testing
@testable import HTTPServer

/// SPEC §4: the access log is one line per request whatever the client sends.
@Suite struct AccessLogTests {
    @Test func escapeSequencesInTheMethodAreEscaped() {
        // Clear the screen, then set the terminal's title.
        let method = HTTPMethod(rawValue: "\u{1B}[2J\u{1B}]0;owned\u{07}GET")
        let entry = AccessLogEntry(method: method, target: "/", status: .badRequest, bodyBytes: 0, microseconds: 1)
        #expect(entry.line == "\\x1b[2J\\x1b]0;owned\\x07GET / 400 0 1us")
    }

    @Test func aBareCarriageReturnCannotOverwriteTheLine() {
        let entry = AccessLogEntry(
            method: HTTPMethod(rawValue: "GET\rPOST"), target: "/\r", status: .ok, bodyBytes: 0, microseconds: 1)
        #expect(!entry.line.utf8.contains(0x0D))
        #expect(entry.line == "GET\\x0dPOST /\\x0d 200 0 1us")
    }

    @Test func c1ControlsInTheTargetAreEscaped() {
        // U+009B is the one-character CSI; U+0085 is NEL, a line break to some viewers.
        let entry = AccessLogEntry(
            method: .get, target: "/a\u{9B}2J\u{85}b\u{2028}", status: .ok, bodyBytes: 0, microseconds: 1)
        #expect(entry.line == "GET /a\\u{9b}2J\\u{85}b\\u{2028} 200 0 1us")
        #expect(entry.line.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) })
    }

    @Test func ordinaryTextIsLeftAlone() {
        let entry = AccessLogEntry(method: .get, target: "/tables/銭湯?q=é", status: .ok, bodyBytes: 5, microseconds: 9)
        #expect(entry.line == "GET /tables/銭湯?q=é 200 5 9us")
    }
}
