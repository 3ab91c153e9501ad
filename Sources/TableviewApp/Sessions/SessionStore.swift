import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Visitors' stored values by session id, bounded in count, in idle time and optionally in bytes.
///
/// Eviction is a segmented LRU, so that a flood of new sessions cannot push out the visitors who came back: a
/// session starts on *probation* and is *protected* once it is used on a second request. When the store is full
/// the coldest session on probation goes first; protected sessions go only when there is no session on probation
/// left. The protected segment holds at most ``protectedShare`` of the capacity (its coldest session is moved back
/// to probation beyond that), so the newcomers of a busy store always have room to prove themselves.
///
/// One `Mutex` guards everything: an operation is a dictionary lookup and a few index swaps in intrusive doubly
/// linked lists, so the critical section is short. Each segment is kept in recency order, which makes idle expiry
/// cheap too: the expired entries are always at the cold ends.
final class SessionStore<Value: Sendable>: Sendable {
    /// Monotonic seconds; injectable so tests can move time.
    typealias Clock = @Sendable () -> Double

    /// The share of ``capacity`` that returning visitors may hold; the rest is probation room for newcomers.
    static var protectedShare: Double { 0.8 }

    private let storage: Mutex<Storage>
    private let clock: Clock
    /// Most sessions kept.
    let capacity: Int
    /// Seconds a session may stay idle.
    let timeToLive: Double

    /// Where the changes that outlive the process go (`serve --database`); nil keeps the sessions in memory only.
    let journal: (any SessionJournal<Value>)?

    /// A store of at most `capacity` sessions idle at most `timeToLive` seconds, and — with a `byteLimit` — whose
    /// values weigh at most that many bytes together, as `weight` counts them. With a `journal`, every change it
    /// keeps is committed before the update that made it returns, and sessions that leave the store leave it too.
    init(
        capacity: Int, timeToLive: Double, byteLimit: Int? = nil, weight: @escaping @Sendable (Value) -> Int = { _ in 0 },
        journal: (any SessionJournal<Value>)? = nil, clock: @escaping Clock = SessionStore.monotonicSeconds
    ) {
        precondition(capacity > 0 && timeToLive > 0)
        self.journal = journal
        self.capacity = capacity
        self.timeToLive = timeToLive
        self.clock = clock
        let protectedCapacity = max(1, Int((Double(capacity) * Self.protectedShare).rounded(.down)))
        storage = Mutex(Storage(capacity: capacity, protectedCapacity: protectedCapacity, byteLimit: byteLimit,
                                weight: weight, tracksRemovals: journal != nil))
    }

    /// Number of sessions stored now (expired ones may linger until the next write).
    var count: Int { storage.withLock { $0.index.count } }

    /// Number of protected sessions (used on more than one request) stored now.
    var protectedCount: Int { storage.withLock { $0.lists[Segment.protected.rawValue].count } }

    /// The bytes the stored values weigh together, as the store's `weight` counts them.
    var weight: Int { storage.withLock { $0.totalWeight } }

    /// Slots allocated for sessions, used or free: what the store's memory grows with. Never above ``capacity``.
    var slotCount: Int { storage.withLock { $0.nodes.count } }

    /// Whether a live session is stored for `id`, without counting it as a use.
    func contains(_ id: SessionID) -> Bool {
        let now = clock()
        return storage.withLock { storage in
            guard let slot = storage.index[id] else { return false }
            return now - storage.usage(of: slot).lastUsed <= timeToLive
        }
    }

    /// Seconds within which reading a protected session again leaves the store as it is.
    static var readGranularity: Double { 1 }

    /// The value stored for `id`, or nil when there is none or it has expired. Marks the session used.
    ///
    /// A read that finds a protected session used less than ``readGranularity`` ago writes nothing: a visitor
    /// reloading a page, or the GET after their POST, leaves the lists as they were. Recency and idle time are
    /// then exact to that second, which eviction and expiry (minutes) do not notice.
    func value(for id: SessionID) -> Value? {
        read(id) { copy $0 }
    }

