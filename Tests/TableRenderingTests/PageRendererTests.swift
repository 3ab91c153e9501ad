import Mustache
import TableModel
import TableRendering
import Testing

/// Start-up checks of the renderer and how it writes into the caller's buffer.
@Suite struct PageRendererTests {
    /// The project's templates as sources, to leave some out or break one.
    private func templateSources() throws -> [String: String] {
        let sources = try Fixtures.templates.get()
        #expect(sources.keys.sorted() == PageRenderer.requiredTemplates.sorted())
        return sources
    }

    @Test func missingTemplatesStopTheStartUpNamingThem() throws {
        var sources = try templateSources()
        sources["row"] = nil
        sources["error"] = nil
        #expect(throws: PageRendererError.missingTemplates(["row", "error"], directory: nil)) {
            try PageRenderer(templates: sources, catalogues: try Fixtures.catalogues.get(), tables: [])
        }
        let error = PageRendererError.missingTemplates(["row", "error"], directory: "templates")
        #expect(error.description == "templates: missing templates row.mustache, error.mustache; "
            + "the pages need layout, table, section, row, row-light, undo, undo-light, message, tap, index, error, "
            + "picker, window-range, window-nav")
    }

    @Test func anUnreadableTemplatesFolderStopsTheStartUp() throws {
        #expect(throws: PageRendererError.templatesNotLoaded(.unreadable(path: "/no/such/folder", errno: 2))) {
            try PageRenderer(templatesDirectory: "/no/such/folder", tables: [])
        }
    }

    @Test func aTemplateThatCannotRenderStopsTheStartUp() throws {
        var sources = try templateSources()
        sources["row"] = "{{>row}}"
        let table = try Fixtures.table("selection")
        #expect(throws: PageRendererError.self) {
            try PageRenderer(templates: sources, catalogues: try Fixtures.catalogues.get(), tables: [table])
        }
    }

    @Test func aTemplateNamingAStringNoCatalogueHasStopsTheStartUp() throws {
        var sources = try templateSources()
        sources["undo"] = "<p>{{>ui/no-such-string}}</p>"
        #expect(throws: PageRendererError.unknownStrings(["no-such-string"], language: .en)) {
            try PageRenderer(templates: sources, catalogues: try Fixtures.catalogues.get(), tables: [])
        }
    }

    @Test func aTableNotGivenAtStartUpRendersTheSame() throws {
        let state = try TableState(definition: try Fixtures.table("editing")).after(.setEditMode(.all))
        var cached: [UInt8] = []
        var uncached: [UInt8] = []
        try Fixtures.renderer(for: [state.definition]).renderTable(state, csrf: "t", showsIndexLink: true,
                                                                   language: .en, into: &cached)
        try Fixtures.renderer(for: []).renderTable(state, csrf: "t", showsIndexLink: true, language: .en, into: &uncached)
        #expect(cached == uncached)
    }

    @Test func pagesAreAppendedToTheBuffer() throws {
        let renderer = try Fixtures.renderer(for: [])
        var html = Array("prefix".utf8)
        try renderer.renderError(status: 404, message: "m", language: .en, into: &html)
        #expect(html.starts(with: Array("prefix<!DOCTYPE html>".utf8)))
    }

    @Test func theCSRFTokenIsEscapedInEveryForm() throws {
        let state = TableState(definition: try Fixtures.table("selection"))
        var html: [UInt8] = []
        try Fixtures.renderer(for: []).renderTable(state, csrf: #"a"b<c"#, showsIndexLink: false, language: .en, into: &html)
        let page = try CheckedPage(html, snapshot: false)
        let tokens = try page.values("value", of: "//input[@name = 'csrf']")
        #expect(tokens.count == 9)
        #expect(tokens.allSatisfy { $0 == #"a"b<c"# })
    }
}
