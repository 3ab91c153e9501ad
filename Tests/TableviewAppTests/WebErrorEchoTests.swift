import TestSupport
import Testing
import XMLInspection
@testable import TableviewApp

/// SPEC §4: every error page, whatever it echoes (a path, a field value, a header), is well-formed XML; echoes are
/// cut by Unicode scalars; quotation marks are not doubled.
@Suite struct WebErrorEchoTests {
    /// The one alert of a strictly parsed error page with `status`.
    private func alert(_ response: TestResponse, status: Int, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> String
    {
        #expect(response.status == status, sourceLocation: sourceLocation)
        let page = try XMLDocument(parsing: response.body)
        return try #require(try page.nodes(matching: "//*[@role='alert']").first?.text, sourceLocation: sourceLocation)
    }

    @Test(arguments: ["%01", "%0B", "%EF%BF%BE", "%EF%BF%BF", "%C2%85", "%EF%B7%90", "a%00b"])
    func aPathWithCharactersXMLCannotCarryGetsAWellFormedPage(_ escaped: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let text = try alert(try Browser(port: port).send("GET", "/tables/x\(escaped)y"), status: 404)
            #expect(text.contains("\u{FFFD}") || !text.contains("x"), "\(text.debugDescription)")
        }
    }

    @Test(arguments: ["%01", "%0B", "%EF%BF%BE"])
    func aFieldWithCharactersXMLCannotCarryGetsAWellFormedPage(_ escaped: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            let answer = try browser.send(
                "POST", "/tables/list/edit-mode",
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", browser.origin)],
                body: Array("csrf=\(try browser.csrfToken())&mode=tr\(escaped)ue".utf8))
            #expect(try alert(answer, status: 400).contains("tr\u{FFFD}ue"))
        }
    }

    @Test(arguments: [("Content-Type", 415), ("Origin", 403)])
    func aHeaderWithControlCharactersGetsAWellFormedPage(_ field: String, _ status: Int) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            var headers = [("Content-Type", "application/x-www-form-urlencoded")]
            headers.removeAll { $0.0 == field }
            headers.append((field, "text/\u{0B}x\u{01}\u{7F}"))
            let answer = try browser.send("POST", "/tables/list/rows/phone/select", headers: headers,
                                          body: Array("csrf=\(try browser.csrfToken())".utf8))
            #expect(try alert(answer, status: status).contains("text/\u{FFFD}x\u{FFFD}\u{FFFD}"))
        }
    }

    @Test func combiningMarksCannotStretchAnEcho() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            // 9,000 bytes: within the head a connection takes (longer targets get 414 from libmicrohttpd).
            let marks = String(repeating: "%CC%81", count: 1_500)
            let text = try alert(try Browser(port: port).send("GET", "/tables/a\(marks)"), status: 404)
            #expect(text.unicodeScalars.count < 200, "\(text.unicodeScalars.count) scalars")
            #expect(text.contains("…"))
        }
    }

    @Test func quotationMarksAreNotDoubled() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            #expect(try alert(try Browser(port: port).send("GET", "/tables/nope"), status: 404)
                .contains("There is no table “nope”."))
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            let answer = try browser.send("POST", "/tables/list/rows/phone/select",
                                          headers: [("Content-Type", "text/plain")],
                                          body: Array("csrf=\(try browser.csrfToken())".utf8))
            let text = try alert(answer, status: 415)
            #expect(text.contains("sent as “text/plain”, not"), "\(text)")
            #expect(!text.contains("““"))
        }
    }
}
