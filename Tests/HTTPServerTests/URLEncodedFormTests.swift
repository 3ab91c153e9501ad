import HTTPServer
import Testing

@Suite struct URLEncodedFormTests {
    private func decode(_ text: String) throws(URLEncodedFormError) -> [String] {
        try URLEncodedForm(decoding: Array(text.utf8)).fields.map { "\($0.name)=\($0.value)" }
    }

    @Test func pairsKeepTheirOrderAndRepeatedNames() throws {
        #expect(try decode("b=2&a=1&b=3") == ["b=2", "a=1", "b=3"])
        let form = try URLEncodedForm(decoding: Array("b=2&a=1&b=3".utf8))
        #expect(form["b"] == "2")
        #expect(form.values(for: "b") == ["2", "3"])
        #expect(form["missing"] == nil)
    }

    @Test func plusIsASpaceAndEncodedPlusIsAPlus() throws {
        #expect(try decode("q=a+b%2Bc") == ["q=a b+c"])
        #expect(try decode("a+b=1") == ["a b=1"])
    }

    @Test func percentEscapesDecodeToUTF8() throws {
        #expect(try decode("title=%E9%8A%AD%E6%B9%AF&x=%41%6a") == ["title=銭湯", "x=Aj"])
    }

    @Test func emptyPairsAreSkippedAndMissingValuesAreEmpty() throws {
        #expect(try decode("a=1&&b&=c&") == ["a=1", "b=", "=c"])
        #expect(try decode("") == [])
    }

    @Test func onlyTheFirstEqualsSplits() throws {
        #expect(try decode("a=b=c") == ["a=b=c"])
    }

    @Test func malformedEscapeIsAnError() {
        #expect(throws: URLEncodedFormError.invalidPercentEncoding(pairIndex: 1)) { try decode("a=1&b=%zz") }
        #expect(throws: URLEncodedFormError.invalidPercentEncoding(pairIndex: 0)) { try decode("a=%4") }
        #expect(throws: URLEncodedFormError.invalidPercentEncoding(pairIndex: 0)) { try decode("%=1") }
    }

    @Test func invalidUTF8IsAnError() {
        #expect(throws: URLEncodedFormError.invalidUTF8(pairIndex: 0)) { try decode("a=%FF") }
        // An overlong encoding of "/" and a lone surrogate are not UTF-8 either.
        #expect(throws: URLEncodedFormError.invalidUTF8(pairIndex: 0)) { try decode("a=%C0%AF") }
        #expect(throws: URLEncodedFormError.invalidUTF8(pairIndex: 0)) { try decode("a=%ED%A0%80") }
        #expect(throws: URLEncodedFormError.invalidUTF8(pairIndex: 0)) { try decode("%FF=a") }
    }

    @Test func rawInvalidUTF8BytesAreAnError() {
        #expect(throws: URLEncodedFormError.invalidUTF8(pairIndex: 0)) {
            try URLEncodedForm(decoding: [0x61, 0x3D, 0xFF])
        }
    }

    @Test func formErrorsAre400() {
        let error = URLEncodedFormError.invalidUTF8(pairIndex: 2)
        #expect(error.httpError.status == .badRequest)
        #expect(error.httpError.message == "form field 3 is not valid UTF-8")
    }

    @Test func leniencyKeepsMalformedEscapesAndReplacesInvalidUTF8() {
        let form = URLEncodedForm(decodingLeniently: Array("a=%zz&b=%FF&c=%4&d=x+y".utf8))
        #expect(form.fields.map(\.value) == ["%zz", "\u{FFFD}", "%4", "x y"])
    }

    @Test func requestQueryIsDecodedLeniently() {
        let request = Request(method: .get, target: "/p?x=1&x=2&y=%zz&z=a+b")
        #expect(request.path == "/p")
        #expect(request.rawQuery == "x=1&x=2&y=%zz&z=a+b")
        #expect(request.query.values(for: "x") == ["1", "2"])
        #expect(request.query["y"] == "%zz")
        #expect(request.query["z"] == "a b")
    }

    @Test func absoluteFormTargetKeepsPathAndQuery() {
        let request = Request(method: .get, target: "http://example.com:8080/tables/a?x=1")
        #expect(request.path == "/tables/a")
        #expect(request.rawQuery == "x=1")
        #expect(Request(method: .get, target: "http://example.com").path == "/")
        #expect(Request(method: .get, target: "http://example.com?q").target == "/?q")
    }

    @Test func requestWithoutQuestionMarkHasNoQuery() {
        let request = Request(method: .get, target: "/p")
        #expect(request.rawQuery == nil)
        #expect(request.query.isEmpty)
        #expect(Request(method: .get, target: "/p?").rawQuery == "")
    }
}