    /// What `body` reads from the value stored for `id`, or nil when there is none or it has expired; marks the
    /// session used, as ``value(for:)`` does. `body` runs under the store's lock with the value lent to it, so
    /// reading a field or two of a large value takes no copy of the rest; it must be quick and must not use the
    /// store.
    func read<Result: Sendable>(_ id: SessionID, _ body: (borrowing Value) -> Result) -> Result? {
        let now = clock()
        return storage.withLock { storage in
            guard let slot = storage.index[id] else { return nil }
            let (lastUsed, segment) = storage.usage(of: slot)
            if now - lastUsed > timeToLive {
                storage.remove(slot: slot)
                noteRemovals(&storage)
                return nil
            }
            if segment != .protected || now - lastUsed >= Self.readGranularity {
                storage.touch(slot: slot, at: now)
            }
            return storage.withValue(in: slot, body)
        }
    }

    /// Reads and changes the value of `id` in one step, under the store's lock (nil: no stored value): the only way
    /// to change a session. Leaving nil in `value` removes the session; leaving a value stores it, evicting
    /// (probation first) when the store is full. With a ``journal``, a change to what it keeps is committed before
    /// this returns; when the commit fails, the session goes back to what it was and the error is thrown.
    ///
    /// `body` gets the stored value itself, moved out of the store for the call, so that changing it copies
    /// nothing (a copy left in the store would make the first change to each of its dictionaries copy them whole).
    /// When `body` throws, the value is put back as `body` leaves it: a body that throws must do so before it
    /// changes the value, as the site's do (they check, then change).
    @discardableResult
    func update<Result>(_ id: SessionID, _ body: (inout Value?) throws -> Result) throws -> Result {
        let (result, commit) = try change(id) { (value: inout Value?, _: inout SessionMove<Value>?) in try body(&value) }
        try commit?.wait()
        return result
    }

    /// ``update(_:_:)`` whose caller waits for the commit as it likes: the change is made, and the commit it needs, if
    /// any, is returned to be waited for (``SessionCommit/wait()``) or to be told of (``SessionCommit/whenDone(_:)``),
    /// either of which puts the session back if it fails. Until then the change must not be acknowledged.
    ///
    /// `body` may also move the value to a fresh id: what it leaves in `move` is stored under the move's id in the
    /// same step, and committed in the same batch as what it leaves in `value` (nil, to leave the old id empty), so a
    /// crash never keeps one without the other.
    func change<Result>(
        _ id: SessionID, moving body: (inout Value?, inout SessionMove<Value>?) throws -> Result
    ) throws -> (Result, SessionCommit<Value>?) {
        let now = clock()
        var commit: SessionCommit<Value>?
        let result = try storage.withLock { storage in
            let slot = storage.liveSlot(of: id, at: now, timeToLive: timeToLive)
            var value = slot.flatMap { storage.takeValue(of: $0) }
            // The value as it was, to go back to if the commit fails: a copy only when there is a journal.
            let previous = journal == nil ? nil : value
            var move: SessionMove<Value>?
            let result: Result
            do {
                result = try body(&value, &move)
            } catch {
                if let slot { storage.putBack(value, into: slot) }
                throw error
            }
            var changes: [JournalChange<Value>] = []
            var undo = SessionCommit<Value>.Undo(id: id, previous: previous)
            if let journal {
                undo.revision = journal.keptRevision(of: value)
                if undo.revision != journal.keptRevision(of: previous) || move != nil {
                    // A write to a stored session is its second use or later: it is protected from here on.
                    changes.append(JournalChange(id: id, value: value, isReturning: slot != nil))
                }
                if let move {
                    undo.moved = (move.id, journal.keptRevision(of: move.value))
                    changes.append(JournalChange(id: move.id, value: move.value))
                }
            }
            storage.write(value, for: id, in: slot, at: now)
            if let move { storage.write(move.value, for: move.id, in: storage.index[move.id], at: now) }
            if let journal {
                changes += storage.drainRemovals().map { JournalChange(id: $0, value: nil) }
                if !changes.isEmpty {
                    commit = SessionCommit(ticket: journal.note(changes), undo: undo, store: self, journal: journal)
                }
            }
            return result
        }
        return (result, commit)
    }

