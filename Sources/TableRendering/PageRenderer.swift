import Mustache
import TableModel

/// Renders tableview's pages (docs/HTML.md) from the templates, into byte buffers the caller reuses, in every
/// `UILanguage`.
///
/// Make one at start-up: it loads the string catalogues and builds one template library per language with the
/// catalogue's entries as `{{>ui/KEY}}` partials (so a page's fixed words are resolved before any request),
/// checks that the templates it needs exist and render, and escapes every table's texts once, so that rendering
/// a page builds only what the visitor's state decides.
///
/// ```swift
/// let renderer = try PageRenderer(templatesDirectory: "templates", tables: catalog.tables)
/// var buffer: [UInt8] = []
/// try renderer.renderTable(state, csrf: token, showsIndexLink: true, language: .ja, into: &buffer)
/// ```
public struct PageRenderer: Sendable {
    /// The templates the pages need, by name (file name without `.mustache`).
    public static let requiredTemplates = [
        "layout", "table", "section", "row", "row-light", "undo", "undo-light", "message", "tap", "index", "error",
        "picker", "window-range", "window-nav",
    ]
    /// Where the catalogues are, under the templates folder.
    public static let localesFolder = "locales"
    /// The prefix of the partials that name catalogue entries: `{{>ui/reset}}`. `ui/lang` is the language's tag.
    static let stringPartialPrefix = "ui/"

    /// The pages of each language, by `UILanguage.index`.
    let languages: [LanguagePages]
    /// The texts of the tables given at start-up, by definition.
    let texts: [ObjectIdentifier: TableTexts]
    let catalogues: StringCatalogues

    /// A renderer for `tables` (the catalog's, in file order: the index lists them) with the templates of a
    /// folder (`templates/`) and the catalogues in its `locales/` folder.
    public init(templatesDirectory: String, tables: [TableDefinition]) throws(PageRendererError) {
        let sources: [String: String]
        do {
            sources = try TemplateLibrary.sources(inDirectory: templatesDirectory)
        } catch {
            throw .templatesNotLoaded(error)
        }
        let catalogues: StringCatalogues
        do {
            catalogues = try StringCatalogues.load(directory: "\(templatesDirectory)/\(Self.localesFolder)",
                                                   templateKeys: Self.stringKeys(in: sources))
        } catch {
            throw .catalogues(error)
        }
        try self.init(templates: sources, catalogues: catalogues, tables: tables, directory: templatesDirectory)
    }

    /// A renderer for `tables` with the files of a templates folder given in memory, by path relative to it (the
    /// folder built into the executable): the `.mustache` files and the catalogues in `locales/`.
    public init(files: [String: [UInt8]], tables: [TableDefinition]) throws(PageRendererError) {
        var sources: [String: String] = [:]
        var texts: [String: String] = [:]
        for (path, bytes) in files {
            let text = String(decoding: bytes, as: UTF8.self)
            if path.hasSuffix(".mustache") { sources[String(path.dropLast(".mustache".count))] = text }
            if path.hasPrefix(Self.localesFolder + "/") { texts[path] = text }
        }
        let catalogues: StringCatalogues
        do {
            catalogues = try StringCatalogues.load(files: texts, templateKeys: Self.stringKeys(in: sources))
        } catch {
            throw .catalogues(error)
        }
        try self.init(templates: sources, catalogues: catalogues, tables: tables, directory: nil)
    }

    /// A renderer for `tables` with template sources given by name and catalogues loaded already.
    public init(templates: [String: String], catalogues: StringCatalogues, tables: [TableDefinition])
        throws(PageRendererError)
    {
        try self.init(templates: templates, catalogues: catalogues, tables: tables, directory: nil)
    }

    private init(templates: [String: String], catalogues: StringCatalogues, tables: [TableDefinition],
                 directory: String?) throws(PageRendererError)
    {
        let missing = Self.requiredTemplates.filter { templates[$0] == nil }
        guard missing.isEmpty else { throw .missingTemplates(missing, directory: directory) }
        let keys = Self.stringKeys(in: templates)
        self.catalogues = catalogues
        let tableTexts = tables.map { TableTexts($0, catalogues: catalogues) }
        texts = Dictionary(tableTexts.map { (ObjectIdentifier($0.definition), $0) }, uniquingKeysWith: { a, _ in a })
        var languages: [LanguagePages] = []
        for language in UILanguage.allCases {
            let catalogue = catalogues[language]
            let unknown = keys.filter { catalogue.entries[$0] == nil }.sorted()
            guard unknown.isEmpty else { throw .unknownStrings(unknown, language: language) }
            var sources = templates
            for key in keys {
                sources[Self.stringPartialPrefix + key] = catalogue.templateSource(forKey: key)
            }
            sources[Self.stringPartialPrefix + "lang"] = language.tag
            languages.append(try LanguagePages(sources: sources, catalogue: catalogue, tables: tableTexts))
        }
        self.languages = languages
        try checkRendering(tables)
    }

