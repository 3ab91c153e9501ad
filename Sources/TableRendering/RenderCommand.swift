import TableModel

/// `tableview render [--tables FILE] --table ID [--state FILE]`: one table page as deterministic HTML, for users'
/// own snapshot tests.
///
/// The page is the one a visitor in that state sees, with `csrfPlaceholder` in place of the session's token and no
/// message, in `language` (English unless `--language` says otherwise). The "All tables" link shows when the
/// catalog has more than one table, as on the server.
public enum RenderCommand {
    /// What every form's `csrf` field holds in rendered output.
    public static let csrfPlaceholder = "CSRF-TOKEN-PLACEHOLDER"

    /// The page of table `tableID`, in the state `stateJSON` describes (the format of `TableState.exportJSON`)
    /// or in its initial state.
    public static func render(
        catalog: TableCatalog,
        tableID: String,
        stateJSON: [UInt8]?,
        renderer: PageRenderer,
        language: UILanguage = .en
    ) -> Result<[UInt8], RenderCommandError> {
        guard let table = catalog.table(id: tableID) else {
            return .failure(.unknownTable(tableID, available: catalog.tables.map(\.id)))
        }
        var state = TableState(definition: table)
        if let stateJSON {
            switch TableState.decode(json: stateJSON, for: table) {
            case .success(let decoded): state = decoded
            case .failure(let problems): return .failure(.invalidState(problems))
            }
        }
        var page: [UInt8] = []
        do {
            try renderer.renderTable(state, csrf: csrfPlaceholder, showsIndexLink: catalog.tables.count > 1,
                                     language: language, into: &page)
        } catch {
            return .failure(.rendering(error))
        }
        return .success(page)
    }
}

/// Why `tableview render` printed no page.
public enum RenderCommandError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No table has this id; `available` lists the catalog's ids in file order.
    case unknownTable(String, available: [String])
    /// The state file does not describe a state of the table: every problem, each with its JSON path.
    case invalidState(DecodingProblems)
    /// The templates failed to render.
    case rendering(PageRendererError)

    /// One problem per line, without a trailing newline.
    public var description: String {
        switch self {
        case .unknownTable(let id, let available):
            "unknown table \"\(id)\"; the tables are: \(available.joined(separator: ", "))"
        case .invalidState(let problems):
            problems.description
        case .rendering(let error):
            error.description
        }
    }
}
