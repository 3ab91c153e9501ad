import HTTPServer
import Synchronization

/// The `303 See Other` answers to form POSTs, kept as prepared responses (``Response/reusable()``) by their
/// `Location`: taps land on the few controls a reader uses, so the same redirects go out again and again, and a
/// prepared one is queued as built — no response to make, no header field to add per send.
///
/// Bounded: a `Location` carries the request's `Host`, so the client could make keys without end; when the cache
/// is full it starts afresh.
final class RedirectCache: Sendable {
    private let responses = Mutex<[String: Response]>([:])
    private let capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// `303 See Other` to `location`, prepared on its first use.
    func seeOther(_ location: String) -> Response {
        if let cached = responses.withLock({ $0[location] }) { return cached }
        let response = Response.redirect(to: location).reusable()
        responses.withLock { responses in
            if responses.count >= capacity { responses.removeAll() }
            responses[location] = response
        }
        return response
    }
}
