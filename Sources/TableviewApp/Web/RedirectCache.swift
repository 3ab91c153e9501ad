import HTTPServer
import Synchronization
import TableRendering

/// The `303 See Other` answers to form POSTs, kept as prepared responses (``Response/reusable()``) by what their
/// `Location` is made of: taps land on the few controls a reader uses, so the same redirects go out again and
/// again, and a prepared one is queued as built — no URL to make, no response, no header field to add per send.
///
/// Bounded: a `Location` carries the request's `Host`, so the client could make keys without end; when the cache
/// is full it starts afresh.
final class RedirectCache: Sendable {
    /// Everything a redirect's `Location` depends on besides the site's origin, which is the server's own.
    struct Key: Hashable, Sendable {
        /// The table page redirected to.
        let tableID: String
        /// The page's query: the window of a long section it shows (`section=…&from=…`) or the search whose results
        /// it shows (`q=…`, percent-encoded), if any.
        var window: String? = nil
        /// The element the fragment names.
        let target: LandingTarget
        /// The request's `Host`, which a `Location` on the server's own origin carries.
        let host: String?

        /// The target and the host, not the table's id: the tables are the definition's few, told apart by `==`,
        /// and its hash was one string hash more per POST. The host is the client's to choose, so it is hashed:
        /// keys that differ only in it would otherwise all fall on one bucket.
        func hash(into hasher: inout Hasher) {
            hasher.combine(target)
            hasher.combine(window)
            hasher.combine(host)
        }
    }

    private let responses = Mutex<[Key: Response]>([:])
    private let capacity: Int

    /// A cache of `capacity` redirects.
    init(capacity: Int = 1024) {
        self.capacity = capacity
    }

    /// `303 See Other` for `key`, to the `location` made from it on its first use.
    func seeOther(_ key: Key, location: (Key) -> String) -> Response {
        if let cached = responses.withLock({ $0[key] }) { return cached }
        let response = Response.redirect(to: location(key)).reusable()
        responses.withLock { responses in
            if responses.count >= capacity { responses.removeAll() }
            responses[key] = response
        }
        return response
    }
}
