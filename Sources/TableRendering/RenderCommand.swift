import TableModel

/// `tableview render [--tables FILE] --table ID [--state FILE] [--apply ACTION]…`: one table page as deterministic
/// HTML, for users' own snapshot tests.
///
/// The page is the one a visitor in that state sees, with `csrfPlaceholder` in place of the session's token and no
/// message, in `language` (English unless `--language` says otherwise): the actions change the state as the
/// visitor's forms would, but the one-shot status or alert after the last of them is not shown (a reload of the
/// page would not show it either). The "All tables" link shows when the
/// catalog has more than one table, as on the server.
public enum RenderCommand {
    /// What every form's `csrf` field holds in rendered output.
    public static let csrfPlaceholder = "CSRF-TOKEN-PLACEHOLDER"

    /// The page of table `tableID`, in the state `stateJSON` describes (the format of `TableState.exportJSON`)
    /// or in its initial state, after `actions` in order; the first action a rule refuses (or that names what the
    /// table does not have) stops it.
    public static func render(
        catalog: TableCatalog,
        tableID: String,
        stateJSON: [UInt8]?,
        actions: [TableAction] = [],
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
        for action in actions {
            switch state.applying(action) {
            case .success(let outcome): state = outcome.state
            case .failure(let error):
                let reason = renderer.catalogue(language).message(for: error, in: table)
                return .failure(.refusedAction(action, reason: reason))
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
    /// An action was refused by a rule, or names a row or section the table does not have.
    case refusedAction(TableAction, reason: String)
    /// The templates failed to render.
    case rendering(PageRendererError)

    /// One problem per line, without a trailing newline.
    public var description: String {
        switch self {
        case .unknownTable(let id, let available):
            "unknown table \"\(id)\"; the tables are: \(available.joined(separator: ", "))"
        case .invalidState(let problems):
            problems.description
        case .refusedAction(let action, let reason):
            "--apply \"\(action)\" was refused: \(reason)"
        case .rendering(let error):
            error.description
        }
    }
}
