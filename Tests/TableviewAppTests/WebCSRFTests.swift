import Testing
@testable import TableviewApp

/// SPEC §4: every form's CSRF token and the `Origin` check; a failure is 403 and changes nothing.
@Suite struct WebCSRFTests {
    private func prepared(_ port: Int) throws -> (Browser, String) {
        let browser = Browser(port: port)
        try browser.get("/tables/list")
        try browser.press("Phone")
        return (browser, try browser.send("GET", "/tables/list/state.json").text)
    }

    @Test func everyFormCarriesTheSessionToken() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            let token = try browser.csrfToken()
            // The POST forms: the search form is a GET, which must carry no token (it would go into the URL).
            let forms = try browser.nodes("//form[@method = 'post']")
            #expect(try browser.nodes("//form[@method = 'get']//input[@name = 'csrf']").isEmpty)
            #expect(!forms.isEmpty)
            for form in forms {
                #expect(try form.nodes(matching: ".//input[@name='csrf']").first?.attribute("value") == token)
            }
        }
    }

    @Test(arguments: ["missing", "wrong", "other-session"])
    func badTokenIs403AndChangesNothing(_ kind: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let (browser, before) = try prepared(port)
            let stranger = Browser(port: port)
            try stranger.get("/tables/list")
            var fields: [(String, String)] = []
            switch kind {
            case "wrong": fields.append(("csrf", String(repeating: "0", count: 64)))
            case "other-session": fields.append(("csrf", try stranger.csrfToken()))
            default: break
            }
            let answer = try browser.post("/tables/list/rows/camera/select", fields: fields)
            #expect(answer.status == 403)
            #expect(answer.text.contains("role=\"alert\""))
            #expect(try browser.send("GET", "/tables/list/state.json").text == before)
        }
    }

    @Test(arguments: ["null", "http://evil.example", "https://127.0.0.1"])
    func foreignOriginIs403(_ origin: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let (browser, before) = try prepared(port)
            browser.sendsOrigin = false
            let answer = try browser.post("/tables/list/reset", fields: [("csrf", try browser.csrfToken())],
                                          extraHeaders: [("Origin", origin)])
            #expect(answer.status == 403)
            #expect(try browser.send("GET", "/tables/list/state.json").text == before)
        }
    }

    @Test func formWithoutOriginIsAcceptedWithAValidToken() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            browser.sendsOrigin = false
            try browser.get("/tables/list")
            #expect(try browser.press("Camera").status == 303)
        }
    }

    @Test func postWithoutCookieIs403() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            let token = try browser.csrfToken()
            let cookieless = Browser(port: port)
            let answer = try cookieless.post("/tables/list/reset", fields: [("csrf", token)])
            #expect(answer.status == 403)
        }
    }
}
