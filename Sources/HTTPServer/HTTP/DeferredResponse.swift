import Synchronization

/// An answer a responder gives later, from any thread: it returns ``Response/deferred(_:)`` with one of these, and the
/// server suspends the connection — its worker thread goes on serving other connections — until the answer comes,
/// then sends it (or, for an error, the error page) as it would have sent a response returned at once.
///
/// For work that waits on something other than the CPU, such as a commit to disk shared by many requests. The answer
/// must come, exactly once, and soon: a suspended connection neither times out nor notices its client leaving, and
/// the server's shutdown waits for it (``ServerConfiguration/shutdownGracePeriod``).
public final class DeferredResponse: Sendable {
    /// Gives the answer; called once, on any thread.
    public typealias Completion = @Sendable (Result<Response, any Error>) -> Void

    let start: @Sendable (@escaping Completion) -> Void

    /// An answer that `start` gives, now or later, through the completion it is handed. `start` runs on the worker
    /// thread, after the connection is suspended.
    public init(_ start: @escaping @Sendable (@escaping Completion) -> Void) {
        self.start = start
    }
}

/// The slot a deferred answer arrives in, between the thread that gives it and the connection's worker thread.
final class DeferredAnswer: Sendable {
    private let slot = Mutex<Result<Response, any Error>?>(nil)

    func deliver(_ result: Result<Response, any Error>) {
        slot.withLock { $0 = result }
    }

    func take() -> Result<Response, any Error>? {
        slot.withLock { $0.take() }
    }
}

/// A suspended connection, resumed from whichever thread the answer comes on (libmicrohttpd allows it with
/// `MHD_ALLOW_SUSPEND_RESUME`).
struct SuspendedConnection: @unchecked Sendable {
    let pointer: OpaquePointer
}
