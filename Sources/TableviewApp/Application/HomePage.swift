import HTTPServer

/// The page at `/` until tables are served: it names the product and nothing more.
enum HomePage {
    static let response = Response.html("""
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8"/>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>tableview</title>
        </head>
        <body>
        <main>
        <h1>tableview</h1>
        <p>tableview serves UITableView-style grouped tables as plain HTML pages: every tap is a form
        submission, and no JavaScript is needed.</p>
        </main>
        </body>
        </html>

        """)
}
