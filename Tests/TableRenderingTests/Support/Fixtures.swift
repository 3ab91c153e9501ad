import Foundation
import Mustache
import TableModel
import TableRendering
import Testing

/// Files under `Tests/TableRenderingTests/Fixtures` and the project's `templates/`, found from this source file.
enum Fixtures {
    static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let directory = testsDirectory.appendingPathComponent("Fixtures")
    static let snapshotsDirectory = testsDirectory.appendingPathComponent("__Snapshots__")
    static let templatesDirectory = testsDirectory
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("templates").path

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(name)))
    }

    /// The tables of a fixture definition file.
    static func catalog(_ name: String) throws -> TableCatalog {
        try DefinitionLoader.load(try bytes(name)).get()
    }

    /// The one table of a fixture definition file (`editing` for `editing.json`).
    static func table(_ name: String) throws -> TableDefinition {
        try #require(try catalog("\(name).json").tables.first)
    }

    /// The project's templates, read once.
    static let templates = Result { () throws(MustacheError) in
        try TemplateLibrary.sources(inDirectory: templatesDirectory)
    }

    /// The project's string catalogues (`templates/locales/`), loaded and checked once.
    static let catalogues = Result { () throws(CatalogueError) in
        try StringCatalogues.load(directory: "\(templatesDirectory)/\(PageRenderer.localesFolder)")
    }

    /// A renderer with the project's templates for `tables`.
    static func renderer(for tables: [TableDefinition]) throws -> PageRenderer {
        try PageRenderer(templates: try templates.get(), catalogues: try catalogues.get(), tables: tables)
    }
}

extension TableState {
    /// The state after actions that must be applied (not refused).
    func after(_ actions: TableAction...) throws -> TableState {
        var state = self
        for action in actions {
            state = try state.applying(action).get().state
        }
        return state
    }
}