    /// Puts back what a change whose commit failed changed, where no later change came since (the journal still
    /// holds the value from before it, so the store and the journal agree again).
    fileprivate func revert(_ undo: SessionCommit<Value>.Undo, journal: any SessionJournal<Value>) {
        let now = clock()
        storage.withLock { storage in
            func revision(_ id: SessionID) -> UInt64 {
                guard let slot = storage.index[id] else { return journal.keptRevision(of: nil) }
                return storage.withValue(in: slot) { journal.keptRevision(of: $0) }
            }
            if let moved = undo.moved, revision(moved.id) == moved.revision, let slot = storage.index[moved.id] {
                storage.remove(slot: slot)
            }
            if revision(undo.id) == undo.revision {
                storage.write(undo.previous, for: undo.id, in: storage.index[undo.id], at: now)
            }
            // Sessions evicted to make room for the value put back leave the journal too.
            let evicted = storage.drainRemovals().filter { $0 != undo.id && $0 != undo.moved?.id }
            if !evicted.isEmpty { _ = journal.note(evicted.map { JournalChange(id: $0, value: nil) }) }
        }
    }

    /// Hands the sessions that left the store (evicted, expired) to the journal, which forgets them with its next
    /// commit; nobody waits for it.
    private func noteRemovals(_ storage: inout Storage) {
        guard let journal else { return }
        let removed = storage.drainRemovals()
        if !removed.isEmpty { _ = journal.note(removed.map { JournalChange(id: $0, value: nil) }) }
    }

    /// All live sessions, most recently used first (for exporting).
    func snapshot() -> [(SessionID, Value)] {
        snapshotForSaving().sessions.map { ($0.id, $0.value) }
    }

    /// All live sessions, most recently used first, with how long each has been idle and whether it is protected,
    /// and the store's ``generation`` at that moment.
    func snapshotForSaving() -> (sessions: [StoredSession<Value>], generation: UInt64) {
        let now = clock()
        return storage.withLock { storage in
            storage.expire(olderThan: now - timeToLive)
            noteRemovals(&storage)
            var result: [StoredSession<Value>] = []
            result.reserveCapacity(storage.index.count)
            for segment in [Segment.protected, .probation] {
                var cursor = storage.lists[segment.rawValue].head
                while let slot = cursor {
                    let node = storage.nodes[slot]
                    if let value = node.value, now - node.lastUsed <= timeToLive {
                        result.append(StoredSession(id: node.id, value: value, idleSeconds: max(0, now - node.lastUsed),
                                                    isReturning: segment == .protected))
                    }
                    cursor = node.next
                }
            }
            return (result.sorted { $0.idleSeconds < $1.idleSeconds }, storage.generation)
        }
    }

    /// Counts every change to the store — a session stored, changed, used, evicted or expired — so that a saver
    /// can tell whether anything happened since its last save.
    var generation: UInt64 { storage.withLock { $0.generation } }

