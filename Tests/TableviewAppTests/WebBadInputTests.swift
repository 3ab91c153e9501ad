import TestSupport
import Testing
import XMLInspection
@testable import TableviewApp

/// SPEC §4's bad input: a clear error page with the right status, and nothing changed.
@Suite struct WebBadInputTests {
    /// A browser with a session that has changed something, and the state it must keep.
    private func prepared(_ port: Int) throws -> (Browser, String) {
        let browser = Browser(port: port)
        try browser.get("/tables/list")
        try browser.press("Phone")
        return (browser, try browser.send("GET", "/tables/list/state.json").text)
    }

    private func expectErrorPage(_ response: TestResponse, status: Int, mentioning text: String? = nil,
                                 sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(response.status == status, sourceLocation: sourceLocation)
        #expect(response.header("Content-Type")?.hasPrefix("text/html") == true, sourceLocation: sourceLocation)
        let page = try XMLDocument(parsing: response.body)
        #expect(PageContract.violations(in: page).isEmpty, sourceLocation: sourceLocation)
        let alert = try page.nodes(matching: "//*[@role='alert']")
        #expect(alert.count == 1, sourceLocation: sourceLocation)
        if let text { #expect(alert.first?.text.contains(text) == true, "\(alert.first?.text ?? "")", sourceLocation: sourceLocation) }
        #expect(try page.nodes(matching: "//a[@href]").isEmpty == false, sourceLocation: sourceLocation)
        #expect(response.header("Content-Security-Policy")?.contains("default-src 'none'") == true,
                sourceLocation: sourceLocation)
    }

    @Test func unknownTableIs404() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try expectErrorPage(try browser.send("GET", "/tables/nope"), status: 404)
            try browser.get("/tables/list")
            try expectErrorPage(
                try browser.post("/tables/nope/reset", fields: [("csrf", try browser.csrfToken())]), status: 404)
        }
    }

    @Test(arguments: [
        ("/tables/list/rows/ghost/select", [], "ghost"),
        ("/tables/list/rows/ghost/deselect", [], "ghost"),
        ("/tables/list/sections/ghost/expansion", [("expanded", "true")], "ghost"),
        ("/tables/list/sections/things/expansion", [("expanded", "maybe")], "expanded"),
        ("/tables/list/sections/things/expansion", [], "expanded"),
        ("/tables/list/edit-mode", [("mode", "sideways")], "mode"),
        ("/tables/list/rows/phone/position", [("index", "x"), ("from", "4")], "index"),
        ("/tables/list/rows/phone/position", [("index", "1")], "from"),
        ("/tables/list/rows/phone/position", [("index", "99"), ("from", "4")], "99"),
    ])
    func malformedActionsAre400AndChangeNothing(_ path: String, _ fields: [(String, String)], _ named: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let (browser, before) = try prepared(port)
            let answer = try browser.post(path, fields: [("csrf", try browser.csrfToken())] + fields)
            try expectErrorPage(answer, status: 400, mentioning: named)
            #expect(try browser.send("GET", "/tables/list/state.json").text == before)
        }
    }

    @Test(arguments: ["expanded=%zz", "expanded=%FF", "expanded=tr%C3ue%C3", "exp%anded=true"])
    func badEncodingIs400(_ body: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let (browser, before) = try prepared(port)
            let answer = try browser.send(
                "POST", "/tables/list/sections/things/expansion",
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", browser.origin)],
                body: Array("csrf=\(try browser.csrfToken())&\(body)".utf8))
            try expectErrorPage(answer, status: 400)
            #expect(try browser.send("GET", "/tables/list/state.json").text == before)
        }
    }

    @Test func wrongMethodIs405WithAllow() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            let answer = try browser.send("GET", "/tables/list/reset")
            try expectErrorPage(answer, status: 405)
            #expect(answer.header("Allow")?.contains("POST") == true)
            #expect(try browser.send("DELETE", "/tables/list").header("Allow")?.contains("GET") == true)
        }
    }

    @Test func oversizedBodyIs413() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let (browser, before) = try prepared(port)
            let huge = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000)
            let answer = try browser.send(
                "POST", "/tables/list/reset",
                headers: [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", browser.origin)], body: huge)
            #expect(answer.status == 413)
            #expect(try browser.send("GET", "/tables/list/state.json").text == before)
        }
    }

    @Test(arguments: ["text/plain", "multipart/form-data; boundary=x", "application/json", ""])
    func otherContentTypesAre415(_ type: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let (browser, before) = try prepared(port)
            var headers: [(name: String, value: String)] = [("Origin", browser.origin)]
            if !type.isEmpty { headers.append(("Content-Type", type)) }
            let answer = try browser.send("POST", "/tables/list/reset", headers: headers,
                                          body: Array("csrf=\(try browser.csrfToken())".utf8))
            try expectErrorPage(answer, status: 415)
            #expect(try browser.send("GET", "/tables/list/state.json").text == before)
        }
    }

    @Test func charsetParameterIsAccepted() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            let answer = try browser.post("/tables/list/reset", fields: [("csrf", try browser.csrfToken())],
                                          contentType: "application/x-www-form-urlencoded; charset=UTF-8")
            #expect(answer.status == 303)
        }
    }
}
