/// What the server knows about one request while libmicrohttpd delivers it in several callbacks.
/// Created when the request line arrives and released when the request completes; libmicrohttpd hands it
/// to the callbacks through the request's `req_cls` slot, always on the connection's one worker thread.
final class RequestContext {
    enum Phase {
        /// The request line has arrived; the headers have not.
        case awaitingHeaders
        /// Headers are in; body pieces may follow.
        case receivingBody
        /// The responder will answer later (``DeferredResponse``): the connection is suspended until it does.
        case awaitingAnswer
        /// A response is queued; anything still arriving is discarded.
        case answered
    }

    /// The request target as sent (path and query, still encoded).
    let target: String
    /// The target's length in bytes as received (``target`` repairs invalid UTF-8, which may change it).
    let targetLength: Int
    /// The parameters of the target's query (see ``TargetQuery``).
    let queryParameters: Int
    let started: ContinuousClock.Instant
    var phase = Phase.awaitingHeaders
    var body: [UInt8] = []
    /// Set once the body outgrew the limit; its remaining pieces are discarded, not buffered.
    var bodyTooLarge = false
    /// How the body is delimited, decided when the headers arrive.
    var framing = RequestFraming.none
    /// The header fields, in order, read once when the headers arrive.
    var headers = HTTPHeaders()
    /// While the phase is `awaitingAnswer`: the request, and where its answer arrives.
    var deferred: (request: Request, answer: DeferredAnswer)?

    init(target: String, targetLength: Int, queryParameters: Int = 0) {
        self.target = target
        self.targetLength = targetLength
        self.queryParameters = queryParameters
        started = .now
    }

    var elapsed: Duration { .now - started }
}

extension Duration {
    /// The duration in whole microseconds.
    var microseconds: Int {
        let (seconds, attoseconds) = components
        return Int(seconds) * 1_000_000 + Int(attoseconds / 1_000_000_000_000)
    }
}
