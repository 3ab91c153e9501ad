import HTTPServer
import TableModel
import TableRendering

extension TableSite {
    /// `GET /tables/{table}/rows/{row}/position`: the row's position picker ("Move X…"), a page of move forms for
    /// the places it can reach in its section, in groups of at most 50 (docs/DESIGN.md "The position picker").
    ///
    /// The query narrows the places: `first` and `last` (positions from 1, a group link's), or `position` (the
    /// "Position" field: the group holding it). The page reads the visitor's state and stores nothing; it is not
    /// cached, since a reader opens it once per move.
    func pickerPage(_ request: Request, table: TableDefinition, row id: String) throws -> Response {
        let language = language(of: request)
        let scope = try Self.pickerScope(of: request)
        // Opened from a page of results: the picker keeps its query, and leads back to them.
        let find = try pageFind(Self.findQuery(in: request.rawQuery), table: table, request: request)
        let (cookie, visitor) = VisitorCookie.find(
            in: request, issuer: issuer, sessions: sessions, secure: origin.isSecure)
        let state = visitor?.state(of: table) ?? TableState(definition: table)
        guard let row = table.row(id: id) else {
            let words = renderer.catalogue(language)
            throw HTTPError(.notFound, message: words.message(for: .invalid(.unknownRow(XMLSafeText.echo(id))),
                                                              in: table),
                            messageLanguage: words.language.tag)
        }
        let token = visitor?.csrfToken ?? tokens.token(for: cookie.id)
        var body: [UInt8] = []
        try renderer.renderPicker(state, row: row.id, scope: scope, csrf: token.text,
                                  backURL: tableURL(of: table, atRow: row, in: state, find: find?.query),
                                  findQuery: find?.query.text, language: language, into: &body)
        var response = htmlResponse(body)
        cookie.apply(to: &response, secure: origin.isSecure)
        return response
    }

    /// The table page at the row, in the window that holds it or in the results of `find`: its picker link when it
    /// has one, else the row, else its section (a deleted row, a collapsed section).
    func tableURL(of table: TableDefinition, atRow row: RowDefinition, in state: TableState, find: FindQuery? = nil)
        -> String
    {
        let section = table.sections[row.sectionIndex]
        let index = state.index(ofRow: row.id)
        // Results show a collapsed section's rows found.
        let shown = (find != nil || state.isExpanded(section: section.id)) && index != nil
        let fragment: String
        if shown, state.movePlaces(ofRow: row.id)?.hasPlaces == true {
            fragment = LandingTarget.rowControl(row: row.id, .move).elementID
        } else if shown {
            fragment = LandingTarget.row(row.id).elementID
        } else {
            let target: LandingTarget = section.isCollapsible ? .header(section: section.id) : .section(section.id)
            fragment = target.elementID
        }
        let window = find?.urlQuery
            ?? index.flatMap { windowing.query(of: WindowFocus(sectionID: section.id, position: $0), in: state) }
        return "/tables/\(table.id)\(window.map { "?" + $0 } ?? "")#\(fragment)"
    }

    /// The places a picker's query asks for; 400 for a query that does not parse.
    static func pickerScope(of request: Request) throws -> PickerScope {
        let query = try URLEncodedForm(decoding: (request.rawQuery ?? "").utf8)
        let fields = FormFields(query)
        let names = Set(query.fields.map(\.name))
        do {
            if names.contains("position") {
                // An empty field (the form sent as it came) shows every place.
                if try fields.value("position").isEmpty { return .all }
                return .around(max(try fields.index("position"), 1) - 1)
            }
            if names.contains("first") || names.contains("last") {
                let first = try fields.index("first"), last = try fields.index("last")
                return .range(first: max(first, 1) - 1, last: max(last, 1) - 1)
            }
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }
        return .all
    }
}
