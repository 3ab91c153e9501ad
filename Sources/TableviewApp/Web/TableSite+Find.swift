import HTTPServer
import TableModel
import TableRendering

/// Find on a table page (SPEC §10, "Find"; ``FindQuery``, ``FindIndex``): `/tables/{table}?q=…` shows the rows that
/// match. Every form of such a page carries the query back in a hidden field `q`, and the redirect after it returns
/// to the same results (`?q=…`). Not the `Referer`, as for a long section's window: lynx drops a `Referer` that has a
/// query.
extension TableSite {
    /// What the query `q` of a table page's URL (`rawQuery`) asks for; nil without `q`. 400 for a query that does
    /// not decode, or names `q` twice.
    static func findQuery(in rawQuery: String?) throws -> FindQuery.Parsed? {
        guard let rawQuery, !rawQuery.isEmpty else { return nil }
        return try query(in: URLEncodedForm(decoding: rawQuery.utf8))
    }

    /// The field `q` of `form`, parsed; nil without one. 400 for `q` twice.
    private static func query(in form: URLEncodedForm) throws -> FindQuery.Parsed? {
        let values = form.fields.filter { $0.name == "q" }
        guard values.count <= 1 else { throw HTTPError(.badRequest, message: "The field “q” appears twice.") }
        return values.first.map { FindQuery.parse($0.value) }
    }

    /// The search whose results a form's page showed: its field `q`, read from the body only; nil without one, or
    /// for a blank one. 400 for `q` twice or a query too long.
    func formFind(in form: URLEncodedForm, table: TableDefinition, request: Request) throws -> PageFind? {
        try pageFind(Self.query(in: form), table: table, request: request)
    }

    /// The search a table page's URL asks for, on `table`; nil for none or a blank one. 400 for a query too long.
    func pageFind(_ parsed: FindQuery.Parsed?, table: TableDefinition, request: Request) throws -> PageFind? {
        switch parsed {
        case .query(let query):
            guard let index = findIndexes[table.id] else { return nil }
            return PageFind(query: query, index: index, limit: windowing.size)
        case .tooLong:
            let words = renderer.catalogue(language(of: request))
            throw HTTPError(.badRequest, message: words.findTooLong(maximum: FindQuery.maximumLength),
                            messageLanguage: words.language.tag)
        case .blank, nil:
            return nil
        }
    }

    /// The answer to a cleared search (`?q=` with only white space): `303` to the whole table, at the element the
    /// visitor's last action landed on, in its window, so the row last tapped among the results is in view.
    func clearedSearch(_ request: Request, table: TableDefinition) -> Response {
        let (cookie, landing) = VisitorCookie.find(
            in: request, issuer: issuer, sessions: sessions, secure: origin.isSecure
        ) { visitor in visitor.landings[table.id] }
        var path = "/tables/\(table.id)"
        if let landing = landing ?? nil {
            let state = sessions.value(for: cookie.id)?.state(of: table) ?? TableState(definition: table)
            let focus = landing.target.rowID.flatMap { id in
                state.index(ofRow: id).flatMap { index in
                    state.definition.row(id: id).map { row in
                        WindowFocus(sectionID: table.sections[row.sectionIndex].id, position: index)
                    }
                }
            }
            if let window = windowing.query(of: focus, in: state) { path += "?" + window }
            path += "#" + landing.fragment
        }
        return Response.redirect(to: origin.absoluteURL(path, host: request.headers["Host"]))
    }
}
