import Synchronization
import HTTPServer
import Testing
@testable import TableviewApp

@Suite struct SessionStoreTests {
    /// A clock the test moves by hand.
    final class ManualClock: Sendable {
        private let now = Mutex(0.0)
        func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
        var read: @Sendable () -> Double { { [self] in now.withLock { $0 } } }
    }

    private func id(_ n: Int) -> SessionID {
        let digits = String(n, radix: 16)
        return SessionID(cookieValue: String(repeating: "0", count: 32 - digits.count) + digits)!
    }

    @Test func readingDoesNotStoreAnything() throws {
        let store = SessionStore<Int>(capacity: 4, timeToLive: 60)
        #expect(store.value(for: id(1)) == nil)
        try store.update(id(1)) { _ in }
        #expect(store.count == 0)
    }

    @Test func updateStoresChangesAndRemoves() throws {
        let store = SessionStore<Int>(capacity: 4, timeToLive: 60)
        try store.update(id(1)) { $0 = 10 }
        try store.update(id(1)) { $0! += 1 }
        #expect(store.value(for: id(1)) == 11)
        try store.update(id(1)) { $0 = nil }
        #expect(store.value(for: id(1)) == nil)
        #expect(store.count == 0)
    }

    private struct Refused: Error {}

    /// A body that throws before it changes the value leaves the session as it was: stored, with its value, on
    /// probation still (the failed update is not a use), and a new session is not stored at all.
    @Test func aBodyThatThrowsLeavesTheSessionAsItWas() throws {
        let store = SessionStore<[String: Int]>(capacity: 4, timeToLive: 60)
        try store.update(id(1)) { $0 = ["a": 1] }
        let generation = store.generation
        #expect(throws: Refused.self) {
            try store.update(id(1)) { value in
                #expect(value == ["a": 1])
                throw Refused()
            }
        }
        #expect(throws: Refused.self) { try store.update(id(2)) { _ in throw Refused() } }
        #expect(store.generation == generation)
        #expect(store.count == 1 && store.protectedCount == 0)
        #expect(store.value(for: id(1)) == ["a": 1])
        // The value comes out of the store for the body: changing it changes what is stored.
        try store.update(id(1)) { $0?["b"] = 2 }
        #expect(store.value(for: id(1)) == ["a": 1, "b": 2])
    }

    /// `read` lends the stored value, one field or all of it, and counts as a use as `value(for:)` does:
    /// nil for a session never stored, removed or expired, and a read keeps the session alive and warm.
    @Test func readTakesFieldsOfTheStoredValueAndCountsAsAUse() throws {
        struct Visit: Sendable, Equatable { var name: String; var taps: [Int] }
        let clock = ManualClock()
        let store = SessionStore<Visit>(capacity: 2, timeToLive: 30, clock: clock.read)
        #expect(store.read(id(1)) { $0.name } == nil)
        try store.update(id(1)) { $0 = Visit(name: "one", taps: [1, 2, 3]) }
        try store.update(id(2)) { $0 = Visit(name: "two", taps: []) }
        #expect(store.read(id(1)) { $0.taps.count } == 3)
        #expect(store.read(id(1)) { copy $0 } == Visit(name: "one", taps: [1, 2, 3]))
        // Read, 1 is the warmer: a newcomer evicts 2.
        try store.update(id(3)) { $0 = Visit(name: "three", taps: []) }
        #expect(store.read(id(2)) { $0.name } == nil)
        // Reads keep a session alive past its idle time from the start.
        for _ in 0..<3 {
            clock.advance(20)
            #expect(store.read(id(1)) { $0.name } == "one")
        }
        // A value changed by an update is what the next read sees; a removed one reads as nil.
        try store.update(id(1)) { $0?.taps.append(4) }
        #expect(store.read(id(1)) { $0.taps } == [1, 2, 3, 4])
        try store.update(id(1)) { $0 = nil }
        #expect(store.read(id(1)) { $0.name } == nil)
        clock.advance(31)
        #expect(store.read(id(3)) { $0.name } == nil)
    }

    @Test func leastRecentlyUsedSessionIsEvictedFirst() throws {
        let store = SessionStore<Int>(capacity: 3, timeToLive: 60)
        for n in 1...3 { try store.update(id(n)) { $0 = n } }
        _ = store.value(for: id(1))  // 2 is now the coldest
        try store.update(id(4)) { $0 = 4 }
        #expect(store.count == 3)
        #expect(store.value(for: id(2)) == nil)
        #expect(store.value(for: id(1)) == 1)
        #expect(store.value(for: id(3)) == 3)
        #expect(store.value(for: id(4)) == 4)
    }

    @Test func idleSessionsExpire() throws {
        let clock = ManualClock()
        let store = SessionStore<Int>(capacity: 10, timeToLive: 30, clock: clock.read)
        try store.update(id(1)) { $0 = 1 }
        clock.advance(20)
        try store.update(id(2)) { $0 = 2 }
        clock.advance(20)
        #expect(store.value(for: id(1)) == nil)
        #expect(store.value(for: id(2)) == 2)
        clock.advance(31)
        try store.update(id(3)) { $0 = 3 }
        #expect(store.count == 1)
    }

    @Test func usingASessionKeepsItAlive() throws {
        let clock = ManualClock()
        let store = SessionStore<Int>(capacity: 10, timeToLive: 30, clock: clock.read)
        try store.update(id(1)) { $0 = 1 }
        for _ in 0..<5 {
            clock.advance(25)
            #expect(store.value(for: id(1)) == 1)
        }
    }

    @Test func slotsAreReusedSoTheStoreStaysBounded() throws {
        let store = SessionStore<[Int]>(capacity: 100, timeToLive: 60)
        for n in 0..<10_000 { try store.update(id(n)) { $0 = [n] } }
        #expect(store.count == 100)
        let kept = store.snapshot().map(\.1[0])
        #expect(kept == Array((9_900..<10_000).reversed()))
    }

    @Test func concurrentUpdatesAreNotLost() async {
        let store = SessionStore<Int>(capacity: 1000, timeToLive: 60)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<500 { try? store.update(self.id(task)) { $0 = ($0 ?? 0) + 1 } }
                }
            }
        }
        for task in 0..<8 { #expect(store.value(for: id(task)) == 500) }
    }

    /// `update` stores what its body leaves (nil removes), and leaves the store as it was when the body throws.
    @Test func updateStoresWhatItsBodyLeavesAndAThrowChangesNothing() throws {
        let store = SessionStore<[String: Int]>(capacity: 4, timeToLive: 60)
        let made = try store.update(id(1)) { value in
            #expect(value == nil)
            value = ["a": 1]
            return "made"
        }
        #expect(made == "made" && store.value(for: id(1)) == ["a": 1])
        #expect(throws: Refused.self) {
            try store.update(id(1)) { (value: inout [String: Int]?) throws in
                throw Refused()
            }
        }
        #expect(store.value(for: id(1)) == ["a": 1])
        try store.update(id(1)) { $0?["b"] = 2 }
        #expect(store.value(for: id(1)) == ["a": 1, "b": 2])
        try store.update(id(1)) { $0 = nil }
        #expect(store.value(for: id(1)) == nil && store.count == 0)
        // Nothing stored and nothing left: still nothing.
        try store.update(id(2)) { _ in }
        #expect(store.count == 0)
    }

    @Test func concurrentUpdatesOfOneSessionAreNotLost() async {
        let store = SessionStore<Int>(capacity: 1000, timeToLive: 60)
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<8 {
                group.addTask {
                    for _ in 0..<500 {
                        // Two tasks to a session, so that updates meet.
                        try? store.update(self.id(task / 2)) { $0 = ($0 ?? 0) + 1 }
                    }
                }
            }
        }
        for session in 0..<4 { #expect(store.value(for: id(session)) == 1000) }
    }

    /// Segmented LRU: a session used on a second request is protected, and new sessions evict each other first.
    @Test func newSessionsEvictEachOtherBeforeAReturningOne() throws {
        let store = SessionStore<Int>(capacity: 10, timeToLive: 60)
        try store.update(id(0)) { $0 = 0 }
        _ = store.value(for: id(0))  // came back
        for n in 1...1_000 { try store.update(id(n)) { $0 = n } }
        #expect(store.count == 10)
        #expect(store.value(for: id(0)) == 0)
        #expect(store.protectedCount == 1)
    }

    @Test func returningSessionsHoldAtMostTheirShareSoNewcomersStillFit() throws {
        let store = SessionStore<Int>(capacity: 10, timeToLive: 60)
        for n in 0..<10 {
            try store.update(id(n)) { $0 = n }
            _ = store.value(for: id(n))
        }
        #expect(store.protectedCount == 8)
        // The coldest returning sessions went back to probation: they go before the newest protected ones.
        try store.update(id(100)) { $0 = 100 }
        #expect(store.value(for: id(0)) == nil)
        #expect(store.value(for: id(9)) == 9)
        #expect(store.value(for: id(100)) == 100)
    }

    @Test func aSessionMovedBackToProbationStillExpires() throws {
        let clock = ManualClock()
        let store = SessionStore<Int>(capacity: 10, timeToLive: 30, clock: clock.read)
        try store.update(id(0)) { $0 = 0 }
        _ = store.value(for: id(0))
        clock.advance(20)
        try store.update(id(99)) { $0 = 99 }  // a newcomer, at probation's cold end
        // Eight more returning sessions push the first one back to probation's warm end.
        for n in 1...8 {
            try store.update(id(n)) { $0 = n }
            _ = store.value(for: id(n))
        }
        clock.advance(15)
        #expect(try store.update(id(0)) { $0 } == nil, "an expired session came back to life")
        #expect(!store.snapshot().map(\.0).contains(id(0)))
        #expect(store.value(for: id(99)) == 99)
    }

    @Test func aByteLimitEvictsTheColdestUntilTheValuesFit() throws {
        let store = SessionStore<[UInt8]>(capacity: 100, timeToLive: 60, byteLimit: 1_000) { $0.count }
        for n in 0..<10 { try store.update(id(n)) { $0 = Array(repeating: 0, count: 300) } }
        #expect(store.weight <= 1_000)
        #expect(store.count == 3)
        #expect(store.value(for: id(9)) != nil)
        try store.update(id(20)) { $0 = Array(repeating: 0, count: 2_000) }
        #expect(store.value(for: id(20)) == nil, "a value over the whole limit is not kept")
        #expect(store.weight <= 1_000)
    }

    @Test func theSegmentSurvivesASaveAndRestore() throws {
        let store = SessionStore<Int>(capacity: 10, timeToLive: 60)
        try store.update(id(1)) { $0 = 1 }
        _ = store.value(for: id(1))
        try store.update(id(2)) { $0 = 2 }
        let saved = store.snapshotForSaving().sessions
        #expect(saved.map(\.isReturning) == [false, true])
        let restored = SessionStore<Int>(capacity: 10, timeToLive: 60)
        restored.restore(saved)
        #expect(restored.protectedCount == 1)
    }
}

