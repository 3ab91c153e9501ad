/// The segments of ``SessionStore``'s segmented LRU.
enum Segment: Int {
    /// New sessions, used on one request so far: evicted first.
    case probation = 0
    /// Sessions used on more than one request: evicted only when no session is on probation.
    case protected = 1
}

extension SessionStore {
    /// A session in its segment's recency list; `previous` is warmer, `next` colder.
    struct Node {
        var id: SessionID
        /// Nil once the slot is freed, so an evicted session's memory goes at once.
        var value: Value?
        var lastUsed: Double
        var segment: Segment
        /// What the value weighs (see ``SessionStore/weight``).
        var weight: Int
        var previous: Int?
        var next: Int?
    }

    /// One segment's list: its warm and cold ends and its length.
    struct List {
        var head: Int?
        var tail: Int?
        var count = 0
    }

    /// The dictionary plus array-backed lists; freed slots are reused so the arrays never grow past capacity.
    struct Storage: ~Copyable {
        let capacity: Int
        let protectedCapacity: Int
        let byteLimit: Int?
        let weigh: @Sendable (Value) -> Int
        var index: [SessionID: Int] = [:]
        var nodes: [Node] = []
        var freeSlots: [Int] = []
        /// By ``Segment`` raw value.
        var lists = [List(), List()]
        var totalWeight = 0
        /// See ``SessionStore/generation``.
        var generation: UInt64 = 0
        /// The ids removed since the last ``drainRemovals()``, when a journal must hear of them; else nil.
        var removals: [SessionID]?

        init(
            capacity: Int, protectedCapacity: Int, byteLimit: Int?, weight: @escaping @Sendable (Value) -> Int,
            tracksRemovals: Bool = false
        ) {
            removals = tracksRemovals ? [] : nil
            self.capacity = capacity
            self.protectedCapacity = protectedCapacity
            self.byteLimit = byteLimit
            weigh = weight
        }

        /// When the session in `slot` was last used, and its segment. Read through the buffer: `nodes[slot].lastUsed`
        /// copies the whole node in the optimized build, retaining its value and releasing it again.
        func usage(of slot: Int) -> (lastUsed: Double, segment: Segment) {
            nodes.withUnsafeBufferPointer { ($0[slot].lastUsed, $0[slot].segment) }
        }

        /// The slot of a live session `id` at `now`, sessions idle longer than `timeToLive` dropped first.
        mutating func liveSlot(of id: SessionID, at now: Double, timeToLive: Double) -> Int? {
            expire(olderThan: now - timeToLive)
            guard let slot = index[id] else { return nil }
            // A session moved back to probation may have expired away from the cold end: it is gone all the same.
            if now - usage(of: slot).lastUsed > timeToLive {
                remove(slot: slot)
                return nil
            }
            return slot
        }

        /// Stores `value` for `id` (nil removes it), in `slot` when the session has one: a write and a use. A new
        /// session goes on probation, evicting the coldest session when the store is full.
        mutating func write(_ value: consuming Value?, for id: SessionID, in slot: Int?, at now: Double) {
            switch (value.take(), slot) {
            case (let value?, let slot?):
                replace(slot: slot, with: value)
                touch(slot: slot, at: now)
                shed(keeping: slot)
            case (nil, let slot?):
                remove(slot: slot)
            case (let value?, nil):
                if index.count >= capacity, let coldest = coldest() {
                    remove(slot: coldest)
                }
                shed(keeping: insert(id: id, value: value, at: now, into: .probation))
            case (nil, nil):
                break
            }
        }

        /// The next session to evict: the coldest on probation, else the coldest protected one.
        func coldest() -> Int? {
            lists[Segment.probation.rawValue].tail ?? lists[Segment.protected.rawValue].tail
        }

        @discardableResult
        mutating func insert(id: SessionID, value: consuming Value, at now: Double, into segment: Segment) -> Int {
            generation &+= 1
            let weight = weigh(value)
            let node = Node(id: id, value: consume value, lastUsed: now, segment: segment, weight: weight)
            let slot: Int
            if let reused = freeSlots.popLast() {
                nodes[reused] = node
                slot = reused
            } else {
                nodes.append(node)
                slot = nodes.count - 1
            }
            totalWeight += weight
            index[id] = slot
            link(slot, into: segment)
            if segment == .protected { demoteOverflow() }
            return slot
        }

