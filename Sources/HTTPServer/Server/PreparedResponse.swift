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

    /// What is built so far: the response as it is, and its gzip form (``Gzip``), each on its first send.
    private struct Variants {
        var identity: Built?
        var gzip: Built?
    }

    private let variants = Mutex(Variants())
    /// ``Gzip/isWorthCompressing(_:)`` of the response, decided once.
    let isCompressible: Bool

    init(isCompressible: Bool) {
        self.isCompressible = isCompressible
    }

    /// The handle of the response (`gzip`: of its gzip form), built by `make` on the first call for that form; nil
    /// when `make` fails. The handle stays owned by this object: the caller queues it and must not destroy it.
    func built(gzip: Bool, orMake make: () -> Built?) -> Built? {
        variants.withLock { variants in
            if let built = gzip ? variants.gzip : variants.identity { return built }
            guard let built = make() else { return nil }
            if gzip { variants.gzip = built } else { variants.identity = built }
            return built
        }
    }

    deinit {
        let built = variants.withLock { [$0.identity, $0.gzip] }
        for case let handle? in built { MHD_destroy_response(handle.pointer) }
    }
}
