import Mustache

/// Why a `PageRenderer` could not start, or a page could not be rendered.
public enum PageRendererError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The templates folder could not be read, or a template in it does not parse (the error has its name, line
    /// and column).
    case templatesNotLoaded(MustacheError)
    /// Templates the pages need are not there: their names (`row` for `row.mustache`), and the folder when the
    /// templates came from one.
    case missingTemplates([String], directory: String?)
    /// A template failed while rendering: partials or sections nested deeper than the engine allows, as a
    /// partial that includes itself would.
    case renderingFailed(MustacheError)
    /// The string catalogues (`templates/locales/*.json`) are missing, do not parse, or do not match: every
    /// problem, each naming its file (and the key).
    case catalogues(CatalogueError)
    /// The templates include `{{>ui/KEY}}` partials that the catalogue of `language` lacks.
    case unknownStrings([String], language: UILanguage)

    public var description: String {
        switch self {
        case .templatesNotLoaded(let error):
            "cannot load the templates: \(error)"
        case .missingTemplates(let names, let directory):
            "\(directory.map { "\($0): " } ?? "")missing template\(names.count == 1 ? "" : "s") "
                + names.map { "\($0).mustache" }.joined(separator: ", ")
                + "; the pages need " + PageRenderer.requiredTemplates.joined(separator: ", ")
        case .renderingFailed(let error):
            "cannot render a page: \(error)"
        case .catalogues(let error):
            "cannot load the string catalogues:\n" + error.description
        case .unknownStrings(let keys, let language):
            "the templates use strings the \(language) catalogue lacks: "
                + keys.map { "\"\($0)\"" }.joined(separator: ", ")
        }
    }
}
