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
        let session = try FormSubmission.verifiedSession(of: request, form: form, tokens: tokens, origin: origin) {
            [self] id in
            issuer.issued(id) || sessions.contains(id)
        }
        let fields = FormFields(form.fields.map { (name: $0.name, value: $0.value) })
        let action: TableAction
        do {
            action = try endpoint.action(row: parameters["row"], section: parameters["section"], fields: fields)
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }

        let showsIndexLink = catalog.tables.count > 1
        let applied = sessions.update(session) { visitor -> AppliedAction in
            var changed = visitor ?? Visitor()
            let before = changed.state(of: table)
            let result = before.applying(action)
            let after: TableState
            switch result {
            case .success(let outcome):
                after = outcome.state
                changed.store(outcome.state)
                changed.pending = PendingMessage(
                    tableID: table.id,
                    message: PageMessage(applied: action, outcome: outcome, in: table),
                    justExpanded: Self.expandedSections(by: outcome.effect)
                )
            case .failure(.invalid(let invalid)):
                return .invalid(invalid)
            case .failure(let refusal):
                after = before
                changed.pending = PendingMessage(
                    tableID: table.id,
                    message: PageMessage(refused: action, error: refusal, in: table),
                    justExpanded: []
                )
            }
            if changed.pending?.message == nil && changed.pending?.justExpanded.isEmpty == true {
                changed.pending = nil
            }
            // Where the next page lands, kept for that page and for predicting the next tap. (In the same update:
            // the store counts each update as a use, and one action is one.)
            let landing = Landing.after(
                action, before: before.presentation, after: after.presentation,
                previous: changed.landings[table.id], showsIndexLink: showsIndexLink
            )
            changed.landings[table.id] = landing
            changed.bumpVersion()
            visitor = changed.isEmpty ? nil : changed
            return .done(landing)
        }

        switch applied {
        case .invalid(let invalid):
            throw HTTPError(.badRequest, message: ActionError.invalid(invalid).message(in: table))
        case .done(let landing):
            let path = "/tables/\(table.id)#\(landing.fragment)"
            return Response.redirect(to: origin.absoluteURL(path, host: request.headers["Host"]))
        }
    }

    /// What applying a form's action gave.
    private enum AppliedAction {
        /// Applied or refused by a rule (303 either way), and where the page after it lands.
        case done(Landing)
        /// The action names something that cannot exist (400).
        case invalid(InvalidAction)
    }

    private static func expandedSections(by effect: ActionEffect) -> Set<String> {
        if case .expansionChanged(let sections, true) = effect { return Set(sections) }
        return []
    }
}