    /// Puts saved sessions back, as idle as they were when saved and in the segment they were in: the ones idle
    /// longer than ``timeToLive`` are left out, and when there are more than ``capacity`` the least recently used
    /// ones are. Meant for start-up, before any request (an id already stored is skipped). Returns how many were
    /// restored.
    @discardableResult
    func restore(_ sessions: [StoredSession<Value>]) -> Int {
        let now = clock()
        // Coldest first, so each insertion at the warm end keeps each segment in recency order.
        let warmest = sessions.filter { $0.idleSeconds >= 0 && $0.idleSeconds <= timeToLive }
            .sorted { $0.idleSeconds < $1.idleSeconds }
            .prefix(capacity)
        return storage.withLock { storage in
            var restored = 0
            for session in warmest.reversed() where storage.index[session.id] == nil {
                if storage.index.count >= capacity {
                    guard let coldest = storage.coldest() else { continue }
                    storage.remove(slot: coldest)
                }
                let slot = storage.insert(id: session.id, value: session.value, at: now - session.idleSeconds,
                                          into: session.isReturning ? .protected : .probation)
                storage.shed(keeping: slot)
                restored += 1
            }
            noteRemovals(&storage)
            return restored
        }
    }

    /// Replaces every stored value with what `body` makes of it (nil removes the session), one session at a time
    /// so that requests are served in between, without counting it as a use: each session keeps its segment and
    /// its place in the recency order. A value stored meanwhile by a request is revised as it is then. Returns the
    /// ticket of the journal's last batch it joined, to wait for the revised values' commit (nil: nothing to wait
    /// for).
    @discardableResult
    func reviseAll(_ body: (Value) -> Value?) -> CommitTicket? {
        let ids = storage.withLock { Array($0.index.keys) }
        var ticket: CommitTicket?
        for id in ids {
            storage.withLock { storage in
                guard let slot = storage.index[id], let value = storage.nodes[slot].value else { return }
                let revised = body(value)
                if let revised {
                    storage.replace(slot: slot, with: revised)
                } else {
                    storage.remove(slot: slot)
                }
                if let journal {
                    let isReturning = revised != nil && storage.usage(of: slot).segment == .protected
                    var changes = [JournalChange(id: id, value: revised, isReturning: isReturning)]
                    changes += storage.drainRemovals().filter { $0 != id }.map { JournalChange(id: $0, value: nil) }
                    ticket = journal.note(changes)
                }
            }
        }
        return ticket
    }

    /// Seconds on the system's monotonic clock.
    @Sendable static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

/// The commit a change waits for before it is acknowledged (``SessionStore/change(_:moving:)``): when it fails, the
/// change is undone in the store, then reported.
struct SessionCommit<Value: Sendable>: Sendable {
    /// What a change did, so that a failed commit can put it back.
    struct Undo: Sendable {
        let id: SessionID
        let previous: Value?
        /// The kept revision the change left at `id`.
        var revision: UInt64 = 0
        /// The id the value moved to, and its kept revision there.
        var moved: (id: SessionID, revision: UInt64)?
    }

    let ticket: CommitTicket
    let undo: Undo
    let store: SessionStore<Value>
    let journal: any SessionJournal<Value>

    /// Calls `body` once the commit is done: with nil, or — after undoing the change — with why it failed.
    func whenDone(_ body: @escaping @Sendable (PersistenceError?) -> Void) {
        journal.whenCommitted(ticket) { [self] failure in
            if failure != nil { store.revert(undo, journal: journal) }
            body(failure)
        }
    }

    /// Returns once the commit is done; throws, after undoing the change, when it failed. Blocks the thread: for
    /// start-up, reloads and tests, not for requests (they answer through ``whenDone(_:)``).
    func wait() throws(PersistenceError) {
        let done = DispatchSemaphore(value: 0)
        let outcome = Mutex<PersistenceError?>(nil)
        whenDone { failure in
            outcome.withLock { $0 = failure }
            done.signal()
        }
        done.wait()
        if let failure = outcome.withLock({ $0 }) { throw failure }
    }
}

/// A session as saved and restored: its id, its value, how long it had been idle and whether it was protected.
struct StoredSession<Value: Sendable>: Sendable {
    let id: SessionID
    let value: Value
    /// Seconds since the session was last used.
    let idleSeconds: Double
    /// Used on more than one request: protected from floods of new sessions.
    var isReturning = false
}
