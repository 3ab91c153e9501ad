import Mustache
import Testing

/// Templates assembled at random from tag fragments: whatever the parser accepts must render without crashing,
/// and the only error rendering may raise is the depth limit.
struct RobustnessTests {
    /// SplitMix64, so every run tries the same templates.
    private struct Generator: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    private static let fragments = [
        "{{", "}}", "{{{", "}}}", "{{a}}", "{{&a}}", "{{{a}}}", "{{.}}", "{{a.b}}", "{{#a}}", "{{/a}}", "{{^a}}",
        "{{#list}}", "{{/list}}", "{{>p}}", "{{>q}}", "{{>*a}}", "{{<p}}", "{{/p}}", "{{$b}}", "{{/b}}", "{{!c}}",
        "{{=<% %>=}}", "<%a%>", "<%={{ }}=%>", "\n", "\r\n", "  ", "\t", "x", "<", "&", "\"", "é", "{{ a }}",
    ]

    private func randomTemplate(_ generator: inout Generator) -> String {
        (0..<Int.random(in: 0...12, using: &generator))
            .map { _ in Self.fragments.randomElement(using: &generator)! }
            .joined()
    }

    @Test func randomTemplatesParseOrFailCleanlyAndRender() throws {
        var generator = Generator(state: 2024)
        let data: MustacheValue = ["a": ["b": "<b>"], "list": [1, "two", ["a": "p"]], "b": true]
        var rendered = 0
        for _ in 0..<10_000 {
            let templates = ["page": randomTemplate(&generator), "p": randomTemplate(&generator), "q": "q"]
            guard let library = try? TemplateLibrary(templates: templates) else { continue }
            do {
                _ = try library.render("page", value: data)
                rendered += 1
            } catch {
                guard case .renderingTooDeep = error else {
                    Issue.record("unexpected \(error) rendering \(templates)")
                    continue
                }
            }
        }
        #expect(rendered > 500, "too few random templates parsed to exercise rendering")
    }

    @Test func textWithoutTagsRendersUnchanged() throws {
        var generator = Generator(state: 7)
        for _ in 0..<500 {
            let text = (0..<Int.random(in: 0...20, using: &generator))
                .map { _ in ["\n", "\r\n", "  ", "x", "<", "}}", "{x", "é", "\t"].randomElement(using: &generator)! }
                .joined()
            #expect(try Template(text).render(value: .null) == text)
        }
    }
}
