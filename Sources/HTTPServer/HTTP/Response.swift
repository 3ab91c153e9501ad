/// An HTTP response: status, header fields and body bytes. `Content-Length` and `Date` are added by the
/// server; the security headers of ``ServerConfiguration/defaultHeaders`` too, unless set here.
public struct Response: Sendable {
    /// The status.
    public var status: HTTPStatus { didSet { prepared = nil } }
    /// The header fields, in order; a name may repeat (`Set-Cookie`).
    public var headers: HTTPHeaders { didSet { prepared = nil } }
    /// The body bytes. For `HEAD` the server sends the headers only, with this body's length.
    public var body: [UInt8] { didSet { prepared = nil } }
    /// Set by ``reusable()`` (and dropped by any change): the server's response for these parts, built once.
    public private(set) var prepared: PreparedResponse?

    /// A response with the given parts.
    public init(status: HTTPStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// This response, to be built for the network once and queued again on every later send (see
    /// ``PreparedResponse``): for a response kept and sent many times, such as a cached page.
    public func reusable() -> Response {
        var copy = self
        copy.prepared = PreparedResponse()
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
