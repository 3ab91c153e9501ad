import Mustache
import Testing

/// Standalone partials indent every line they render; data is indented where it starts a line but its own
/// line breaks are not.
struct IndentationTests {
    @Test func standalonePartialIndentationAccumulates() throws {
        let library = try TemplateLibrary(templates: [
            "a": "<a>\n  {{>b}}\n</a>\n",
            "b": "<b>\n  {{>c}}\n</b>\n",
            "c": "x\n{{text}}\n",
        ])
        #expect(try library.render("a", value: ["text": "y\nz"]) == "<a>\n  <b>\n    x\n    y\nz\n  </b>\n</a>\n")
    }

    @Test func emptyValueAtLineStartLeavesTheLineToBeIndented() throws {
        let library = try TemplateLibrary(templates: ["page": "  {{>p}}\n", "p": "{{a}}{{b}}x\n{{a}}y\n"])
        let data: MustacheValue = ["a": .text(MustacheText("")), "b": ""]
        #expect(try library.render("page", value: data) == "  x\n  y\n")
    }

    @Test func valueStartingALineIsIndented() throws {
        let library = try TemplateLibrary(templates: ["page": "  {{>p}}\n", "p": "a\n{{v}}\n"])
        #expect(try library.render("page", value: ["v": 7]) == "  a\n  7\n")
    }
}
