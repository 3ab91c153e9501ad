import Mustache

/// libFuzzer target `mustache-template`: the Mustache parser and renderer on arbitrary templates.
///
/// The whole input is parsed as one template (`Template(_:)`) and, when it parses, rendered with a dictionary
/// context. Then the input is split at NUL bytes into up to three templates of one library — `main`, `partial`
/// and `parent` — so that partial and parent tags (`{{> partial}}`, `{{< parent}}`) reach real templates,
/// recursion included, and `main` is rendered. Errors are expected; crashes, hangs and sanitizer reports are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMustacheTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    if let template = try? Template(String(decoding: bytes, as: UTF8.self), name: "fuzz") {
        var output: [UInt8] = []
        try? template.render(value: MustacheFuzzing.context, into: &output)
    }
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false)
    let names = ["main", "partial", "parent"]
    var sources: [String: String] = [:]
    for (name, part) in zip(names, parts) {
        sources[name] = String(decoding: part, as: UTF8.self)
    }
    if let library = try? TemplateLibrary(templates: sources) {
        var output: [UInt8] = []
        try? library.render("main", value: MustacheFuzzing.context, into: &output)
    }
    return 0
}

/// A context with every kind of value: text that needs escaping, numbers, booleans, empty and non-empty lists,
/// nested dictionaries, and names that templates commonly use.
enum MustacheFuzzing {
    // nonisolated(unsafe): MustacheValue is not Sendable, and libFuzzer calls the target from one thread only.
    nonisolated(unsafe) static let context: MustacheValue = [
        "name": "<b>\"Fish\" & 'Chips'</b>",
        "title": "銭湯めぐり",
        "empty": "",
        "zero": 0,
        "number": 42,
        "pi": 3.14,
        "yes": true,
        "no": false,
        "none": .null,
        "list": [1, 2, 3],
        "rows": [["id": "a", "title": "A"], ["id": "b", "title": "B", "selected": true]],
        "nothing": [],
        "a": ["b": ["c": "deep", "list": ["x", "y"]]],
        "partial": "not a template",
    ]
}
