import Mustache
import Testing

/// Layouts through `{{<parent}}` and `{{$block}}`, as the product's pages use them.
struct InheritanceTests {
    private let layout = """
        <title>{{$title}}tableview{{/title}}</title>
        <main>
          {{$content}}
          {{/content}}
        </main>

        """

    @Test func pageArgumentsReplaceLayoutBlocksAndOthersKeepTheirDefault() throws {
        let library = try TemplateLibrary(templates: [
            "layout": layout,
            "page": "{{<layout}}\n{{$content}}\n<p>{{text}}</p>\n{{/content}}\n{{/layout}}\n",
        ])
        #expect(
            try library.render("page", value: ["text": "Hi"])
                == "<title>tableview</title>\n<main>\n  <p>Hi</p>\n</main>\n"
        )
    }

    @Test func argumentsAreReindentedWhereTheLayoutPlacesThem() throws {
        let library = try TemplateLibrary(templates: [
            "layout": layout,
            "page": """
            {{<layout}}
            {{$title}}{{name}}{{/title}}
            {{$content}}
            <h1>{{name}}</h1>
            {{#lists}}
            {{>list}}
            {{/lists}}
            {{/content}}
            {{/layout}}

            """,
            "list": "<ul>\n  <li>{{.}}</li>\n</ul>\n",
        ])
        let expected = """
            <title>Menu</title>
            <main>
              <h1>Menu</h1>
              <ul>
                <li>a</li>
              </ul>
              <ul>
                <li>b</li>
              </ul>
            </main>

            """
        #expect(try library.render("page", value: ["name": "Menu", "lists": ["a", "b"]]) == expected)
    }

    @Test func argumentsApplyOnlyToTheParentTagThatPassesThem() throws {
        // The card's own `content` block is not the page's `content` argument, though the card renders inside it.
        let library = try TemplateLibrary(templates: [
            "layout": "<main>{{$content}}{{/content}}</main>",
            "card": "<div>{{$content}}card default{{/content}}|{{$footer}}{{/footer}}</div>",
            "page": "{{<layout}}{{$content}}{{<card}}{{$footer}}f{{/footer}}{{/card}}{{/content}}{{/layout}}",
        ])
        #expect(try library.render("page", value: .null) == "<main><div>card default|f</div></main>")
    }
}
