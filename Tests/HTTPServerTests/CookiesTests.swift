import HTTPServer
import Testing

@Suite struct CookiesTests {
    @Test func pairsSplitOnSemicolonsWithWhitespaceTrimmed() {
        let cookies = Cookies(headerValues: ["sid=abc;  theme = dark ;\tx=1"])
        #expect(cookies.all == [.init(name: "sid", value: "abc"), .init(name: "theme", value: "dark"),
                                .init(name: "x", value: "1")])
    }

    @Test func firstOfARepeatedNameWins() {
        let cookies = Cookies(headerValues: ["sid=first; sid=second"])
        #expect(cookies["sid"] == "first")
        #expect(cookies.all.count == 2)
    }

    @Test func everyCookieHeaderFieldCounts() {
        let request = Request(method: .get, target: "/", headers: ["Cookie": "a=1", "cookie": "b=2"])
        #expect(request.cookies["a"] == "1")
        #expect(request.cookies["b"] == "2")
    }

    @Test func quotesAroundAValueAreRemoved() {
        #expect(Cookies(headerValues: ["a=\"quoted value\""])["a"] == "quoted value")
        #expect(Cookies(headerValues: ["a=\""])["a"] == "\"")
    }

    @Test func malformedPairsAreSkipped() {
        let cookies = Cookies(headerValues: ["novalue; =anonymous; ; ok=1; empty="])
        #expect(cookies.all == [.init(name: "ok", value: "1"), .init(name: "empty", value: "")])
    }

    @Test func valuesAreNotPercentDecoded() {
        #expect(Cookies(headerValues: ["a=%41+b"])["a"] == "%41+b")
    }

    @Test func valueMayContainEquals() {
        #expect(Cookies(headerValues: ["token=abc==; x=y"])["token"] == "abc==")
    }

    @Test func setCookieDefaultsSuitASessionCookie() {
        #expect(SetCookie(name: "sid", value: "ab12").headerValue == "sid=ab12; Path=/; HttpOnly; SameSite=Lax")
    }

    @Test func setCookieWritesEveryAttribute() {
        let cookie = SetCookie(name: "a", value: "1", path: nil, maxAge: 0, httpOnly: false, secure: true,
                               sameSite: .strict)
        #expect(cookie.headerValue == "a=1; Max-Age=0; Secure; SameSite=Strict")
    }

    @Test func responseCarriesOneSetCookieFieldPerCookie() {
        var response = Response()
        response.setCookie(SetCookie(name: "a", value: "1"))
        response.setCookie(SetCookie(name: "b", value: "2"))
        #expect(response.headers.values(for: "Set-Cookie").count == 2)
    }

    /// Found by the cookie-parser fuzz target: U+0601 (a prepended concatenation mark) and the space after it
    /// are one `Character`, so trimming by `Character` kept the space.
    @Test func whitespaceAfterAPrependedMarkIsTrimmed() {
        let cookies = Cookies(headerValues: ["\u{0601}   =value ; b\u{0301} = 2"])
        #expect(cookies.all.map(\.name.unicodeScalars.count) == [1, 2])
        #expect(cookies.all.first?.name.unicodeScalars.last == "\u{0601}")
        #expect(cookies.all.first?.value == "value")
    }

    /// `Request.cookie(named:)` reads the one cookie the server needs without parsing the others, by the same rules.
    @Test(arguments: [
        "sid=abc; theme=dark", " theme = dark ;\tsid = \"quoted\" ", "=novalue; sid=x; sid=y", "nopair; sid",
        "a=1;;sid=;b=2", "sid", "", "x=\"; sid=\"\"",
    ])
    func oneCookieIsReadAsTheWholeParseReadsIt(_ header: String) {
        let request = Request(method: .get, target: "/", headers: ["Cookie": header])
        for name in ["sid", "theme", "a", "b", "x", "missing"] {
            #expect(request.cookie(named: name) == request.cookies[name], "\(name) in \(header.debugDescription)")
        }
    }
}
