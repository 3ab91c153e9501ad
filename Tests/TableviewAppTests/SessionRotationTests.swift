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

    /// SPEC §2 "Every tap counts": two tabs open before the first tap; the first tab's tap rotates the id, and the
    /// second tab's form, carrying the old id's token, still acts for the session it rotated to. The old token with
    /// another session's cookie, or the old id alone, reaches nothing.
    @Test func aFormLoadedBeforeTheIDRotatedStillActsForTheRotatedSession() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let first = Browser(port: port)
            try first.get("/tables/picks")
            let old = try #require(first.cookies[VisitorCookie.name])
            let second = Browser(port: port)
            second.plantCookie(VisitorCookie.name, old)
            try second.get("/tables/picks")
            let oldToken = try second.csrfToken()

            try first.press("Xigua")
            let rotated = try #require(first.cookies[VisitorCookie.name])
            #expect(rotated != old)
            // The browser sends the new cookie with the second tab's form, which carries the old token.
            second.plantCookie(VisitorCookie.name, rotated)
            let answer = try second.press("Yuzu")
            #expect(answer.status == 303)
            #expect(try first.get("/tables/picks/state.json").text.contains(#""x", "y"]"#))
            #expect(try second.csrfToken() != oldToken, "the page after it carries the session's own token")

            // The old token is honoured for the session it rotated to only.
            let stranger = Browser(port: port)
            try stranger.get("/tables/picks")
            try stranger.press("Banana")
            let strangersPage = try stranger.post("/tables/picks/rows/z/select", fields: [("csrf", oldToken)])
            #expect(strangersPage.status == 403)
            // The old id alone holds nothing: its token stores a fresh state elsewhere, never the rotated one's.
            let planter = Browser(port: port)
            planter.plantCookie(VisitorCookie.name, old)
            try planter.get("/tables/picks")
            try planter.press("Banana")
            #expect(planter.cookies[VisitorCookie.name] != rotated)
            #expect(try first.get("/tables/picks/state.json").text.contains(#""x", "y"]"#))
        }
    }

    /// Reset starts the visitor over under a fresh id: the id before it reaches nothing, and a page loaded before it
    /// still acts.
    @Test func resetMovesTheStateToAFreshID() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Xigua")
            let before = try #require(browser.cookies[VisitorCookie.name])
            let otherTab = Browser(port: port)
            otherTab.plantCookie(VisitorCookie.name, before)
            try otherTab.get("/tables/picks")
            let answer = try browser.press("Reset")
            let after = try #require(browser.cookies[VisitorCookie.name])
            #expect(answer.status == 303 && answer.header("Set-Cookie") != nil)
            #expect(after != before)
            let stale = Browser(port: port)
            stale.plantCookie(VisitorCookie.name, before)
            #expect(try stale.get("/tables/picks/state.json").text.contains(#""undo": []"#))
            #expect(try browser.get("/tables/picks").status == 200)
            #expect(try browser.buttons(named: "Undo reset").count == 1, "the state after the Reset moved along")
            // The other tab's page, loaded before the Reset, acts for the session with the browser's new cookie.
            otherTab.plantCookie(VisitorCookie.name, after)
            #expect(try otherTab.press("Yuzu").status == 303)
            #expect(try browser.get("/tables/picks/state.json").text.contains(#""y""#))
        }
    }

    /// A cookie overwritten by someone who holds the id (planted with a state of their making): the visitor's next
    /// form, from a page of their own session, carries another id's token. It is refused, and the state moves to an
    /// id the planter does not know.
    @Test func aTokenOfAnotherIDMovesThePlantedStateAwayFromThePlanter() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let planter = Browser(port: port)
            try planter.get("/tables/picks")
            try planter.press("Xigua")
            let planted = try #require(planter.cookies[VisitorCookie.name])

            let victim = Browser(port: port)
            try victim.get("/tables/picks")
            try victim.press("Mango")
            victim.plantCookie(VisitorCookie.name, planted)
            let refused = try victim.press("Yuzu")
            #expect(refused.status == 403)
            let moved = try #require(victim.cookies[VisitorCookie.name])
            #expect(moved != planted, "the 403 sets a fresh id")
            #expect(try planter.get("/tables/picks/state.json").text.contains(#""selected": ["a"]"#),
                    "the planted id holds nothing any more")
            try victim.get("/tables/picks")
            try victim.press("Zucchini")
            #expect(try victim.get("/tables/picks/state.json").text.contains(#""x", "z""#))
            #expect(!(try planter.get("/tables/picks/state.json").text.contains(#""z""#)))
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
