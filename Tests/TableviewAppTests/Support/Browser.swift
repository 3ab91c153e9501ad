import TestSupport
import Testing
import XMLInspection

/// A test client that behaves as a browser with scripts off: a cookie jar, pages parsed as XML, and forms
/// submitted by pressing a button — the form's hidden fields plus the pressed button's name and value — with
/// the `303` followed.
final class Browser {
    let port: Int
    private(set) var cookies: [String: String] = [:]
    /// The last page loaded, parsed.
    private(set) var page: XMLDocument?
    /// The last response a `get` or a followed redirect got.
    private(set) var response: TestResponse?
    /// The `Location` of the last redirect followed, fragment included.
    private(set) var lastLocation: String?
    /// Whether requests carry `Origin` as browsers do on POST.
    var sendsOrigin = true
    /// How the browser speaks HTTPS to the server; nil: plain HTTP.
    let tls: TestTLS?
    /// The origin the browser is at: what it sends as `Origin`, and where redirects may point.
    var origin: String
    /// The `Accept-Language` every request carries, as a browser set to a language sends it; `nil`: none.
    var acceptLanguage: String?
    /// The `User-Agent` every request carries; `nil`: none, as a bare HTTP client (the server then treats it as a
    /// text browser: no tap inputs).
    var userAgent: String?

    /// A graphical browser's `User-Agent` (Chromium's on Linux).
    static let graphicalAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36"

    init(port: Int, tls: TestTLS? = nil) {
        self.port = port
        self.tls = tls
        origin = "\(tls == nil ? "http" : "https")://127.0.0.1:\(port)"
    }

    /// The path (and query) of the page loaded last, which a form sends as its `Referer`, as browsers do under
    /// `Referrer-Policy: same-origin`.
    private(set) var pagePath: String?
    /// Whether forms send the `Referer` (text browsers may not).
    var sendsReferer = true

    /// Loads `path` and parses the page when it is HTML.
    @discardableResult
    func get(_ path: String) throws -> TestResponse {
        let response = try send("GET", path)
        self.response = response
        pagePath = path
        page = nil
        if response.header("Content-Type")?.hasPrefix("text/html") == true, !response.body.isEmpty {
            page = try XMLDocument(parsing: response.body)
        }
        return response
    }