        /// `body` with the value in `slot` lent to it. A stored node always holds its value: only
        /// ``takeValue(of:)`` takes it out, for the length of an update under the same lock.
        func withValue<Result>(in slot: Int, _ body: (borrowing Value) -> Result) -> Result {
            nodes.withUnsafeBufferPointer { nodes in
                switch nodes[slot].value {
                case .some(let value): body(value)
                case .none: preconditionFailure("a stored session without its value")
                }
            }
        }

        /// The value of the session in `slot`, moved out: the node holds nil until ``replace(slot:with:)`` or
        /// ``putBack(_:into:)`` gives it one, or ``remove(slot:)`` frees it.
        mutating func takeValue(of slot: Int) -> Value? {
            nodes[slot].value.take()
        }

        /// Puts a value taken out by ``takeValue(of:)`` back, unchanged in the store's eyes (no use, no new weight).
        mutating func putBack(_ value: Value?, into slot: Int) {
            nodes[slot].value = value
        }

        mutating func replace(slot: Int, with value: consuming Value) {
            generation &+= 1
            let weight = weigh(value)
            totalWeight += weight - nodes[slot].weight
            nodes[slot].weight = weight
            nodes[slot].value = consume value
        }

        /// A use of the session: it becomes the warmest of its segment, and a session on probation is promoted.
        mutating func touch(slot: Int, at now: Double) {
            generation &+= 1
            nodes[slot].lastUsed = now
            unlink(slot)
            link(slot, into: .protected)
            demoteOverflow()
        }

        mutating func remove(slot: Int) {
            generation &+= 1
            removals?.append(nodes[slot].id)
            unlink(slot)
            index[nodes[slot].id] = nil
            totalWeight -= nodes[slot].weight
            nodes[slot].value = nil
            nodes[slot].weight = 0
            freeSlots.append(slot)
        }

        /// The ids removed since the last call (none when removals are not tracked).
        mutating func drainRemovals() -> [SessionID] {
            guard let removed = removals, !removed.isEmpty else { return [] }
            removals = []
            return removed
        }

        /// Evicts, coldest first, until the values fit the byte limit; `slot` (just written) goes last.
        mutating func shed(keeping slot: Int) {
            guard let byteLimit else { return }
            while totalWeight > byteLimit, let coldest = coldest() {
                if coldest == slot {
                    // Only the new value is left on probation: take the coldest protected one first, if any.
                    guard let other = lists[Segment.protected.rawValue].tail, other != slot else {
                        remove(slot: slot)
                        return
                    }
                    remove(slot: other)
                } else {
                    remove(slot: coldest)
                }
            }
        }

        /// Drops sessions idle since before `cutoff` from the cold ends. A session moved back to probation keeps
        /// its older time, so it may linger nearer the warm end: lookups check each session's own time too.
        mutating func expire(olderThan cutoff: Double) {
            for segment in [Segment.probation, .protected] {
                while let coldest = lists[segment.rawValue].tail, usage(of: coldest).lastUsed < cutoff {
                    remove(slot: coldest)
                }
            }
        }

        /// Moves the coldest protected sessions back to probation while the protected segment is over its share.
        private mutating func demoteOverflow() {
            while lists[Segment.protected.rawValue].count > protectedCapacity,
                let coldest = lists[Segment.protected.rawValue].tail
            {
                unlink(coldest)
                link(coldest, into: .probation)
            }
        }

        private mutating func link(_ slot: Int, into segment: Segment) {
            nodes[slot].segment = segment
            nodes[slot].previous = nil
            nodes[slot].next = lists[segment.rawValue].head
            if let head = lists[segment.rawValue].head { nodes[head].previous = slot }
            lists[segment.rawValue].head = slot
            if lists[segment.rawValue].tail == nil { lists[segment.rawValue].tail = slot }
            lists[segment.rawValue].count += 1
        }

        private mutating func unlink(_ slot: Int) {
            let segment = nodes[slot].segment.rawValue
            let (previous, next) = (nodes[slot].previous, nodes[slot].next)
            if let previous { nodes[previous].next = next } else { lists[segment].head = next }
            if let next { nodes[next].previous = previous } else { lists[segment].tail = previous }
            nodes[slot].previous = nil
            nodes[slot].next = nil
            lists[segment].count -= 1
        }
    }
}
