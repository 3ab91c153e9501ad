import CMicroHTTPD
import Synchronization

/// libmicrohttpd's response for a ``Response`` sent many times, built on its first send and queued again on every
/// later one.
///
/// libmicrohttpd's responses are reference counted and may be queued on any number of connections at once; `Date`
/// and `Content-Length` are written per send. So a page kept in a cache costs, from its second send on, no copy of
/// its body and no header fields to add: one reference taken for the connection and dropped when it is sent. A slow
/// reader holding the page open shares the cached bytes instead of holding its own copy.
///
/// Made by ``Response/reusable()``; a change to the ``Response`` value drops it, so a prepared response always has the
/// status, header fields and body of the value that carries it.
public final class PreparedResponse: Sendable {
    /// The handle, once built. `@unchecked`: libmicrohttpd guards a response's reference count with its own lock.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private let handle = Mutex<Handle?>(nil)

    init() {}

    /// The response's handle, built by `make` on the first call; nil when `make` fails. The handle stays owned by
    /// this object: the caller queues it and must not destroy it.
    func handle(orMake make: () -> OpaquePointer?) -> OpaquePointer? {
        handle.withLock { handle in
            if let built = handle { return built.pointer }
            guard let pointer = make() else { return nil }
            handle = Handle(pointer: pointer)
            return pointer
        }
    }

    deinit {
        if let built = handle.withLock({ $0 }) { MHD_destroy_response(built.pointer) }
    }
}
