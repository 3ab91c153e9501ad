/// A page like tableview's table page: a layout through inheritance, sections and rows through partials.
enum BenchmarkTemplates {
    static let all: [String: String] = [
        "layout": layout,
        "table": table,
        "section": section,
        "rows/row": row,
    ]

    static let layout = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <meta charset="utf-8">
          <meta name="viewport" content="width=device-width, initial-scale=1">
          <title>{{$title}}tableview{{/title}}</title>
          <link rel="stylesheet" href="/static/style.css">
        </head>
        <body>
          <header class="navigation-bar">
            <h1>{{$heading}}tableview{{/heading}}</h1>
          </header>
          {{#message}}
          <p id="message" role="alert">{{message}}</p>
          {{/message}}
          <main>
            {{$content}}
            {{/content}}
          </main>
        </body>
        </html>

        """

    static let table = """
        {{<layout}}
        {{$title}}{{title}} – tableview{{/title}}
        {{$heading}}{{title}}{{/heading}}
        {{$content}}
        <form method="post" action="/tables/{{id}}/edit-mode" class="toolbar">
          <input type="hidden" name="csrf" value="{{csrf}}">
          <button type="submit" name="mode" value="{{#editing}}off{{/editing}}{{^editing}}all{{/editing}}">
            {{#editing}}Done{{/editing}}{{^editing}}Edit{{/editing}}
          </button>
        </form>
        {{#sections}}
        {{>section}}
        {{/sections}}
        {{/content}}
        {{/layout}}

        """

    static let section = """
        <section id="section_{{id}}" aria-labelledby="section_{{id}}_title">
          <h2 id="section_{{id}}_title">{{title}}</h2>
          <ul>
            {{#rows}}
            {{>rows/row}}
            {{/rows}}
          </ul>
          {{#footer}}
          <p class="footer">{{footer}}</p>
          {{/footer}}
        </section>

        """

    static let row = """
        <li id="row_{{id}}"{{#selected}} class="selected"{{/selected}}>
          <form method="post" action="/tables/{{tableID}}/rows/{{id}}/selection">
            <button name="selected" value="{{^selected}}true{{/selected}}{{#selected}}false{{/selected}}">
              {{title}}{{#detail}} <span class="detail">{{detail}}</span>{{/detail}}
            </button>
          </form>
        </li>

        """
}
