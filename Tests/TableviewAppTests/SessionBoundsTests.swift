import TableModel
import TestSupport
import Testing
@testable import TableviewApp

/// Memory stays bounded: readers store nothing, writers at most `--max-sessions`, restored sessions too.
@Suite struct SessionBoundsTests {
    private func id(_ n: Int) -> SessionID {
        let digits = String(n, radix: 16)
        return SessionID(cookieValue: String(repeating: "0", count: 32 - digits.count) + digits)!
    }

    @Test func thousandsOfCookielessRequestsStoreNothing() throws {
        try withLiveSite(tables: Fixtures.tables) { port, app in
            // A few keep-alive connections, as a crawler or a load test would use.
            for _ in 0..<4 {
                let client = try TestClient(port: port, timeout: .seconds(30))
                for path in Array(repeating: ["/tables/picks", "/tables/list/state.json", "/", "/tables/fold"],
                                  count: 125).joined() {
                    #expect(try client.request(path == "/" ? "HEAD" : "GET", path).status < 400)
                }
            }
            #expect(app.site.sessions.count == 0)
            #expect(app.site.sessions.slotCount == 0)
        }
    }

    @Test func thousandsOfWritersKeepAtMostMaxSessions() throws {
        let store = SessionStore<Visitor>(capacity: 50, timeToLive: 3600)
        let table = try #require(DefinitionLoader.load(Fixtures.tables).get().table(id: "picks"))
        for n in 0..<5_000 {
            try store.update(id(n)) { visitor in
                var changed = visitor ?? Visitor()
                changed.store(try! TableState(definition: table).applying(.select(row: "b")).get().state)
                visitor = changed
            }
        }
        #expect(store.count == 50)
        #expect(store.slotCount == 50)
    }

    @Test func restoringKeepsTheWarmestWithinCapacityAndDropsTheExpired() throws {
        let store = SessionStore<Int>(capacity: 3, timeToLive: 100)
        let saved = (0..<6).map { StoredSession(id: id($0), value: $0, idleSeconds: Double($0) * 30) }
        #expect(store.restore(saved) == 3)
        // Idle 0, 30 and 60 s are kept, most recently used first; 90 s lost to capacity, 120 and 150 s expired.
        #expect(store.snapshot().map(\.1) == [0, 1, 2])
        #expect(store.snapshotForSaving().sessions.map { Int($0.idleSeconds.rounded()) } == [0, 30, 60])
    }

    @Test func restoredSessionsExpireWhenTheirSavedIdleTimeRunsOut() throws {
        let clock = SessionStoreTests.ManualClock()
        let store = SessionStore<Int>(capacity: 10, timeToLive: 100, clock: clock.read)
        store.restore([StoredSession(id: id(1), value: 1, idleSeconds: 90),
                       StoredSession(id: id(2), value: 2, idleSeconds: 10)])
        clock.advance(20)
        #expect(store.value(for: id(1)) == nil)
        #expect(store.value(for: id(2)) == 2)
    }

    @Test func theStoreCountsItsChangesForTheSaver() throws {
        let store = SessionStore<Int>(capacity: 10, timeToLive: 100)
        let start = store.generation
        _ = store.value(for: id(1))
        #expect(store.generation == start)  // a miss changes nothing
        try store.update(id(1)) { $0 = 1 }
        let stored = store.generation
        #expect(stored != start)
        _ = store.value(for: id(1))
        #expect(store.generation != stored)  // use moves the session in the recency order
    }
}
