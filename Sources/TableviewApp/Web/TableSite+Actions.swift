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

        let showsIndexLink = catalog.tables.count > 1
        // The window of a long section the form's page showed, if any (`TableSite+Windows`).
        let pageFocus = refererFocus(of: request, table: table)
        // One step in the store: the session's check, the token's, the action and its result, worked out from the
        // visitor as read and stored only if no other request of theirs wrote it meanwhile (`SessionStore.change`):
        // so the step must only compute. A throw leaves the store as it was.
        let applied = try sessions.change(session) { visitor throws -> (AppliedAction, SessionStore<Visitor>.Change) in
            // A session the store holds is one the server issued; only another id costs the MAC check.
            guard visitor != nil || issuer.issued(session) else { throw FormSubmission.unknownSession }
            let token = visitor?.csrfToken ?? tokens.token(for: session)
            try FormSubmission.checkToken(submittedToken, expected: token)
            let action = try Self.action(of: endpoint, parameters: parameters, form: form, query: query)

            // The state is changed in place (`TableState.apply`), so a tap that changes nothing copies no state; a
            // change, which needs the state before as well, reads that again from the visitor.
            func stateBefore() -> TableState { visitor?.state(of: table) ?? TableState(definition: table) }
            var state = stateBefore()
            let result = state.apply(action)
            let hadPending = visitor?.pending != nil
            let previous = visitor?.landings[table.id]
            // The window the page after the action opens: the row's, or that of the page the form was on.
            func focusAfter(_ state: TableState) -> WindowFocus? { Self.rowFocus(of: action, in: state) ?? pageFocus }
            // Where the next page lands, kept for that page and for predicting the next tap: from the page before
            // the action and the page after it (nil: the same page, laid out once), each with the window it shows.
            func landing(before: TableState, after: TableState?) -> Landing {
                let beforeFocus = pageFocus ?? Self.rowFocus(of: action, in: before)
                let afterFocus = focusAfter(after ?? before)
                return Landing.after(
                    action, fromPicker: fromPicker, tap: tap,
                    before: before.presentation(windowing: windowing, focus: beforeFocus),
                    after: after == nil && afterFocus == beforeFocus
                        ? nil : (after ?? before).presentation(windowing: windowing, focus: afterFocus),
                    previous: previous, showsIndexLink: showsIndexLink
                )
            }
            // The state after the action when it changed, the message it leaves and where the page lands.
            var after: TableState?
            var pending: PendingMessage?
            let landed: Landing
            var changedNothing = false
            switch result {
            case .failure(.invalid(let invalid)):
                return (.invalid(invalid), .keep)
            case .success(let effect):
                pending = PendingMessage(
                    tableID: table.id,
                    message: PageMessage(applied: action, effect: effect, in: table),
                    justExpanded: Self.expandedSections(by: effect)
                )
                if case .nothingChanged = effect {
                    changedNothing = true
                    landed = Landing.repeated(action, tap: tap, previous: previous) ?? landing(before: state, after: nil)
                } else {
                    landed = landing(before: stateBefore(), after: state)
                    after = state
                }
            case .failure(let refusal):
                pending = PendingMessage(
                    tableID: table.id,
                    message: PageMessage(refused: action, error: refusal, in: table),
                    justExpanded: []
                )
                // A refusal leaves the state as it was: the same page, laid out once.
                landed = landing(before: state, after: nil)
            }
            if pending?.message == nil && pending?.justExpanded.isEmpty == true {
                pending = nil
            }
            let window = windowQuery(of: focusAfter(state), in: state)
            // A tap that changed nothing and lands where the last one did leaves the page as it was: the same
            // version, so the cached page and its ETag still hold, and nothing to store once the visitor keeps
            // their token. Decided before the visitor is copied to be changed.
            let leavesPage = changedNothing && !hadPending && pending == nil && previous == landed
            if leavesPage && visitor?.csrfToken != nil { return (.done(landed, window: window), .keep) }
            var changed = visitor ?? Visitor()
            changed.csrfToken = token
            if let after { changed.store(after) }
            changed.pending = pending
            if !leavesPage {
                changed.landings[table.id] = landed
                changed.bumpVersion()
            }
            let stored = changed.isEmpty ? nil : changed
            // A visitor's first stored state goes under a fresh id, not under this one (`storeFirstState`).
            if visitor == nil, let stored { return (.done(landed, window: window, firstState: stored), .keep) }
            return (.done(landed, window: window), .set(stored))
        }

        switch applied {
        case .invalid(let invalid):
            let words = renderer.catalogue(language(of: request))
            throw HTTPError(.badRequest, message: words.message(for: .invalid(invalid), in: table),
                            messageLanguage: words.language.tag)
        case .done(let landing, let window, let firstState):
            let key = RedirectCache.Key(tableID: table.id, window: window, target: landing.target, host: host)
            guard let firstState else {
                return redirects.seeOther(key, worker: request.worker, location: location(of:))
            }
            var response = Response.redirect(to: location(of: key))
            VisitorCookie(id: storeFirstState(firstState), isNew: true).apply(to: &response, secure: origin.isSecure)
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

    /// The `Location` of the redirect to `key`'s table page, in its window, at its target.
    private func location(of key: RedirectCache.Key) -> String {
        let query = key.window.map { "?" + $0 } ?? ""
        return origin.absoluteURL("/tables/\(key.tableID)\(query)#\(key.target.elementID)", host: key.host)
    }

    /// What applying a form's action gave.
    private enum AppliedAction {
        /// Applied or refused by a rule (303 either way), where the page after it lands and in which window of a
        /// long section (its URL's query), and the visitor to store under a fresh id when this was their first stored
        /// state.
        case done(Landing, window: String?, firstState: Visitor? = nil)
        /// The action names something that cannot exist (400).
        case invalid(InvalidAction)
    }

    private static func expandedSections(by effect: ActionEffect) -> Set<String> {
        if case .expansionChanged(let sections, true) = effect { return Set(sections) }
        return []
    }
}
