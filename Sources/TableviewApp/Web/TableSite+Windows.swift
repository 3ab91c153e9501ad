import HTTPServer
import TableModel
import TableRendering

/// The windows of long sections (SPEC §10, "Huge sections"; ``RowWindowing``): which one a table page shows, and
/// which one the page after an action opens.
///
/// A page's window is in its URL, `/tables/{table}?section={section}&from={first row, from 1}`. After an action on a
/// row the redirect opens the window that holds the row where it is now (or where it was, for a deletion); after
/// one on no row (a header, the toolbar) it opens the window of the page the form was on, which the `Referer`
/// names — the forms of the toolbar and the headers carry nothing of it, and a browser sends the page's URL with
/// its form (`Referrer-Policy: same-origin`).
extension TableSite {
    /// The window a table page's query asks for: `section` and `from`, both or neither; nil without them. 400 for a
    /// query that does not parse, a section the table does not have or a row number below 1. A number past the
    /// section's end shows its last window (a link from before a deletion).
    func windowFocus(of request: Request, table: TableDefinition) throws -> WindowFocus? {
        guard let raw = request.rawQuery, !raw.isEmpty else { return nil }
        let query = try URLEncodedForm(decoding: raw.utf8)
        let names = Set(query.fields.map(\.name))
        guard names.contains("section") || names.contains("from") else { return nil }
        let fields = FormFields(query)
        let sectionID: String, first: Int
        do {
            (sectionID, first) = (try fields.value("section"), try fields.index("from"))
        } catch {
            throw HTTPError(.badRequest, message: error.message)
        }
        guard table.section(id: sectionID) != nil else {
            let words = renderer.catalogue(language(of: request))
            let message = words.message(for: .invalid(.unknownSection(XMLSafeText.echo(sectionID))), in: table)
            throw HTTPError(.badRequest, message: message, messageLanguage: words.language.tag)
        }
        guard first >= 1 else { throw HTTPError(.badRequest, message: "The field “from” counts rows from 1.") }
        return WindowFocus(sectionID: sectionID, position: first - 1)
    }

    /// The window of the page a form was on, as its `Referer` names it; nil without one, or for another page.
    func refererFocus(of request: Request, table: TableDefinition) -> WindowFocus? {
        guard let referer = request.headers["Referer"], let scheme = referer.firstRange(of: "://") else { return nil }
        let rest = referer[scheme.upperBound...]
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        let page = Request(method: .get, target: String(rest[slash...].prefix { $0 != "#" }))
        guard page.path == "/tables/\(table.id)" else { return nil }
        return try? windowFocus(of: page, table: table)
    }
}
