import HTTPServer
import Testing
@testable import TableviewApp

/// SPEC §4: the session id is rotated when a visitor's state is first stored, so an id fetched by someone else and
/// planted in a browser is of no use to them; with `Secure`, the cookie's name carries the `__Host-` prefix.
@Suite struct SessionRotationTests {
    /// An issued id planted in a browser: the victim's first action must not store their state under it, or the
    /// planter could read it (`state.json`).
    @Test func anIssuedIDPlantedInABrowserNeverReachesTheStateStoredAfterIt() throws {
        try withLiveSite(tables: Fixtures.tables) { port, app in
            let planter = Browser(port: port)
            try planter.get("/tables/picks")
            let planted = try #require(planter.cookies[VisitorCookie.name])
            let plantedToken = try planter.csrfToken()

            let victim = Browser(port: port)
            victim.plantCookie(VisitorCookie.name, planted)
            #expect(try victim.get("/tables/picks").header("Set-Cookie") == nil, "an issued id is kept while reading")
            let answer = try victim.press("Cherry")
            let rotated = try #require(victim.cookies[VisitorCookie.name])
            #expect(answer.header("Set-Cookie") != nil)
            #expect(rotated != planted)
            #expect(try victim.csrfToken() != plantedToken)
            #expect(app.site.sessions.snapshot().map(\.0.rawValue) == [rotated])

            let view = try planter.get("/tables/picks/state.json")
            #expect(view.text.contains(#""selected": ["a"]"#), "the planter sees the victim's state: \(view.text)")
            #expect(try victim.get("/tables/picks/state.json").text.contains(#""selected": ["c"]"#))
            // The planter's own action with the planted id and its token stores a state of its own, elsewhere.
            try planter.get("/tables/picks")
            try planter.press("Banana")
            #expect(try victim.get("/tables/picks/state.json").text.contains(#""selected": ["c"]"#))
            #expect(planter.cookies[VisitorCookie.name] != rotated)
        }
    }

    @Test func aStoredVisitorKeepsTheirIDOnLaterActions() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Cherry")
            let stored = try #require(browser.cookies[VisitorCookie.name])
            #expect(try browser.press("Banana").header("Set-Cookie") == nil)
            #expect(browser.cookies[VisitorCookie.name] == stored)
        }
    }

    @Test func aSecureCookieIsNamedWithTheHostPrefix() throws {
        let id = SessionIssuer(secret: Array(repeating: 7, count: 32)).issue()
        var secure = Response(status: .ok)
        VisitorCookie(id: id, isNew: true).apply(to: &secure, secure: true)
        let header = try #require(secure.headers["Set-Cookie"])
        #expect(header.hasPrefix("__Host-tableview_session=\(id.rawValue);"))
        #expect(header.contains("Secure") && header.contains("Path=/") && !header.contains("Domain"))
        var plain = Response(status: .ok)
        VisitorCookie(id: id, isNew: true).apply(to: &plain, secure: false)
        #expect(try #require(plain.headers["Set-Cookie"]).hasPrefix("tableview_session=\(id.rawValue);"))

        let prefixed = Request(method: .get, target: "/", headers: ["Cookie": "__Host-tableview_session=\(id.rawValue)"])
        let unprefixed = Request(method: .get, target: "/", headers: ["Cookie": "tableview_session=\(id.rawValue)"])
        #expect(VisitorCookie.presentedID(of: prefixed, secure: true) == id)
        #expect(VisitorCookie.presentedID(of: unprefixed, secure: true) == nil, "a cookie without the prefix is not read")
        #expect(VisitorCookie.presentedID(of: unprefixed, secure: false) == id)
    }
}
