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

    /// All live sessions, most recently used first (for saving and exporting).
    func snapshot() -> [(SessionID, Value)] {
        let now = clock()
        return storage.withLock { storage in
            storage.expire(olderThan: now - timeToLive)
            var result: [(SessionID, Value)] = []
            var cursor = storage.head
            while let slot = cursor {
                if let value = storage.nodes[slot].value { result.append((storage.nodes[slot].id, value)) }
                cursor = storage.nodes[slot].next
            }
            return result
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

        mutating func insert(id: SessionID, value: Value, at now: Double) {
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
            nodes[slot].lastUsed = now
            guard head != slot else { return }
            unlink(slot)
            nodes[slot].next = head
            if let head { nodes[head].previous = slot }
            head = slot
            if tail == nil { tail = slot }
        }

        mutating func remove(slot: Int) {
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

