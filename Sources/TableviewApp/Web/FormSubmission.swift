import HTTPServer

/// The checks every form POST passes before its action is considered.
enum FormSubmission {
    /// 415 unless the body is `application/x-www-form-urlencoded` (parameters such as `charset` allowed).
    static func checkContentType(of request: Request) throws(HTTPError) {
        let isForm = request.headers.withValue(named: "Content-Type") { bytes in
            var lower = 0, upper = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
            let isSpace: (UInt8) -> Bool = { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            while lower < upper, isSpace(bytes[lower]) { lower += 1 }
            while upper > lower, isSpace(bytes[upper - 1]) { upper -= 1 }
            return Self.formType.withUnsafeBufferPointer {
                UnsafeBufferPointer(rebasing: bytes[lower..<upper]).equalsIgnoringASCIICase($0)
            }
        }
        guard isForm == true else {
            let type = request.headers["Content-Type"] ?? ""
            throw HTTPError(
                .unsupportedMediaType,
                message: type.isEmpty
                    ? "The form was sent without a content type."
                    : "The form was sent as \(echo(type)), not as application/x-www-form-urlencoded."
            )
        }
    }

    private static let formType = Array("application/x-www-form-urlencoded".utf8)

    /// 403 unless the request's `Origin`, when it has one, is this site's (``SiteOrigin/accepts(_:host:)``): `null`
    /// and other sites fail. `Origin` is optional (text browsers and older browsers omit it; the token still
    /// protects them). `host` is the request's `Host`.
    static func checkOrigin(of request: Request, host: String?, site: SiteOrigin) throws(HTTPError) {
        // Nil without an `Origin`; read as a String only to be quoted.
        guard request.headers.withValue(named: "Origin", { site.accepts($0, host: host) }) == false else { return }
        let origin = request.headers["Origin"] ?? ""
        throw HTTPError(.forbidden, message: "The form was sent from another site (\(echo(origin))), so nothing was changed.")
    }

    /// The session cookie a POST must carry (of the name ``VisitorCookie/name(secure:)`` gives); 403 without one.
    /// (Whether the server holds or issued it is for the caller to check, with ``unknownSession``.)
    static func presentedSession(of request: Request, secure: Bool) throws(HTTPError) -> SessionID {
        guard let session = VisitorCookie.presentedID(of: request, secure: secure) else { throw unknownSession }
        return session
    }

    /// A cookie naming a session the server neither holds nor issued is refused like a missing cookie, since no page
    /// of this server carries a form for it.
    static let unknownSession = HTTPError(
        .forbidden, message: "The form came without this site’s session cookie, so nothing was changed.")

    /// The token in the form's one `csrf` field; 403 when it has none or several, or one that is no token's text.
    static func submittedToken(in form: URLEncodedForm) throws(HTTPError) -> CSRFToken {
        let submitted = form.values(for: "csrf")
        guard submitted.count == 1, let token = CSRFToken(text: submitted[0]) else { throw badToken }
        return token
    }

    /// 403 unless `submitted` is `expected`, compared in constant time.
    /// Whether `submitted` is the session's token, or `former`, the token of the id the session's state moved from.
    static func tokenIsAccepted(_ submitted: CSRFToken, expected: CSRFToken, former: CSRFToken?) -> Bool {
        submitted.matches(expected) || former.map(submitted.matches) == true
    }

    static let badToken = HTTPError(
        .forbidden, message: "The form’s security token is missing or out of date, so nothing was changed.")
}
