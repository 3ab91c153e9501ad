/// An HTTP response: status, header fields and body bytes. `Content-Length` and `Date` are added by the
/// server; the security headers of ``ServerConfiguration/defaultHeaders`` too, unless set here.
///
/// A value whose parts live in one shared object, copied on its first change (copy on write): a response kept and
/// sent many times — a cached page, a redirect — is handed out by one reference, counted once per send,
/// rather than by one for each of its buffers.
public struct Response: Sendable {
    /// The parts. `@unchecked`: never changed while shared (``makeUnique()`` copies them first).
    private final class Parts: @unchecked Sendable {
        var status: HTTPStatus
        var headers: HTTPHeaders
        var body: [UInt8]
        var prepared: PreparedResponse?
        var representation: Response?
        var deferred: DeferredResponse?

        init(status: HTTPStatus, headers: HTTPHeaders, body: [UInt8], prepared: PreparedResponse?,
             representation: Response? = nil, deferred: DeferredResponse? = nil) {
            self.status = status
            self.headers = headers
            self.body = body
            self.prepared = prepared
            self.representation = representation
            self.deferred = deferred
        }
    }

    private var parts: Parts

    /// The status.
    public var status: HTTPStatus {
        get { parts.status }
        set {
            makeUnique()
            parts.status = newValue
        }
    }
    /// The header fields, in order; a name may repeat (`Set-Cookie`).
    public var headers: HTTPHeaders {
        get { parts.headers }
        _modify {
            makeUnique()
            yield &parts.headers
        }
    }
    /// The body bytes. For `HEAD` the server sends the headers only, with this body's length.
    public var body: [UInt8] {
        get { parts.body }
        _modify {
            makeUnique()
            yield &parts.body
        }
    }
    /// Set by ``reusable()`` (and dropped by any change): the server's response for these parts, built once.
    public var prepared: PreparedResponse? { parts.prepared }

    /// A response with the given parts.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        parts = Parts(status: status, headers: headers, body: body, prepared: nil)
    }

    /// For a `304 Not Modified`: the `200` it stands for. Its length, in the form the request would get it (gzip or
    /// not), is the 304's `Content-Length`, the only value RFC 9110 §8.6 allows there; nil sends `Content-Length: 0`
    /// (libmicrohttpd writes one for every answer of known size).
    public var representation: Response? { parts.representation }

    /// Set by ``deferred(_:)``: the answer comes later.
    public var deferred: DeferredResponse? { parts.deferred }

    /// An answer given later, from any thread (``DeferredResponse``); the connection waits for it without holding a
    /// worker thread.
    public static func deferred(_ answer: DeferredResponse) -> Response {
        let response = Response(status: .ok)
        response.parts.deferred = answer
        return response
    }

    /// `304 Not Modified` with `headers`, standing for `representation` (``representation``).
    public static func notModified(of representation: Response, headers: HTTPHeaders) -> Response {
        let response = Response(status: .notModified, headers: headers)
        response.parts.representation = representation
        return response
    }

    /// Makes the parts this value's own, to be changed, and no longer prepared.
    private mutating func makeUnique() {
        if isKnownUniquelyReferenced(&parts) {
            parts.prepared = nil
        } else {
            parts = Parts(status: parts.status, headers: parts.headers, body: parts.body, prepared: nil,
                          representation: parts.representation, deferred: parts.deferred)
        }
    }

    /// This response, to be built for the network once and queued again on every later send (see
    /// ``PreparedResponse``): for a response kept and sent many times, such as a cached page.
    public func reusable() -> Response {
        let copy = Response(status: status, headers: headers, body: body)
        copy.parts.prepared = PreparedResponse(isCompressible: Gzip.isWorthCompressing(self))
        return copy
    }

    /// An HTML page in UTF-8.
    public static func html(_ html: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/html; charset=utf-8"], body: Array(html.utf8))
    }

    /// Plain text in UTF-8.
    public static func text(_ text: String, status: HTTPStatus = .ok) -> Response {
        Response(status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Array(text.utf8))
    }

    /// A redirect to `location`; `303 See Other` by default, the answer to a POST in Post/Redirect/Get.
    public static func redirect(to location: String, status: HTTPStatus = .seeOther) -> Response {
        Response(status: status, headers: ["Location": location])
    }

    /// Adds a `Set-Cookie` header field; call once per cookie.
    public mutating func setCookie(_ cookie: SetCookie) {
        headers.add("Set-Cookie", cookie.headerValue)
    }
}
