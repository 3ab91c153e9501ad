/// Where a ``SessionStore`` sends the changes that must outlive the process (`serve --database`), and how a change
/// learns that they are committed: the store notes each change under its lock, in the order the changes happen, and
/// the change is answered only once its batch is committed (``SessionStore/change(_:moving:)``).
protocol SessionJournal<Value>: Sendable {
    associatedtype Value: Sendable

    /// What of `value` is kept, as a revision: equal revisions keep the same thing, so a change between them needs no
    /// commit (a one-shot message read, a landing noted). 0 for nil, or for a value with nothing to keep.
    func keptRevision(of value: borrowing Value?) -> UInt64

    /// Notes changes to commit together — each session's value, nil for a session gone — and returns the ticket of
    /// the batch they join. Called under the store's lock; must be quick and must not use the store.
    func note(_ changes: [JournalChange<Value>]) -> CommitTicket

    /// Calls `body` once the batch of `ticket` is committed — with nil, or with why it could not be (nothing of it was
    /// written) — on the thread that committed it, or at once when it is committed already.
    func whenCommitted(_ ticket: CommitTicket, _ body: @escaping @Sendable (PersistenceError?) -> Void)
}

/// A session's change as the journal keeps it.
struct JournalChange<Value: Sendable>: Sendable {
    let id: SessionID
    /// The new value; nil when the session is gone (removed, evicted, expired).
    let value: Value?
    /// Used on more than one request (see ``SessionStore``): restored into the same segment.
    var isReturning = false
}

/// The batch a change joined; batches are committed in order.
struct CommitTicket: Sendable, Comparable {
    let batch: UInt64

    static func < (lhs: CommitTicket, rhs: CommitTicket) -> Bool { lhs.batch < rhs.batch }
}

/// A visitor's state that leaves its session id for a fresh one in the same step (``SessionStore/update(_:moving:)``).
struct SessionMove<Value: Sendable>: Sendable {
    let id: SessionID
    let value: Value
}
