import Testing
@testable import HTTPServer
#if canImport(Glibc)
import Glibc
#endif

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

    @Test func numbersAreWrittenAsStringSpellsThem() {
        for value in [0, 7, 10, 200, 18_652, 1_000_000, -1, -305, Int.max, Int.min] {
            var bytes: [UInt8] = []
            AccessLogEntry.appendDecimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    /// A log going to a file is written in batches: every line arrives whole and in order, those past a batch's
    /// size at once, the rest within the delay, with no flush asked for.
    @Test func batchedLinesArriveWholeInOrderAndWithinTheDelay() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK)
        let batches = LineBatches(fileDescriptor: ends[1])
        // About 37 KB: more than two batches, and less than a pipe holds, so the writes never wait for the reader.
        let lines = (0..<1_000).map { "GET /tables/t?n=\($0) 200 17000 12us" }
        for line in lines { batches.appendLine { $0.append(contentsOf: line.utf8) } }

        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(ends[0], &buffer, buffer.count)
        if count > 0 { received += buffer[..<count] }
        #expect(received.count >= LineBatches.limit, "full batches go out at once")

        let deadline = ContinuousClock.now + .seconds(5)
        let expected = lines.joined(separator: "\n") + "\n"
        while received.count < expected.utf8.count && ContinuousClock.now < deadline {
            let count = read(ends[0], &buffer, buffer.count)
            if count > 0 { received += buffer[..<count] } else { usleep(10_000) }
        }
        #expect(String(decoding: received, as: UTF8.self) == expected)
    }
}
