import CMicroHTTPD
import Synchronization

/// libmicrohttpd's response for a ``Response`` sent many times, built on its first send and queued again on every
/// later one — in each form it is sent in, as it is and gzip-compressed, so a cached page is compressed once.
///
/// libmicrohttpd's responses are reference counted and may be queued on any number of connections at once; `Date`
/// and `Content-Length` are written per send. So a page kept in a cache costs, from its second send on, no copy of
/// its body and no header fields to add: one reference taken for the connection and dropped when it is sent. A slow
/// reader holding the page open shares the cached bytes instead of holding its own copy.
///
/// Made by ``Response/reusable()``; a change to the ``Response`` value drops it, so a prepared response always has the
/// status, header fields and body of the value that carries it.
public final class PreparedResponse: Sendable {
    /// A built response and the body bytes it sends. `@unchecked`: libmicrohttpd guards a response's reference
    /// count with its own lock.
    struct Built: @unchecked Sendable {
        let pointer: OpaquePointer
        let bodyBytes: Int
    }

    /// Each form's handle once built (its address; 0 until then), and the body bytes it sends: read on every send
    /// without a lock (an acquiring load, which sees the bytes stored before the handle was published), written once
    /// under `building`.
    private let identityHandle = Atomic<UInt>(0)
    private let identityBodyBytes = Atomic<Int>(0)
    private let gzipHandle = Atomic<UInt>(0)
    private let gzipBodyBytes = Atomic<Int>(0)
    /// Held while a form is built, so that each is built once.
    private let building = Mutex(())
    /// ``Gzip/isWorthCompressing(_:)`` of the response, decided once.
    let isCompressible: Bool

    init(isCompressible: Bool) {
        self.isCompressible = isCompressible
    }

    /// The handle of the response (`gzip`: of its gzip form), built by `make` on the first call for that form; nil
    /// when `make` fails. The handle stays owned by this object: the caller queues it and must not destroy it.
    ///
    /// Every later send only loads it: a lock here, on an object every worker thread sends, would be a write to memory
    /// all of them share on every request.
    func built(gzip: Bool, orMake make: () -> Built?) -> Built? {
        gzip ? built(gzipHandle, gzipBodyBytes, orMake: make) : built(identityHandle, identityBodyBytes, orMake: make)
    }

    private func built(
        _ handle: borrowing Atomic<UInt>, _ bodyBytes: borrowing Atomic<Int>, orMake make: () -> Built?
    ) -> Built? {
        if let pointer = OpaquePointer(bitPattern: handle.load(ordering: .acquiring)) {
            return Built(pointer: pointer, bodyBytes: bodyBytes.load(ordering: .relaxed))
        }
        return building.withLock { _ in
            if let pointer = OpaquePointer(bitPattern: handle.load(ordering: .acquiring)) {
                return Built(pointer: pointer, bodyBytes: bodyBytes.load(ordering: .relaxed))
            }
            guard let built = make() else { return nil }
            bodyBytes.store(built.bodyBytes, ordering: .relaxed)
            handle.store(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(built.pointer))), ordering: .releasing)
            return built
        }
    }

    deinit {
        for address in [identityHandle.load(ordering: .acquiring), gzipHandle.load(ordering: .acquiring)] {
            if let handle = OpaquePointer(bitPattern: address) { MHD_destroy_response(handle) }
        }
    }
}