/// The page cache is bounded by bytes, not only by count: big tables make big pages (SPEC §4).
@Suite struct PageCacheBoundsTests {
    @Test func pagesTogetherNeverExceedTheByteLimit() throws {
        let cache = PageCache(capacity: 512, maximumPageSize: 256 * 1024, byteLimit: 1024 * 1024)
        for n in 0..<200 {
            cache.store(Self.page(version: n, bytes: 200_000), for: Self.session(n))
        }
        #expect(cache.byteCount <= 1024 * 1024)
        #expect(cache.byteCount >= 800_000, "the budget is used, not left empty")
    }

    /// A kept page answers only the request it was made for: its table and version, the page itself or its 304.
    @Test func aKeptPageAnswersItsVisitorsVersionOnly() throws {
        let cache = PageCache()
        cache.store(Self.page(version: 7, bytes: 100), for: Self.session(1))
        let answer = { (session: Int, version: UInt64, headers: HTTPHeaders) in
            cache.answer(to: Request(method: .get, target: "/tables/t", headers: headers),
                         session: Self.session(session), table: "t", version: version, language: .en,
                         reportsTaps: true)?.status
        }
        #expect(answer(1, 7, [:]) == .ok)
        #expect(answer(1, 7, ["If-None-Match": "W/\"y\", W/\"x\""]) == .notModified)
        #expect(answer(2, 7, [:]) == nil)
        #expect(answer(1, 6, [:]) == nil)
    }

    private static func session(_ n: Int) -> SessionID {
        let digits = String(n, radix: 16)
        return SessionID(cookieValue: String(repeating: "0", count: 32 - digits.count) + digits)!
    }

    private static func page(version: Int, bytes: Int) -> PageCache.Page {
        PageCache.Page(tableID: "t", version: UInt64(version), language: .en, reportsTaps: true,
                       response: Response(body: Array(repeating: 0, count: bytes)), tag: "W/\"x\"")
    }
}
