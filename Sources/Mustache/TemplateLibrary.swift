/// A set of templates that include each other by name, loaded once at start-up.
///
/// Partial (`{{>name}}`) and parent (`{{<name}}`) tags are resolved when the library is built, so rendering
/// never looks a name up; a name the library lacks renders nothing, as the spec asks.
///
/// ```swift
/// let library = try TemplateLibrary(directory: "templates")   // templates/rows/row.mustache is "rows/row"
/// var buffer: [UInt8] = []
/// try library.render("page", page, into: &buffer)
/// ```
public struct TemplateLibrary: Sendable {
    let storage: LibraryStorage

    /// Parses templates given as name → source.
    public init(templates: [String: String]) throws(MustacheError) {
        // Sorted, so that the first error reported does not depend on dictionary order.
        let names = templates.keys.sorted()
        var programs: [Program] = []
        for name in names {
            programs.append(try Parser.parse(Array(templates[name, default: ""].utf8), name: name))
        }
        let indices = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($0.element, $0.offset) })
        storage = LibraryStorage(programs: programs.map { $0.linked(to: indices) }, indices: indices)
    }

    /// The templates' names, sorted.
    public var names: [String] { storage.indices.keys.sorted() }

    /// The template of that name, which renders with the library's partials.
    public func template(named name: String) -> Template? {
        storage.indices[name].map { Template(program: storage.programs[$0], library: storage) }
    }

    /// Appends the rendering of template `name` for a view model to `buffer`.
    public func render(_ name: String, _ context: some MustacheContext, into buffer: inout [UInt8])
        throws(MustacheError)
    {
        try render(name, value: .context(context), into: &buffer)
    }

    /// Appends the rendering of template `name` for any value to `buffer`.
    public func render(_ name: String, value: MustacheValue, into buffer: inout [UInt8]) throws(MustacheError) {
        guard let template = template(named: name) else { throw .templateNotFound(name) }
        try template.render(value: value, into: &buffer)
    }

    /// The rendering of template `name` for a view model, as a string.
    public func render(_ name: String, _ context: some MustacheContext) throws(MustacheError) -> String {
        try render(name, value: .context(context))
    }

    /// The rendering of template `name` for any value, as a string.
    public func render(_ name: String, value: MustacheValue) throws(MustacheError) -> String {
        guard let template = template(named: name) else { throw .templateNotFound(name) }
        return try template.render(value: value)
    }
}

/// The linked programs of a library, shared by its templates.
final class LibraryStorage: Sendable {
    let programs: [Program]
    let indices: [String: Int]

    init(programs: [Program], indices: [String: Int]) {
        self.programs = programs
        self.indices = indices
    }
}
