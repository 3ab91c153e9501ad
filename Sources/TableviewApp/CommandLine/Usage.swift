/// The texts `--help` and `--version` print.
public enum Usage {
    /// The version `--version` prints.
    public static let version = "tableview 0.1.0"

    /// The full usage, printed by `--help`.
    public static let text = """
        tableview — UITableView-style grouped tables as plain server-side HTML, no JavaScript.

        Usage:
          tableview serve [--host HOST] [--port PORT] [--public DIR] [--templates DIR] [--quiet]
          tableview --help | --version

        serve options:
          --host HOST       address to listen on (default 127.0.0.1; 0.0.0.0 serves the local network)
          --port PORT       TCP port, 0 picks a free one (default 8080); the first line on
                            standard output is "listening on http://HOST:PORT/"
          --public DIR      static files, served under /static/ (default Public)
          --templates DIR   Mustache templates (default templates)
          --quiet           no access log (one line per request on standard error)

        SIGINT or SIGTERM stops the server gracefully: requests in flight finish, then it exits 0.
        Exit status: 0 on success, 1 on a runtime error (such as a port in use), 2 on a usage error.

        """

    /// The hint after a usage error.
    public static let hint = "Run 'tableview --help' for usage."
}
