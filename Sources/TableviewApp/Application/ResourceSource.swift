import EmbeddedResources
import HTTPServer
import TableModel
import TableRendering

/// Where the templates come from: the folder `--templates` names, or the project's `templates/` as built into the
/// executable (SPEC §11), so a copied binary needs nothing beside it.
enum TemplateSource: Sendable, Equatable {
    case folder(String)
    case builtIn

    /// The folder when one is given, else the built-in templates.
    init(_ directory: String?) {
        self = directory.map(TemplateSource.folder) ?? .builtIn
    }

    /// How messages name it.
    var name: String {
        switch self {
        case .folder(let path): path
        case .builtIn: "the executable (built in)"
        }
    }

    /// A renderer for `tables` with these templates: every one parsed, checked and rendered once.
    func renderer(for tables: [TableDefinition]) throws(StartupError) -> PageRenderer {
        do throws(PageRendererError) {
            switch self {
            case .folder(let path):
                return try PageRenderer(templatesDirectory: path, tables: tables)
            case .builtIn:
                return try PageRenderer(files: EmbeddedResources.templates, tables: tables)
            }
        } catch {
            throw .templates(error, directory: name)
        }
    }
}

/// Where the static files come from: the folder `--public` names, or the project's `Public/` as built into the
/// executable.
enum PublicSource: Sendable, Equatable {
    case folder(String)
    case builtIn

    /// The folder when one is given, else the built-in files.
    init(_ directory: String?) {
        self = directory.map(PublicSource.folder) ?? .builtIn
    }

    /// How long a browser may use a static file without asking again (then it revalidates it by its `ETag`): the
    /// page after a tap is laid out without waiting for a round trip for its stylesheet and icons. Ten minutes is how
    /// long an edited stylesheet or icon can take to reach a browser.
    static let cacheControl = "max-age=600"

    /// The handler for `/static/**`.
    func handler() throws(StartupError) -> RouteHandler {
        switch self {
        case .folder(let path):
            do {
                return try FileServer(root: path, cacheControl: Self.cacheControl).handler
            } catch {
                throw .publicFolder(error)
            }
        case .builtIn:
            return MemoryFileServer(files: EmbeddedResources.publicFiles, cacheControl: Self.cacheControl).handler
        }
    }
}
