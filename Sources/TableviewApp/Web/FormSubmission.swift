import HTTPServer

/// The checks every form POST passes before its action is considered.
enum FormSubmission {
    /// 415 unless the body is `application/x-www-form-urlencoded` (parameters such as `charset` allowed).
    static func checkContentType(of request: Request) throws(HTTPError) {
        let type = request.headers["Content-Type"] ?? ""
        let essence = type.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        guard essence.trimmingSpaces.lowercased() == "application/x-www-form-urlencoded" else {
            throw HTTPError(
                .unsupportedMediaType,
                message: type.isEmpty
                    ? "The form was sent without a content type."
                    : "The form was sent as \(echo(type)), not as application/x-www-form-urlencoded."
            )
        }
    }

    /// The session a POST acts for, once its cookie, `Origin` and CSRF token check out; 403 otherwise.
    ///
    /// `Origin` is optional (text browsers and older browsers omit it; the token still protects them), but when
    /// present it must be this site's (``SiteOrigin/accepts(_:host:)``): `null` and other sites fail.
    ///
    /// The cookie must name a session the server holds or issued (`isKnown`); a made-up id is refused like a missing
    /// cookie, since no page of this server carries a form for it.
    static func verifiedSession(
        of request: Request, form: URLEncodedForm, tokens: CSRFTokens, origin site: SiteOrigin,
        isKnown: (SessionID) -> Bool
    ) throws(HTTPError) -> SessionID {
        if let origin = request.headers["Origin"] {
            guard site.accepts(origin, host: request.headers["Host"]) else {
                throw HTTPError(
                    .forbidden,
                    message: "The form was sent from another site (\(echo(origin))), so nothing was changed."
                )
            }
        }
        guard let session = VisitorCookie.presentedID(of: request), isKnown(session) else {
            throw HTTPError(.forbidden, message: "The form came without this site’s session cookie, so nothing was changed.")
        }
        let submitted = form.values(for: "csrf")
        guard submitted.count == 1, tokens.isValid(submitted[0], for: session) else {
            throw HTTPError(
                .forbidden,
                message: "The form’s security token is missing or out of date, so nothing was changed."
            )
        }
        return session
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (HTTP's optional white space).
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return self[first...last]
    }
}
