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
