import HTTPServer

/// The session cookie: a random id, `HttpOnly; SameSite=Lax; Path=/`, lasting the browser session.
struct VisitorCookie: Sendable {
    /// The cookie's name.
    static let name = "tableview_session"

    /// The visitor's session id.
    let id: SessionID
    /// The request had no usable cookie, so the response must set this one.
    let isNew: Bool

    /// The session a request belongs to: the id of its cookie when well-formed, else a fresh random id.
    /// An unknown or expired id is kept: it simply has no stored state, which is a fresh session.
    init(of request: Request) {
        if let value = request.cookies[Self.name], let id = SessionID(cookieValue: value) {
            self.init(id: id, isNew: false)
        } else {
            self.init(id: .random(), isNew: true)
        }
    }

    init(id: SessionID, isNew: Bool) {
        self.id = id
        self.isNew = isNew
    }

    /// Adds `Set-Cookie` to `response` when the cookie is new.
    func apply(to response: inout Response) {
        guard isNew else { return }
        response.setCookie(SetCookie(name: Self.name, value: id.rawValue, path: "/", httpOnly: true, sameSite: .lax))
    }
}
