/// A Mustache template, parsed and compiled once, rendered many times into byte buffers.
///
/// A template made from a string has no partials: its partial and parent tags render nothing. Templates that
/// include each other come from a `TemplateLibrary`.
///
/// ```swift
/// let template = try Template("<h1>{{title}}</h1>")
/// var buffer: [UInt8] = []
/// try template.render(["title": "Fish & Chips"], into: &buffer)   // <h1>Fish &amp; Chips</h1>
/// ```
public struct Template: Sendable {
    let program: Program
    /// The library whose templates the partial tags name; an empty one for a template made from a string.
    let library: LibraryStorage

    /// Parses `source`; `name` appears in error messages.
    public init(_ source: String, name: String = "template") throws(MustacheError) {
        program = try Parser.parse(Array(source.utf8), name: name)
        library = LibraryStorage(programs: [], indices: [:])
    }

    init(program: Program, library: LibraryStorage) {
        self.program = program
        self.library = library
    }

    /// The name given when parsing, or the template's name in its library.
    public var name: String { program.name }

    /// Appends the rendering for a view model to `buffer`, which it does not clear; on error `buffer` is left
    /// as it was.
    public func render(_ context: some MustacheContext, into buffer: inout [UInt8]) throws(MustacheError) {
        try render(value: .context(context), into: &buffer)
    }

    /// Appends the rendering for any value (a list, a string for `{{.}}`) to `buffer`, which it does not clear;
    /// on error `buffer` is left as it was.
    public func render(value: MustacheValue, into buffer: inout [UInt8]) throws(MustacheError) {
        // The page is written straight into `buffer`'s spare room (what the caller reserved, a size hint for large
        // pages, and at least 16 KiB). Only a page that outgrows it is written elsewhere and copied after.
        var overflow: [UInt8] = []
        try buffer.append(addingCapacity: max(16_384, buffer.capacity - buffer.count)) {
            (room: inout OutputSpan<UInt8>) throws(MustacheError) in
            try room.withUnsafeMutableBufferPointer { (memory, written) throws(MustacheError) in
                var renderer = Renderer(library: library, output: OutputBuffer(lent: memory))
                try withUnsafePointer(to: value) { (value) throws(MustacheError) in
                    try renderer.run(program, 0..<program.ops.count, pushing: value)
                }
                if renderer.output.isInLentMemory {
                    written = renderer.output.count
                } else {
                    renderer.output.copy(to: &overflow)
                }
            }
        }
        buffer.append(contentsOf: overflow)
    }

    /// The rendering for a view model, as a string.
    public func render(_ context: some MustacheContext) throws(MustacheError) -> String {
        try render(value: .context(context))
    }

    /// The rendering for any value, as a string.
    public func render(value: MustacheValue) throws(MustacheError) -> String {
        var buffer: [UInt8] = []
        try render(value: value, into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
