import HTTPServer

/// One object per worker thread of the server, picked by ``HTTPServer/Request/worker``: what every request reads and
/// writes, kept where only one core writes it (docs/DESIGN.md, "Lines both cores write"). A worker beyond the count
/// shares an object, so correctness never depends on the index: the objects must each be safe to share.
struct PerWorker<Value: AnyObject & Sendable>: Sendable {
    /// The objects, one per worker.
    let all: [Value]

    /// `count` objects (at least one) made by `make`, which is told how many there are (to split bounds among them).
    init(count: Int = ServerConfiguration.activeProcessorCount, _ make: (_ count: Int) -> Value) {
        let count = max(1, count)
        all = (0..<count).map { _ in make(count) }
    }

    /// The object of `worker`.
    subscript(worker: Int) -> Value { all[worker % all.count] }
}

/// A cache line of nothing, as the last field of a small object that a ``PerWorker`` holds: it keeps the next object
/// allocated, another worker's, off the cache lines this one's lock is on.
struct CacheLinePadding: Sendable {
    private let bytes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
}
