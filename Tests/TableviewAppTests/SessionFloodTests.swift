import Dispatch
import Synchronization
import TestSupport
import Testing
@testable import TableviewApp

/// SPEC §4: session ids are issued by the server only, and a flood of new sessions does not evict the state of
/// visitors who came back to their table. The flood's figures are printed so they can be quoted:
/// `swift test --filter SessionFloodTests`.
@Suite struct SessionFloodTests {
    private func selectedRows(_ browser: Browser) throws -> [String] {
        try browser.nodes("//li[.//button[@aria-checked='true']]").compactMap { $0.attribute("id") }
    }

    /// One flood session as a script makes it, as fast as it can: a GET for a cookie and a token, one POST that
    /// stores a state, never a second request with that cookie. Returns whether the POST was accepted.
    private static func floodSession(_ client: TestClient) throws -> Bool {
        let page = try client.request("GET", "/tables/picks")
        guard let setCookie = page.header("Set-Cookie"), let pair = setCookie.split(separator: ";").first,
            let token = page.text.firstMatch(of: /name="csrf" value="([-_0-9A-Za-z]+)"/)?.1
        else { return false }
        let body = Array("csrf=\(token)".utf8)
        let answer = try client.request("POST", "/tables/picks/rows/b/select", headers: [
            ("Cookie", String(pair)), ("Content-Type", "application/x-www-form-urlencoded"),
        ], body: body)
        return answer.status == 303
    }

    @Test func aFloodOfNewSessionsKeepsTheVisitorsWhoCameBack() throws {
        let capacity = 200
        try withLiveSite(tables: Fixtures.tables, maxSessions: capacity) { port, app in
            // 20 visitors change their table and look at it again (the redirect after the form is that look).
            let honest = (0..<20).map { _ in Browser(port: port) }
            for visitor in honest {
                try visitor.get("/tables/picks")
                try visitor.press("Cherry")
            }
            // Fifteen times the capacity in one-shot sessions, from four connections at once.
            let flood = capacity * 15
            let accepted = Atomic<Int>(0)
            let clock = ContinuousClock()
            let started = clock.now
            DispatchQueue.concurrentPerform(iterations: 4) { _ in
                guard let client = try? TestClient(port: port, timeout: .seconds(30)) else { return }
                for _ in 0..<(flood / 4) where (try? Self.floodSession(client)) == true {
                    accepted.add(1, ordering: .relaxed)
                }
            }
            let seconds = Double((clock.now - started).components.attoseconds) / 1e18
                + Double((clock.now - started).components.seconds)
            #expect(accepted.load(ordering: .relaxed) == flood)
            #expect(app.site.sessions.count == capacity)

            var kept = 0
            for visitor in honest {
                try visitor.get("/tables/picks")
                if try selectedRows(visitor) == ["row_c"] { kept += 1 }
            }
            print("SessionFlood: \(flood) one-shot sessions in \(String(format: "%.2f", seconds)) s "
                + "(\(Int(Double(flood) / seconds)) sessions/s) against --max-sessions \(capacity): "
                + "\(kept) of \(honest.count) returning visitors kept their state")
            #expect(kept == honest.count)
        }
    }

    @Test func aCookieNamingAnIdTheServerNeverIssuedGetsAFreshOne() throws {
        try withLiveSite(tables: Fixtures.tables) { port, app in
            let planted = String(repeating: "ab", count: 32)
            let victim = Browser(port: port)
            let answer = try victim.send("GET", "/tables/picks", headers: [("Cookie", "\(VisitorCookie.name)=\(planted)")])
            let fresh = try #require(answer.header("Set-Cookie"), "the planted id was adopted")
            #expect(!fresh.contains(planted))
            // The victim's changes go to the server's id, which the planter does not know.
            try victim.get("/tables/picks")
            try victim.press("Cherry")
            #expect(app.site.sessions.snapshot().map(\.0.rawValue) != [planted])
            let planter = Browser(port: port)
            let view = try planter.send("GET", "/tables/picks/state.json", headers: [("Cookie", "\(VisitorCookie.name)=\(planted)")])
            #expect(view.text.contains(#""selected": ["a"]"#))
        }
    }

    @Test func aPostWithAMadeUpIdIsRefused() throws {
        try withLiveSite(tables: Fixtures.tables) { port, app in
            let planted = String(repeating: "cd", count: 32)
            let token = app.site.tokens.token(for: try #require(SessionID(cookieValue: planted)))
            let answer = try Browser(port: port).send(
                "POST", "/tables/picks/rows/b/select",
                headers: [("Cookie", "\(VisitorCookie.name)=\(planted)"),
                          ("Content-Type", "application/x-www-form-urlencoded")],
                body: Array("csrf=\(token.text)".utf8))
            #expect(answer.status == 403)
            #expect(app.site.sessions.count == 0)
        }
    }
}
