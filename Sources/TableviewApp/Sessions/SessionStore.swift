import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Visitors' stored values by session id, bounded in count (least recently used evicted first) and in idle time.
///
/// One `Mutex` guards everything: an operation is a dictionary lookup and a few index swaps in an intrusive
/// doubly linked list, so the critical section is short. Entries are kept in recency order, which makes idle
/// expiry cheap too: the expired entries are always at the cold end of the list.
final class SessionStore<Value: Sendable>: Sendable {
    /// Monotonic seconds; injectable so tests can move time.
    typealias Clock = @Sendable () -> Double

    private let storage: Mutex<Storage>
    private let clock: Clock
    /// Most sessions kept; the least recently used goes first.
    let capacity: Int
    /// Seconds a session may stay idle.
    let timeToLive: Double

    init(capacity: Int, timeToLive: Double, clock: @escaping Clock = SessionStore.monotonicSeconds) {
        precondition(capacity > 0 && timeToLive > 0)
        self.capacity = capacity
        self.timeToLive = timeToLive
        self.clock = clock
        storage = Mutex(Storage())
    }

    /// Number of sessions stored now (expired ones may linger until the next write).
    var count: Int { storage.withLock { $0.index.count } }

    /// Slots allocated for sessions, used or free: what the store's memory grows with. Never above ``capacity``.
    var slotCount: Int { storage.withLock { $0.nodes.count } }

    /// The value stored for `id`, or nil when there is none or it has expired. Marks the session used.
    func value(for id: SessionID) -> Value? {
        let now = clock()
        return storage.withLock { storage in
            guard let slot = storage.index[id] else { return nil }
            if now - storage.nodes[slot].lastUsed > timeToLive {
                storage.remove(slot: slot)
                return nil
            }
            storage.touch(slot: slot, at: now)
            return storage.nodes[slot].value
        }
    }

    /// Reads and changes the value of `id` in one step (nil: no stored value). Returning nil from `body`
    /// removes the session; returning a value stores it, evicting the least recently used session when full.
    @discardableResult
    func update<Result>(_ id: SessionID, _ body: (inout Value?) throws -> Result) rethrows -> Result {
        let now = clock()
        return try storage.withLock { storage in
            storage.expire(olderThan: now - timeToLive)
            let slot = storage.index[id]
            var value = slot.flatMap { storage.nodes[$0].value }
            let result = try body(&value)
            switch (slot, value) {
            case let (slot?, value?):
                storage.nodes[slot].value = value
                storage.touch(slot: slot, at: now)
            case let (slot?, nil):
                storage.remove(slot: slot)
            case let (nil, value?):
                if storage.index.count >= capacity, let coldest = storage.tail { storage.remove(slot: coldest) }
                storage.insert(id: id, value: value, at: now)
            case (nil, nil):
                break
            }
            return result
        }
    }

    /// All live sessions, most recently used first (for exporting).
    func snapshot() -> [(SessionID, Value)] {
        snapshotForSaving().sessions.map { ($0.id, $0.value) }
    }

    /// All live sessions, most recently used first, with how long each has been idle, and the store's
    /// ``generation`` at that moment.
    func snapshotForSaving() -> (sessions: [StoredSession<Value>], generation: UInt64) {
        let now = clock()
        return storage.withLock { storage in
            storage.expire(olderThan: now - timeToLive)
            var result: [StoredSession<Value>] = []
            result.reserveCapacity(storage.index.count)
            var cursor = storage.head
            while let slot = cursor {
                let node = storage.nodes[slot]
                if let value = node.value {
                    result.append(StoredSession(id: node.id, value: value, idleSeconds: max(0, now - node.lastUsed)))
                }
                cursor = node.next
            }
            return (result, storage.generation)
        }
    }

    /// Counts every change to the store — a session stored, changed, used, evicted or expired — so that a saver
    /// can tell whether anything happened since its last save.
    var generation: UInt64 { storage.withLock { $0.generation } }

    /// Puts saved sessions back, as idle as they were when saved: the ones idle longer than ``timeToLive`` are
    /// left out, and when there are more than ``capacity`` the least recently used ones are. Meant for start-up,
    /// before any request: restored sessions go in at the warm end of the recency list, so any session already
    /// stored must have been used more recently than they were (an id already stored is skipped).
    /// Returns how many were restored.
    @discardableResult
    func restore(_ sessions: [StoredSession<Value>]) -> Int {
        let now = clock()
        // Coldest first, so each insertion at the warm end keeps the list in recency order.
        let warmest = sessions.filter { $0.idleSeconds >= 0 && $0.idleSeconds <= timeToLive }
            .sorted { $0.idleSeconds < $1.idleSeconds }
            .prefix(capacity)
        return storage.withLock { storage in
            var restored = 0
            for session in warmest.reversed() where storage.index[session.id] == nil {
                if storage.index.count >= capacity {
                    guard let coldest = storage.tail, storage.nodes[coldest].lastUsed < now - session.idleSeconds
                    else { continue }
                    storage.remove(slot: coldest)
                }
                storage.insert(id: session.id, value: session.value, at: now - session.idleSeconds)
                restored += 1
            }
            return restored
        }
    }

    /// Seconds on the system's monotonic clock.
    @Sendable static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension SessionStore {
    /// A session in the recency list; `previous` is warmer, `next` colder.
    fileprivate struct Node {
        var id: SessionID
        /// Nil once the slot is freed, so an evicted session's memory goes at once.
        var value: Value?
        var lastUsed: Double
        var previous: Int?
        var next: Int?
    }

    /// The dictionary plus an array-backed list; freed slots are reused so the arrays never grow past capacity.
    fileprivate struct Storage: ~Copyable {
        var index: [SessionID: Int] = [:]
        var nodes: [Node] = []
        var freeSlots: [Int] = []
        var head: Int?
        var tail: Int?
        /// See ``SessionStore/generation``.
        var generation: UInt64 = 0

        mutating func insert(id: SessionID, value: Value, at now: Double) {
            generation &+= 1
            let node = Node(id: id, value: value, lastUsed: now, previous: nil, next: head)
            let slot: Int
            if let reused = freeSlots.popLast() {
                nodes[reused] = node
                slot = reused
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            if let head { nodes[head].previous = slot }
            head = slot
            if tail == nil { tail = slot }
            index[id] = slot
        }

        mutating func touch(slot: Int, at now: Double) {
            generation &+= 1
            nodes[slot].lastUsed = now
            guard head != slot else { return }
            unlink(slot)
            nodes[slot].next = head
            if let head { nodes[head].previous = slot }
            head = slot
            if tail == nil { tail = slot }
        }

        mutating func remove(slot: Int) {
            generation &+= 1
            unlink(slot)
            index[nodes[slot].id] = nil
            nodes[slot].value = nil
            freeSlots.append(slot)
        }

        /// Drops sessions idle since before `cutoff`; they sit at the cold end.
        mutating func expire(olderThan cutoff: Double) {
            while let coldest = tail, nodes[coldest].lastUsed < cutoff { remove(slot: coldest) }
        }

        private mutating func unlink(_ slot: Int) {
            let (previous, next) = (nodes[slot].previous, nodes[slot].next)
            if let previous { nodes[previous].next = next } else { head = next }
            if let next { nodes[next].previous = previous } else { tail = previous }
            nodes[slot].previous = nil
            nodes[slot].next = nil
        }
    }
}


/// A session as saved and restored: its id, its value and how long it had been idle.
struct StoredSession<Value: Sendable>: Sendable {
    let id: SessionID
    let value: Value
    /// Seconds since the session was last used.
    let idleSeconds: Double
}
