/// The texts `--help` and `--version` print.
public enum Usage {
    /// The version `--version` prints.
    public static let version = "tableview 0.1.0"

    /// The full usage, printed by `--help`.
    public static let text = """
        tableview — UITableView-style grouped tables as plain server-side HTML, no JavaScript.

        Usage:
          tableview serve  [--host HOST] [--port PORT] [--tables FILE] [--templates DIR] [--public DIR]
                           [--max-sessions N] [--session-ttl SECONDS] [--quiet]
                           [--database PATH [--database-sync normal|full]] [--language en|ja]
                           [--tls-cert FILE --tls-key FILE [--tls-priority STRING]] [--origin URL]
                           [--max-section-rows N] [--window-rows N] [--max-page-rows N]
          tableview render [--tables FILE] --table ID [--state FILE] [--apply ACTION]...
                           [--templates DIR] [--language en|ja]
          tableview check  FILE...
          tableview --help | --version

        serve options:
          --tables FILE     table definitions (JSON, see README); without it, the built-in demo
          --host HOST       address to listen on (default 127.0.0.1; 0.0.0.0 or :: serves the local
                            network: after the first line, "reachable at URL" for each of the
                            machine's addresses, and in a terminal the first as a QR code)
          --port PORT       TCP port, 0 picks a free one (default 8080); the first line on
                            standard output is "listening on http://HOST:PORT/"
          --public DIR      static files, served under /static/ (default: the built-in Public/)
          --templates DIR   Mustache templates (default: the built-in templates/)
          --max-sessions N  most visitors whose state is kept; a one-time visitor goes before
                            a returning one, the longest idle first (default 10000)
          --session-ttl S   seconds a visitor's state is kept after their last request
                            (default 86400)
          --quiet           no access log (one line per request on standard error), and nothing on
                            standard output after the first line
          --database PATH   keep the visitors' table states and the server secret in the SQLite
                            file PATH (made, with its folder, when missing): each action is
                            committed before it is answered, so a crash loses nothing
                            answered; a file that is not a sound database is reported, moved
                            to PATH.corrupt-TIME, and the server starts with no states
          --database-sync M normal (default): a power cut may lose the last commits; full:
                            each commit also reaches the disk before it is answered
          --state-file FILE import the JSON state file of earlier versions into the database
                            (--database, else FILE.sqlite) once, then move it to
                            FILE.imported-TIME
          --language L      the UI language (en or ja) of a request whose Accept-Language
                            names neither (default en); others get the one they ask for
          --tls-cert FILE   serve HTTPS with this PEM certificate (chain); needs --tls-key
          --tls-key FILE    the certificate's PEM private key, unencrypted; the pair is
                            checked before the server starts (a certificate out of its
                            validity period, or with an RSA key under 2048 bits or an
                            elliptic-curve key under 256, is refused), and the cookie is
                            Secure (named __Host-tableview_session)
          --tls-priority S  the GnuTLS priority string of HTTPS connections (default: TLS 1.3
                            and 1.2 with ECDHE and AES-GCM or ChaCha20-Poly1305 only)
          --origin URL      the public origin when a reverse proxy terminates TLS, such as
                            https://tables.example.lan: forms from it pass the Origin check
                            and redirects go to it
          --max-section-rows N
                            a section of more rows is shown in windows of --window-rows
                            rows, with links to the others (default 2000, at least 2000)
          --window-rows N   rows in each window of a long section (default 200)
          --max-page-rows N rows on one page across its sections (default --max-section-rows):
                            the other sections show their header and a link to their rows

        render prints the page of table ID as deterministic HTML on standard output: every
        form's CSRF token is CSRF-TOKEN-PLACEHOLDER. --state reads a visitor's state in the
        JSON format that GET /tables/ID/state.json exports; without it, the initial state.
        --apply (repeatable) then applies actions in order, written as the server logs them:
        "select row X", "deselect row X", "expand section S", "collapse section S",
        "expand all", "collapse all", "edit mode off|all|delete|sort", "move row X to index N",
        "delete row X", "restore row X", "reset", "undo reset"; a refused action exits 1.
        --language (en or ja, default en) chooses the language of the page's words.

        check validates each FILE and prints "FILE: ok: 1 table, 2 sections, 9 rows", or every
        problem as "FILE:LINE:COLUMN: JSON-PATH: message"; exit 1 when any file has problems.

        Without --templates or --public, the templates and static files built into the
        executable serve (the project's templates/ and Public/ when it was built).

        SIGINT or SIGTERM stops the server gracefully: requests in flight finish, the state file
        (if any) is saved, then it exits 0. SIGHUP saves the state file and reloads the tables
        file and the templates; visitors keep their state where it still applies, and a file
        with problems is reported while the old tables keep serving.
        Exit status: 0 on success, 1 on a runtime error (such as a port in use), 2 on a usage error.

        """

    /// The hint after a usage error.
    public static let hint = "Run 'tableview --help' for usage."
}
