import Mustache
import TableModel

/// Renders tableview's pages (docs/HTML.md) from the templates, into byte buffers the caller reuses.
///
/// Make one at start-up: it checks that the templates it needs exist and render, and escapes every table's texts
/// once, so that rendering a page builds only what the visitor's state decides.
///
/// ```swift
/// let renderer = try PageRenderer(templatesDirectory: "templates", tables: catalog.tables)
/// var buffer: [UInt8] = []
/// try renderer.renderTable(state, csrf: token, showsIndexLink: true, into: &buffer)
/// ```
public struct PageRenderer: Sendable {
    /// The templates the pages need, by name (file name without `.mustache`).
    public static let requiredTemplates = ["layout", "table", "section", "row", "undo", "message", "index", "error"]

    let tablePage: Template
    let errorPage: Template
    /// The texts of the tables given at start-up, by definition.
    let texts: [ObjectIdentifier: TableTexts]
    /// The index lists the same tables whatever the request: rendered once.
    let indexPage: [UInt8]

    /// A renderer for `tables` (the catalog's, in file order: the index lists them) with templates loaded already.
    public init(templates: TemplateLibrary, tables: [TableDefinition]) throws(PageRendererError) {
        try self.init(templates: templates, tables: tables, directory: nil)
    }

    /// A renderer for `tables` with the templates of a folder (`templates/`).
    public init(templatesDirectory: String, tables: [TableDefinition]) throws(PageRendererError) {
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(directory: templatesDirectory)
        } catch {
            throw .templatesNotLoaded(error)
        }
        try self.init(templates: library, tables: tables, directory: templatesDirectory)
    }

    private init(templates: TemplateLibrary, tables: [TableDefinition], directory: String?)
        throws(PageRendererError)
    {
        let missing = Self.requiredTemplates.filter { templates.template(named: $0) == nil }
        guard missing.isEmpty, let table = templates.template(named: "table"),
            let index = templates.template(named: "index"), let error = templates.template(named: "error")
        else {
            throw .missingTemplates(missing, directory: directory)
        }
        tablePage = table
        errorPage = error
        let tableTexts = tables.map(TableTexts.init)
        texts = Dictionary(tableTexts.map { (ObjectIdentifier($0.definition), $0) }, uniquingKeysWith: { a, _ in a })
        var page: [UInt8] = []
        try Self.render(index, IndexPage(tableTexts), into: &page)
        indexPage = page
        try checkRendering(tables)
    }

    /// Renders every kind of page once, so that templates that cannot render (a partial including itself) stop
    /// the start-up rather than fail a visitor's request.
    private func checkRendering(_ tables: [TableDefinition]) throws(PageRendererError) {
        var scratch: [UInt8] = []
        for table in tables {
            let state = TableState(definition: table)
            let message = PageMessage.status("Check", undoRowID: table.rows.first?.id, in: table.sections.first?.id)
            try renderTable(state, csrf: "check", message: message, showsIndexLink: true, into: &scratch)
            try renderTable(state, csrf: "check", message: .alert("Check"), showsIndexLink: false, into: &scratch)
            scratch.removeAll(keepingCapacity: true)
        }
        try renderError(status: 404, message: "Check", advice: "Check", into: &scratch)
    }

    /// The texts of `definition`: escaped at start-up for the tables given then, else now.
    func texts(of definition: TableDefinition) -> TableTexts {
        texts[ObjectIdentifier(definition)] ?? TableTexts(definition)
    }
}
