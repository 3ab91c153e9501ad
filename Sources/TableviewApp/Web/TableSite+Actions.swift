import HTTPServer
import TableModel
import TableRendering

extension TableSite {
    /// A POST from one of a table page's forms: checks it, applies the action it names to the visitor's state,
    /// and answers `303 See Other` back to the page, at the section or row acted on (Post/Redirect/Get).
    ///
    /// The checks run from the outside in, and each refusal changes nothing: the content type (415), the form's
    /// encoding (400), the session cookie, `Origin` and CSRF token (403), the action's fields and names (400).
    /// A well-formed action that a rule refuses still redirects, with an alert on the page.
    func act(_ endpoint: ActionEndpoint, request: Request, table: TableDefinition, parameters: Parameters) throws
        -> Response
    {
        try FormSubmission.checkContentType(of: request)
        let form = try URLEncodedForm(decoding: request.body)
        // A button of a light page names its action's fields in its `formaction`'s query; the token, the tap and
        // `via` are read from the body only.
        let query = try URLEncodedForm(decoding: (request.rawQuery ?? "").utf8)
        let host = request.headers["Host"]
        try FormSubmission.checkOrigin(of: request, host: host, site: origin)
        let session = try FormSubmission.presentedSession(of: request, secure: origin.isSecure)
        let submittedToken = try FormSubmission.submittedToken(in: form)
        // The position picker's move forms say so: the page after them lands on the row's picker link.
        let fromPicker = endpoint == .position && form.fields.contains { $0.name == "via" && $0.value == "picker" }
        // Where a pointer tap landed in the window, when the browser said (a hint: anything odd is ignored).
        let tap = FormFields(form).tapPosition

        // A form of a page that finds carries its query (`q`): the page after the action shows the same results.
        let find = try formFind(in: form, table: table, request: request)
        let page = FormPage(
            table: table, focus: find == nil ? refererFocus(of: request, table: table) : nil, windowing: windowing,
            showsIndexLink: catalog.tables.count > 1, fromPicker: fromPicker, tap: tap, find: find
        )
        // One step under the store's lock: the session's check, the token's, the action and its result. Every check
        // that throws runs before the visitor changes, so a throw leaves the store as it was. With a database, the
        // answer waits for the change's commit (below).
        let (applied, commit) = try sessions.change(session) { visitor, move throws -> AppliedAction in
            // A session the store holds is one the server issued; only another id costs the MAC check.
            guard visitor != nil || issuer.issued(session) else { throw FormSubmission.unknownSession }
            let token = visitor?.csrfToken ?? tokens.token(for: session)
            guard FormSubmission.tokenIsAccepted(submittedToken, expected: token, former: visitor?.formerToken)
            else {
                // A token of another id beside this id: whoever planted the id may hold its token too, so the
                // state moves to an id nobody else knows (`rotated`), and the form is refused.
                guard var stored = visitor else { throw FormSubmission.badToken }
                stored.csrfToken = token
                visitor = nil
                let moved = rotated(stored)
                move = moved
                return .refusedToken(movedTo: moved.id)
            }
            let action = try Self.action(of: endpoint, parameters: parameters, form: form, query: query)
            switch FormOutcome.decide(action, visitor: visitor, from: page) {
            case .invalid(let invalid):
                return .invalid(invalid)
            case .done(let outcome):
                // A page left as it was needs nothing stored once the visitor keeps their token.
                if !outcome.changesPage && visitor?.csrfToken != nil {
                    return .done(outcome.landing, window: outcome.window)
                }
                var after = outcome.visitor
                after?.csrfToken = token
                // A changed page is a new version of the visitor: its cached page and `ETag` no longer apply.
                after?.bumpVersion()
                // A visitor's first stored state goes under a fresh id, not under this one (`rotated`); so
                // does the state after a Reset, which starts the visitor over.
                if visitor == nil || action == .reset, let after {
                    visitor = nil
                    let moved = rotated(after)
                    move = moved
                    return .done(outcome.landing, window: outcome.window, movedTo: moved.id)
                }
                visitor = after
                return .done(outcome.landing, window: outcome.window)
            }
        }
        let reply = Result { try response(to: applied, table: table, request: request, host: host) }
        guard let commit else { return try reply.get() }
        // The answer goes once the change is committed, together with the others of its batch; the connection waits
        // without its thread. A failed commit has put the visitor back: nothing changed, and the answer says so.
        return .deferred(DeferredResponse { completion in
            commit.whenDone { failure in
                guard failure != nil else { return completion(reply) }
                let words = self.renderer.catalogue(self.language(of: request))
                completion(.failure(HTTPError(.serviceUnavailable, message: words.notSavedMessage,
                                              messageLanguage: words.language.tag)))
            }
        })
    }

    /// The answer to an applied action: the redirect (with the cookie of the id the visitor moved to), or the error.
    private func response(to applied: AppliedAction, table: TableDefinition, request: Request, host: String?) throws
        -> Response
    {
        switch applied {
        case .refusedToken(let id):
            var refusal = FormSubmission.badToken
            var response = Response(status: .forbidden)
            VisitorCookie(id: id, isNew: true).apply(to: &response, secure: origin.isSecure)
            refusal.headers = response.headers
            throw refusal
        case .invalid(let invalid):
            let words = renderer.catalogue(language(of: request))
            throw HTTPError(.badRequest, message: words.message(for: .invalid(invalid), in: table),
                            messageLanguage: words.language.tag)
        case .done(let landing, let window, let movedTo):
            let key = RedirectCache.Key(tableID: table.id, window: window, target: landing.target, host: host)
            guard let movedTo else {
                return redirects.seeOther(key, location: location(of:))
            }
            var response = Response.redirect(to: location(of: key))
            VisitorCookie(id: movedTo, isNew: true).apply(to: &response, secure: origin.isSecure)
            return response
        }
    }

    /// The action a form names, from its body's fields and its URL's query (a field in both is there twice); 400 for
    /// fields that name none.
    private static func action(
        of endpoint: ActionEndpoint, parameters: Parameters, form: URLEncodedForm, query: URLEncodedForm
    ) throws(HTTPError) -> TableAction {
        let fields = FormFields(pairs: form.fields + query.fields)
        do {
            return try endpoint.action(row: parameters["row"], section: parameters["section"], fields: fields)
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }
    }

    /// The `Location` of the redirect to `key`'s table page, in its window or its search's results, at its target.
    private func location(of key: RedirectCache.Key) -> String {
        let query = key.window.map { "?" + $0 } ?? ""
        return origin.absoluteURL("/tables/\(key.tableID)\(query)#\(key.target.elementID)", host: key.host)
    }

    /// What applying a form's action gave.
    private enum AppliedAction {
        /// Applied or refused by a rule (303 either way), where the page after it lands and in which window of a
        /// long section (its URL's query), and the fresh id the visitor moved to when this was their first stored
        /// state or a Reset.
        case done(Landing, window: String?, movedTo: SessionID? = nil)
        /// The token was not the session's: refused (403), and the stored visitor moved to a fresh id.
        case refusedToken(movedTo: SessionID)
        /// The action names something that cannot exist (400).
        case invalid(InvalidAction)
    }
}
