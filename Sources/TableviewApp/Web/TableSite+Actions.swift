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
        let session = try FormSubmission.verifiedSession(of: request, form: form, tokens: tokens) { [self] id in
            issuer.issued(id) || sessions.contains(id)
        }
        let fields = FormFields(form.fields.map { (name: $0.name, value: $0.value) })
        let action: TableAction
        do {
            action = try endpoint.action(row: parameters["row"], section: parameters["section"], fields: fields)
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }

        let result = sessions.update(session) { visitor -> Result<ActionOutcome, ActionError> in
            var changed = visitor ?? Visitor()
            let result = changed.state(of: table).applying(action)
            switch result {
            case .success(let outcome):
                changed.store(outcome.state)
                changed.pending = PendingMessage(
                    tableID: table.id,
                    message: PageMessage(applied: action, outcome: outcome, in: table),
                    justExpanded: Self.expandedSections(by: outcome.effect)
                )
            case .failure(.invalid):
                return result
            case .failure(let refusal):
                changed.pending = PendingMessage(
                    tableID: table.id,
                    message: PageMessage(refused: action, error: refusal, in: table),
                    justExpanded: []
                )
            }
            if changed.pending?.message == nil && changed.pending?.justExpanded.isEmpty == true {
                changed.pending = nil
            }
            changed.bumpVersion()
            visitor = changed.isEmpty ? nil : changed
            return result
        }

        switch result {
        case .failure(.invalid(let invalid)):
            throw HTTPError(.badRequest, message: ActionError.invalid(invalid).message(in: table))
        case .success(let outcome):
            return Response.redirect(to: location(after: action, in: table, state: outcome.state))
        case .failure(.refused):
            let state = sessions.value(for: session)?.state(of: table) ?? TableState(definition: table)
            return Response.redirect(to: location(after: action, in: table, state: state))
        }
    }

    /// The page to land on: the row acted on while it is on the page, else its section; the section for a
    /// section's header; the top of the page for table-wide actions.
    func location(after action: TableAction, in table: TableDefinition, state: TableState) -> String {
        let page = "/tables/\(table.id)"
        switch action {
        case .select(let row), .deselect(let row), .move(let row, _), .delete(let row), .undoDeletion(let row):
            guard let definition = table.row(id: row) else { return page }
            if !state.isDeleted(row: row) && state.isExpanded(section: table.sections[definition.sectionIndex].id) {
                return "\(page)#row_\(row)"
            }
            return "\(page)#section_\(table.sections[definition.sectionIndex].id)"
        case .setExpanded(let section, _):
            return "\(page)#section_\(section)"
        case .setAllExpanded, .setEditMode, .reset:
            return page
        }
    }

    private static func expandedSections(by effect: ActionEffect) -> Set<String> {
        if case .expansionChanged(let sections, true) = effect { return Set(sections) }
        return []
    }
}
