import HTTPServer
import Testing

@Suite struct HTTPHeadersTests {
    @Test func namesCompareCaseInsensitively() {
        let headers: HTTPHeaders = ["Content-Type": "text/html"]
        #expect(headers["content-type"] == "text/html")
        #expect(headers["CONTENT-TYPE"] == "text/html")
        #expect(headers.contains("Content-type"))
        #expect(headers["Content-Typ"] == nil)
    }

    @Test func repeatedNamesKeepEveryValueInOrder() {
        var headers = HTTPHeaders()
        headers.add("Set-Cookie", "a=1")
        headers.add("X-Other", "x")
        headers.add("set-cookie", "b=2")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers["Set-Cookie"] == "a=1")
        #expect(headers.fields.map(\.name) == ["Set-Cookie", "X-Other", "set-cookie"])
    }

    @Test func assigningReplacesEveryFieldOfThatNameInPlace() {
        var headers: HTTPHeaders = ["A": "1", "B": "2", "a": "3"]
        headers["a"] = "new"
        #expect(headers.fields == [.init(name: "a", value: "new"), .init(name: "B", value: "2")])
        headers["C"] = "4"
        #expect(headers.fields.last == .init(name: "C", value: "4"))
    }

    @Test func assigningNilRemoves() {
        var headers: HTTPHeaders = ["A": "1", "a": "2", "B": "3"]
        headers["A"] = nil
        #expect(headers.count == 1)
        headers.remove("b")
        #expect(headers.isEmpty)
    }

    @Test func nonASCIINamesDoNotFoldCase() {
        let headers: HTTPHeaders = ["X-É": "1"]
        #expect(headers["x-é"] == nil)
        #expect(headers["X-É"] == "1")
    }
}

/// The byte comparison header names, media types and origins go through.
struct ByteComparisonTests {
    /// Every pair of bytes is equal ignoring ASCII case exactly when the bytes are equal or are the two cases of one
    /// letter: `@` and `` ` ``, `[` and `{` differ by the same bit as `A` and `a` but are not letters.
    @Test func bytesAreEqualIgnoringASCIICaseOnlyForTheTwoCasesOfALetter() {
        var wrong: [String] = []
        for first in UInt8.min...UInt8.max {
            for second in UInt8.min...UInt8.max {
                let isLetterPair = first | 0x20 == second | 0x20 && (0x61...0x7A).contains(first | 0x20)
                let expected = first == second || isLetterPair
                let equal = [UInt8(ascii: "x"), first].withUnsafeBufferPointer { lhs in
                    [UInt8(ascii: "X"), second].withUnsafeBufferPointer { lhs.equalsIgnoringASCIICase($0) }
                }
                if equal != expected { wrong.append("\(first) \(second)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        let short: [UInt8] = Array("Content-Type".utf8), long: [UInt8] = Array("content-types".utf8)
        #expect(!short.withUnsafeBufferPointer { lhs in
            long.withUnsafeBufferPointer { lhs.equalsIgnoringASCIICase($0) }
        })
    }
}