    /// Sends one request with the jar's cookies and keeps the cookies the answer sets.
    func send(_ method: String, _ target: String, headers: [(name: String, value: String)] = [], body: [UInt8] = [])
        throws -> TestResponse
    {
        let client = try TestClient(port: port, tls: tls)
        defer { client.close() }
        var fields = headers
        if let acceptLanguage, !headers.contains(where: { $0.name == "Accept-Language" }) {
            fields.append(("Accept-Language", acceptLanguage))
        }
        if let userAgent, !headers.contains(where: { $0.name == "User-Agent" }) {
            fields.append(("User-Agent", userAgent))
        }
        if !cookies.isEmpty {
            fields.append(("Cookie", cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")))
        }
        let response = try client.request(method, target, headers: fields, body: body)
        for line in response.headers(named: "Set-Cookie") {
            let pair = line.split(separator: ";", maxSplits: 1)[0]
            if let equals = pair.firstIndex(of: "=") {
                cookies[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
        }
        return response
    }

    /// The buttons on the page whose accessible name is `name`, optionally inside the elements the XPath
    /// `scope` selects (e.g. `//*[@id='row_a']`).
    func buttons(named name: String, in scope: String? = nil) throws -> [XMLNode] {
        let page = try #require(page, "no page loaded")
        let root = (scope ?? "") + "//button"
        return try page.nodes(matching: root).filter { $0.accessibleName == name }
    }

    /// Presses the one button named `name` (in `scope`), posts its form and follows the `303`.
    /// Returns the answer to the POST.
    @discardableResult
    func press(_ name: String, in scope: String? = nil, sourceLocation: SourceLocation = #_sourceLocation) throws
        -> TestResponse
    {
        let found = try buttons(named: name, in: scope)
        try #require(found.count == 1, "expected one button named \(name), found \(found.count)",
                     sourceLocation: sourceLocation)
        return try submit(found[0])
    }

    /// Submits the form of `button` as a browser does when the button is pressed (from the keyboard, or in a
    /// browser without the tap inputs).
    @discardableResult
    func submit(_ button: XMLNode, overriding: [String: String] = [:]) throws -> TestResponse {
        let formNode = try form(of: button)
        var fields = try hiddenFields(of: formNode)
        if let name = button.attribute("name") { fields.append((name, button.attribute("value") ?? "")) }
        fields = fields.map { (name, value) in (name, overriding[name] ?? value) }
        return try post(try action(of: button, in: formNode), fields: fields)
    }

    /// Where `submitter` posts its form: its own `formaction` (a light page's buttons and tap inputs), relative to
    /// the page's URL, else the form's action.
    private func action(of submitter: XMLNode, in form: XMLNode) throws -> String {
        let action = try #require(submitter.attribute("formaction") ?? form.attribute("action"))
        if action.hasPrefix("/") { return action }
        let path = (pagePath ?? "/").split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
        return String(path[...(path.lastIndex(of: "/") ?? path.startIndex)]) + action
    }

    /// Taps the one button named `name` with a pointer at height `y` of the window, as a graphical browser submits
    /// it: the press lands on the button's tap input (which follows it and lies over it), whose coordinates go with
    /// the form's hidden fields, the button's name and value do not. `coordinates` replaces the `tap.x`, `tap.y`
    /// fields the input sends (a forged or broken report).
    @discardableResult
    func tap(_ name: String, atY y: Int, coordinates: [(String, String)]? = nil,
             sourceLocation: SourceLocation = #_sourceLocation) throws -> TestResponse
    {
        let found = try buttons(named: name)
        try #require(found.count == 1, "expected one button named \(name), found \(found.count)",
                     sourceLocation: sourceLocation)
        let formNode = try form(of: found[0])
        let input = try #require(try found[0].nodes(matching: "following-sibling::input[@type='image'][1]").first,
                                 "\(name) has no tap input", sourceLocation: sourceLocation)
        let inputName = input.attribute("name") ?? ""
        let fields = try hiddenFields(of: formNode) + (coordinates ?? [("\(inputName).x", "17"), ("\(inputName).y", "\(y)")])
        return try post(try action(of: input, in: formNode), fields: fields)
    }

    private func form(of button: XMLNode) throws -> XMLNode {
        var form = button.parent
        while let node = form, node.name != "form" { form = node.parent }
        return try #require(form, "button is not in a form")
    }

    private func hiddenFields(of form: XMLNode) throws -> [(String, String)] {
        try form.nodes(matching: ".//input[@type='hidden']").map { ($0.attribute("name") ?? "", $0.attribute("value") ?? "") }
    }

    /// Posts `fields` form-encoded to `path` and follows a `303`.
    @discardableResult
    func post(_ path: String, fields: [(String, String)], contentType: String = "application/x-www-form-urlencoded",
              extraHeaders: [(name: String, value: String)] = []) throws -> TestResponse
    {
        var headers: [(name: String, value: String)] = [("Content-Type", contentType)]
        if sendsOrigin { headers.append(("Origin", origin)) }
        if sendsReferer, let pagePath { headers.append(("Referer", origin + pagePath)) }
        headers += extraHeaders
        let body = Array(fields.map { "\(FormEncoding.encode($0.0))=\(FormEncoding.encode($0.1))" }.joined(separator: "&").utf8)
        let answer = try send("POST", path, headers: headers, body: body)
        if answer.status == 303, let location = answer.header("Location") {
            lastLocation = location
            // SPEC §2: an absolute URL on this server (text browsers pause on a relative one).
            let url = location.split(separator: "#", maxSplits: 1)[0]
            let target = url.hasPrefix(origin + "/") ? String(url.dropFirst(origin.count)) : String(url)
            try get(target)
        } else {
            response = answer
        }
        return answer
    }

    /// Puts a cookie in the jar, as a page of another site or a planted header would.
    func plantCookie(_ name: String, _ value: String) {
        cookies[name] = value
    }

    /// The CSRF token the current page's forms carry.
    func csrfToken() throws -> String {
        let page = try #require(page)
        return try #require(try page.nodes(matching: "//input[@name='csrf']").first?.attribute("value"))
    }

    /// Nodes of the current page matching `xpath`.
    func nodes(_ xpath: String) throws -> [XMLNode] {
        try #require(page, "no page loaded").nodes(matching: xpath)
    }

    /// The text of the page's message, if any, and its role.
    func message() throws -> (role: String, text: String)? {
        guard let node = try nodes("//*[@role='status' or @role='alert']").first else { return nil }
        return (node.attribute("role") ?? "", node.text.trimmingSpaces())
    }
}

/// `application/x-www-form-urlencoded` as browsers write it.
enum FormEncoding {
    static func encode(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
                UInt8(ascii: "*"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: " "):
                out += "+"
            default:
                let hex = Array("0123456789ABCDEF")
                out += "%\(hex[Int(byte >> 4)])\(hex[Int(byte & 15)])"
            }
        }
        return out
    }
}

extension String {
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