    /// The catalogue keys the templates include as `{{>ui/KEY}}` partials (`lang` is the renderer's own).
    static func stringKeys(in sources: [String: String]) -> Set<String> {
        var keys = Set<String>()
        for source in sources.values {
            var rest = source[...]
            while let range = rest.firstRange(of: "{{>") {
                rest = rest[range.upperBound...]
                guard let end = rest.firstRange(of: "}}") else { break }
                let name = rest[..<end.lowerBound].trimmingPrefix(" ")
                let trimmed = name.reversed().drop { $0 == " " }.reversed()
                let partial = String(trimmed)
                if partial.hasPrefix(stringPartialPrefix), partial != stringPartialPrefix + "lang" {
                    keys.insert(String(partial.dropFirst(stringPartialPrefix.count)))
                }
            }
        }
        return keys
    }

    /// Renders every kind of page once in every language, so that templates that cannot render (a partial
    /// including itself) stop the start-up rather than fail a visitor's request. Each table is rendered from its
    /// ``TableDefinition/sample()``, one row of each kind per section: the same template branches at a cost that does
    /// not grow with the table (a 100,000-row table took a second here, rendered whole four times).
    private func checkRendering(_ tables: [TableDefinition]) throws(PageRendererError) {
        let tables = tables.map { $0.sample() }
        var scratch: [UInt8] = []
        for language in UILanguage.allCases {
            for table in tables {
                let state = TableState(definition: table)
                let message = PageMessage.status("Check", undoRowID: table.rows.first?.id, in: table.sections.first?.id)
                try renderTable(state, csrf: "check", message: message, showsIndexLink: true, language: language,
                                into: &scratch)
                try renderTable(state, csrf: "check", message: .alert("Check"), showsIndexLink: false,
                                language: language, into: &scratch)
                scratch.removeAll(keepingCapacity: true)
            }
            try renderError(status: 404, message: "Check", language: language, into: &scratch)
            for table in tables {
                guard let row = table.rows.first else { continue }
                var state = TableState(definition: table)
                if let mode = table.editModeChoices.first(where: \.allowsMoving),
                    case .success(let outcome) = state.applying(.setEditMode(mode))
                {
                    state = outcome.state
                }
                _ = try renderPicker(state, row: row.id, scope: .all, csrf: "check", backURL: "/", language: language,
                                     into: &scratch)
                scratch.removeAll(keepingCapacity: true)
            }
        }
    }

    /// The texts of `definition`: escaped at start-up for the tables given then, else now.
    func texts(of definition: TableDefinition) -> TableTexts {
        texts[ObjectIdentifier(definition)] ?? TableTexts(definition, catalogues: catalogues)
    }

    /// The catalogue of `language`, for messages the caller words itself (an error page's).
    public func catalogue(_ language: UILanguage) -> StringCatalogue {
        catalogues[language]
    }
}

/// One language's templates, with its words resolved, and its index page.
struct LanguagePages: Sendable {
    let catalogue: StringCatalogue
    let tablePage: Template
    let errorPage: Template
    let pickerPage: Template
    /// The index lists the same tables whatever the request: rendered once per language.
    let indexPage: [UInt8]

    init(sources: [String: String], catalogue: StringCatalogue, tables: [TableTexts]) throws(PageRendererError) {
        let library: TemplateLibrary
        do {
            library = try TemplateLibrary(templates: sources)
        } catch {
            throw .templatesNotLoaded(error)
        }
        guard let table = library.template(named: "table"), let index = library.template(named: "index"),
            let error = library.template(named: "error"), let picker = library.template(named: "picker")
        else {
            throw .missingTemplates(["table", "index", "error", "picker"], directory: nil)
        }
        self.catalogue = catalogue
        tablePage = table
        errorPage = error
        pickerPage = picker
        var page: [UInt8] = []
        // The tables' samples have no long section: the window partials are checked on their own.
        if let window = RowWindowing().window(holding: 10_000, among: 100_000) {
            let navigation = WindowNavigation(window, table: "check", section: "check", title: MustacheText("Check"))
            for name in ["window-range", "window-nav"] {
                guard let template = library.template(named: name) else {
                    throw .missingTemplates([name], directory: nil)
                }
                try PageRenderer.render(template, navigation, into: &page)
            }
            page.removeAll()
        }
        try PageRenderer.render(index, IndexPage(tables, language: catalogue.language), into: &page)
        indexPage = page
    }
}
