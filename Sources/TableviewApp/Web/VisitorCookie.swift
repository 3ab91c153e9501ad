import HTTPServer

/// The session cookie: a server-issued id, `HttpOnly; SameSite=Lax; Path=/` (and `Secure` on a site reached over
/// HTTPS), lasting the browser session.
struct VisitorCookie: Sendable {
    /// The cookie's name.
    static let name = "tableview_session"

    /// The visitor's session id.
    let id: SessionID
    /// The request had no usable cookie, so the response must set this one.
    let isNew: Bool

    /// The session a request belongs to, and the value stored for it: the id of its cookie when the server holds that
    /// session or issued the id (an issued id whose session is gone or was never stored is simply a fresh session),
    /// else a fresh id. An id the server neither holds nor issued — made up, or planted by someone else — is never
    /// adopted.
    ///
    /// One lookup: an id the store holds is one this server issued, so only an id it does not hold costs the MAC
    /// check.
    static func find<Value>(in request: Request, issuer: SessionIssuer, sessions: SessionStore<Value>)
        -> (cookie: VisitorCookie, value: Value?)
    {
        find(in: request, issuer: issuer, sessions: sessions) { $0.pointee }
    }

    /// The session as ``find(in:issuer:sessions:)`` finds it, and what `read` takes from its stored value (see
    /// ``SessionStore/read(_:_:)``) instead of a copy of all of it.
    static func find<Value, Seen: Sendable>(
        in request: Request, issuer: SessionIssuer, sessions: SessionStore<Value>,
        reading read: (UnsafePointer<Value>) -> Seen
    ) -> (cookie: VisitorCookie, value: Seen?) {
        guard let id = presentedID(of: request) else { return (VisitorCookie(id: issuer.issue(), isNew: true), nil) }
        if let seen = sessions.read(id, read) { return (VisitorCookie(id: id, isNew: false), seen) }
        let issued = issuer.issued(id)
        return (VisitorCookie(id: issued ? id : issuer.issue(), isNew: !issued), nil)
    }

    init(id: SessionID, isNew: Bool) {
        self.id = id
        self.isNew = isNew
    }

    /// The well-formed id the request's cookie names, if any.
    static func presentedID(of request: Request) -> SessionID? {
        var id: SessionID?
        request.withCookie(named: name) { id = SessionID(digits: $0) }
        return id
    }

    /// Adds `Set-Cookie` to `response` when the cookie is new; `secure` when visitors reach the site over HTTPS.
    func apply(to response: inout Response, secure: Bool) {
        guard isNew else { return }
        response.setCookie(SetCookie(name: Self.name, value: id.rawValue, path: "/", httpOnly: true, secure: secure,
                                     sameSite: .lax))
    }
}
