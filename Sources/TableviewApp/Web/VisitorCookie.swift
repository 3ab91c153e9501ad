import HTTPServer

/// The session cookie: a server-issued id, `HttpOnly; SameSite=Lax; Path=/` (and `Secure` on a site reached over
/// HTTPS, then named with the `__Host-` prefix), lasting the browser session.
struct VisitorCookie: Sendable {
    /// The cookie's name on a site reached over plain HTTP.
    static let name = "tableview_session"
    /// The cookie's name on a site reached over HTTPS. Browsers keep a `__Host-` cookie only when it is `Secure`, has
    /// `Path=/` and no `Domain`, and was set by this very host over HTTPS (RFC 6265bis §4.1.3.2): a sibling host or
    /// a plain-HTTP answer in between cannot plant one. A cookie of the plain name is not read then.
    static let secureName = "__Host-" + name

    /// The cookie's name on a site reached over HTTPS (`secure`) or not.
    static func name(secure: Bool) -> String {
        secure ? secureName : name
    }

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
    static func find<Value>(in request: Request, issuer: SessionIssuer, sessions: SessionStore<Value>, secure: Bool)
        -> (cookie: VisitorCookie, value: Value?)
    {
        find(in: request, issuer: issuer, sessions: sessions, secure: secure) { copy $0 }
    }

    /// The session as ``find(in:issuer:sessions:secure:)`` finds it, and what `read` takes from its stored value,
    /// lent to it (``SessionStore/read(_:_:)``), instead of a copy of all of it.
    static func find<Value, Seen: Sendable>(
        in request: Request, issuer: SessionIssuer, sessions: SessionStore<Value>, secure: Bool,
        reading read: (borrowing Value) -> Seen
    ) -> (cookie: VisitorCookie, value: Seen?) {
        guard let id = presentedID(of: request, secure: secure) else {
            return (VisitorCookie(id: issuer.issue(), isNew: true), nil)
        }
        if let seen = sessions.read(id, read) { return (VisitorCookie(id: id, isNew: false), seen) }
        let issued = issuer.issued(id)
        return (VisitorCookie(id: issued ? id : issuer.issue(), isNew: !issued), nil)
    }

    init(id: SessionID, isNew: Bool) {
        self.id = id
        self.isNew = isNew
    }

    /// The well-formed id the request's cookie names, if any: the cookie of ``name(secure:)``.
    static func presentedID(of request: Request, secure: Bool) -> SessionID? {
        var id: SessionID?
        request.withCookie(named: name(secure: secure)) { id = SessionID(digits: $0) }
        return id
    }

    /// Adds `Set-Cookie` to `response` when the cookie is new; `secure` when visitors reach the site over HTTPS.
    func apply(to response: inout Response, secure: Bool) {
        guard isNew else { return }
        response.setCookie(SetCookie(name: Self.name(secure: secure), value: id.rawValue, path: "/", httpOnly: true,
                                     secure: secure, sameSite: .lax))
    }
}
