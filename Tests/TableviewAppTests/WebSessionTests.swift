import Dispatch
import Synchronization
import Testing
@testable import TableviewApp

/// SPEC §4 sessions: per-cookie state, bounded in count and idle time, free for readers.
@Suite struct WebSessionTests {
    private func selectedRows(_ browser: Browser) throws -> [String] {
        try browser.nodes("//li[.//button[@aria-checked='true']]").compactMap { $0.attribute("id") }
    }

    @Test func sessionCookieIsHttpOnlySameSiteLaxPathRoot() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let answer = try Browser(port: port).send("GET", "/tables/picks")
            let cookie = try #require(answer.header("Set-Cookie"))
            #expect(cookie.hasPrefix("\(VisitorCookie.name)="))
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(cookie.contains("Path=/"))
            let id = cookie.dropFirst(VisitorCookie.name.count + 1).prefix { $0 != ";" }
            #expect(id.count == 64)  // 128 random bits and a 128-bit MAC, in hex
        }
    }

    @Test func readingCostsNoMemory() throws {
        try withLiveSite(tables: Fixtures.tables) { port, app in
            for _ in 0..<50 {
                let browser = Browser(port: port)
                try browser.get("/tables/picks")
                try browser.get("/tables/list")
            }
            #expect(app.site.sessions.count == 0)
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Banana")
            #expect(app.site.sessions.count == 1)
        }
    }

    @Test func twoVisitorsAreIsolated() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let first = Browser(port: port)
            let second = Browser(port: port)
            try first.get("/tables/picks")
            try second.get("/tables/picks")
            try first.press("Cherry")
            try second.get("/tables/picks")
            #expect(try selectedRows(first) == ["row_c"])
            #expect(try selectedRows(second) == ["row_a"])
        }
    }

    @Test(arguments: ["garbage", "", String(repeating: "f", count: 32), String(repeating: "Z", count: 32)])
    func unknownOrMalformedCookieGetsAFreshSession(_ value: String) throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let owner = Browser(port: port)
            try owner.get("/tables/picks")
            try owner.press("Cherry")
            let stranger = Browser(port: port)
            let answer = try stranger.send("GET", "/tables/picks", headers: [("Cookie", "\(VisitorCookie.name)=\(value)")])
            #expect(answer.status == 200)
            try stranger.get("/tables/picks")
            #expect(try selectedRows(stranger) == ["row_a"])
        }
    }

    @Test func leastRecentlyUsedVisitorIsEvicted() throws {
        try withLiveSite(tables: Fixtures.tables, maxSessions: 2) { port, app in
            let visitors = (0..<3).map { _ in Browser(port: port) }
            for visitor in visitors {
                try visitor.get("/tables/picks")
                try visitor.press("Cherry")
            }
            #expect(app.site.sessions.count == 2)
            try visitors[0].get("/tables/picks")
            #expect(try selectedRows(visitors[0]) == ["row_a"])  // evicted: back to the definition
            try visitors[2].get("/tables/picks")
            #expect(try selectedRows(visitors[2]) == ["row_c"])
        }
    }

    @Test func idleVisitorExpires() throws {
        let now = Mutex(0.0)
        try withLiveSite(tables: Fixtures.tables, sessionTTL: 60, clock: { now.withLock { $0 } }) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            try browser.press("Cherry")
            now.withLock { $0 += 30 }
            try browser.get("/tables/picks")
            #expect(try selectedRows(browser) == ["row_c"])
            now.withLock { $0 += 61 }
            try browser.get("/tables/picks")
            #expect(try selectedRows(browser) == ["row_a"])
            // The expired cookie keeps working as a fresh session.
            try browser.press("Banana")
            #expect(try selectedRows(browser) == ["row_b"])
        }
    }

    @Test func manyVisitorsInParallelEachReachTheirOwnState() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let rows = ["Apple", "Banana", "Cherry"]
            let failures = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: 24) { visitor in
                do {
                    let browser = Browser(port: port)
                    try browser.get("/tables/picks")
                    // Each visitor walks through a few selections and ends on its own row.
                    for step in 0..<4 { try browser.press(rows[(visitor + step) % 3]) }
                    let expected = "row_" + ["a", "b", "c"][(visitor + 3) % 3]
                    try browser.get("/tables/picks")
                    let selected = try browser.nodes("//li[.//button[@aria-checked='true'][@role='radio']]")
                        .compactMap { $0.attribute("id") }
                    if selected != [expected] { failures.withLock { $0.append("visitor \(visitor): \(selected)") } }
                } catch {
                    failures.withLock { $0.append("visitor \(visitor): \(error)") }
                }
            }
            #expect(failures.withLock { $0 }.isEmpty, "\(failures.withLock { $0 })")
        }
    }
}
