import HTTPServer
import Testing
@testable import TableviewApp

/// An unchanged page is answered from the page cache or with 304; a changed state never is.
@Suite struct WebCachingTests {
    @Test func unchangedPageAnswers304ToItsETag() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            let first = try browser.get("/tables/picks")
            let tag = try #require(first.header("ETag"))
            #expect(first.header("Cache-Control") == "no-store")
            let again = try browser.send("GET", "/tables/picks", headers: [("If-None-Match", tag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            try browser.get("/tables/picks")  // kept in the page cache: the next 304 is the cached page's
            let cached = try browser.send("GET", "/tables/picks", headers: [("If-None-Match", tag)])
            // RFC 9110 §15.4.5: a 304 repeats the Cache-Control, ETag and Vary its 200 would carry.
            for answer in [again, cached] {
                #expect(answer.status == 304)
                #expect(answer.body.isEmpty)
                for name in ["ETag", "Cache-Control", "Vary", "Content-Length"] {
                    #expect(answer.header(name) == first.header(name), "\(name)")
                }
            }
            try browser.press("Banana")
            let changed = try browser.send("GET", "/tables/picks", headers: [("If-None-Match", tag)])
            #expect(changed.status == 200)
            #expect(changed.header("ETag") != tag)
        }
    }

    @Test func etagIsBoundToTheSession() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let first = Browser(port: port)
            let second = Browser(port: port)
            let tagOfFirst = try #require(try first.get("/tables/picks").header("ETag"))
            try second.get("/tables/picks")
            let answer = try second.send("GET", "/tables/picks", headers: [("If-None-Match", tagOfFirst)])
            #expect(answer.status == 200)
        }
    }

    /// The tag must tell nothing of the CSRF token or the session id: proxies log it and browsers send it back.
    @Test func anETagRevealsNothingOfTheTokenOrTheSessionID() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            for step in 0..<2 {
                if step == 1 { try browser.press("Banana") }
                let tag = try #require(try browser.get("/tables/picks").header("ETag"))
                let secrets = [try browser.csrfToken(), try #require(browser.cookies[VisitorCookie.name])]
                for secret in secrets {
                    let pieces = Set((0...(secret.count - 6)).map { secret.dropFirst($0).prefix(6).lowercased() })
                    #expect(!pieces.contains { tag.lowercased().contains($0) }, "\(tag) shows part of \(secret)")
                }
            }
        }
    }

    @Test func cachedPageFollowsEveryChange() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/picks")
            for row in ["Banana", "Cherry", "Apple", "Cherry"] {
                try browser.press(row)
                try browser.get("/tables/picks")  // served from the cache the second time
                let checked = try browser.nodes("//button[@role='radio'][@aria-checked='true']").map(\.accessibleName)
                #expect(checked.first?.hasPrefix(row) == true)
            }
        }
    }

    @Test func pageWithAMessageIsNeverAnsweredFromCache() throws {
        try withLiveSite(tables: Fixtures.tables) { port, _ in
            let browser = Browser(port: port)
            try browser.get("/tables/list")
            try browser.press("Delete only", in: "//*[@role='group']")
            let tag = try #require(try browser.get("/tables/list").header("ETag"))
            try browser.press("Delete Camera")
            #expect(try browser.message()?.role == "status")
            try browser.get("/tables/list")
            #expect(try browser.message() == nil)
            #expect(browser.response?.header("ETag") != tag)
        }
    }

    @Test(arguments: [
        ("W/\"abc-1\"", "W/\"abc-1\"", true), ("\"abc-1\"", "W/\"abc-1\"", true), ("*", "W/\"x\"", true),
        ("W/\"abc-2\", W/\"abc-1\"", "W/\"abc-1\"", true), ("W/\"abc-10\"", "W/\"abc-1\"", false),
        ("W/\"abc-2\",\tW/\"abc-1\" ", "\"abc-1\"", true), (" , ", "W/\"x\"", false), ("", "W/\"x\"", false),
        ("W/\"abc-1", "W/\"abc-1\"", false), ("\"ab\"c-1\"", "W/\"abc-1\"", false),
    ])
    func ifNoneMatchUsesWeakComparison(_ header: String, _ tag: String, _ expected: Bool) {
        #expect(Request.entityTagList(header, names: tag) == expected)
    }
}
