import Mustache
import Testing

struct ParseErrorTests {
    private func parseError(_ source: String) -> MustacheError? {
        do {
            _ = try Template(source, name: "page")
            return nil
        } catch {
            return error
        }
    }

    private func at(_ line: Int, _ column: Int) -> TemplateLocation {
        TemplateLocation(template: "page", line: line, column: column)
    }

    @Test func unclosedSectionPointsAtItsOpeningTag() {
        #expect(parseError("<ul>\n  {{#rows}}\n  <li>") == .parse(.unclosedSection("rows"), at: at(2, 3)))
    }

    @Test func mismatchedCloseTagPointsAtTheCloseTag() {
        let error = parseError("{{#rows}}\n{{#cells}}{{/rows}}")
        #expect(error == .parse(.mismatchedClose(open: "cells", close: "rows"), at: at(2, 11)))
    }

    @Test func closeTagWithoutSectionIsAnError() {
        #expect(parseError("a {{/rows}}") == .parse(.unexpectedClose("rows"), at: at(1, 3)))
    }

    @Test func unclosedTagPointsAtItsOpeningDelimiter() {
        #expect(parseError("Hello {{name") == .parse(.unclosedTag, at: at(1, 7)))
        #expect(parseError("{{{name}}") == .parse(.unclosedTag, at: at(1, 1)))
    }

    @Test func badSetDelimiterTagIsAnError() {
        #expect(parseError("{{=<% =}}") == .parse(.invalidDelimiters("<% "), at: at(1, 1)))
        #expect(parseError("{{=<% %> x=}}") == .parse(.invalidDelimiters("<% %> x"), at: at(1, 1)))
        #expect(parseError("{{=a= b=}}") == .parse(.invalidDelimiters("a= b"), at: at(1, 1)))
    }

    @Test func tagWithoutNameIsAnError() {
        #expect(parseError("x{{}}") == .parse(.emptyTag, at: at(1, 2)))
        #expect(parseError("{{# }}{{/ }}") == .parse(.emptyTag, at: at(1, 1)))
    }

    @Test func nameWithSpaceOrEmptyDottedPartIsAnError() {
        #expect(parseError("{{first name}}") == .parse(.invalidName("first name"), at: at(1, 1)))
        #expect(parseError("{{a..b}}") == .parse(.invalidName("a..b"), at: at(1, 1)))
        #expect(parseError("{{#.a}}{{/.a}}") == .parse(.invalidName(".a"), at: at(1, 1)))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() {
        #expect(parseError("日本 {{#x}}") == .parse(.unclosedSection("x"), at: at(1, 4)))
    }

    @Test func deepNestingIsRefusedInsteadOfExhaustingTheStack() {
        let source = String(repeating: "{{#a}}", count: 101) + String(repeating: "{{/a}}", count: 101)
        #expect(parseError(source) == .parse(.nestingTooDeep(limit: 100), at: at(1, 601)))
    }

    @Test func descriptionNamesTemplateLineAndColumn() throws {
        let error = try #require(parseError("<ul>\n  {{#rows}}\n"))
        #expect(error.description == "page:2:3: unclosed section 'rows'")
    }

    @Test func libraryReportsTheNameOfTheFailingTemplate() {
        #expect(
            throws: MustacheError.parse(.unclosedTag, at: TemplateLocation(template: "rows/row", line: 1, column: 4))
        ) {
            try TemplateLibrary(templates: ["page": "{{>rows/row}}", "rows/row": "<li{{x"])
        }
    }
}
