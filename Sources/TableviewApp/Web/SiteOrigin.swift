import HTTPServer

/// Where visitors reach the site: the scheme this server speaks and, behind a reverse proxy that terminates TLS,
/// the public origin (`serve --origin`). It decides the `Origin` a form may come from, the absolute `Location`s
/// of redirects, and whether the session cookie is `Secure`.
struct SiteOrigin: Sendable, Equatable {
    /// `https` when the server itself serves TLS (`--tls-cert`), else `http`.
    let scheme: String
    /// The public origin, normalized (``normalized(_:)``), when `--origin` names one.
    let publicOrigin: String?
    /// `scheme://`, which an `Origin` of a visitor who comes directly starts with.
    private let schemePrefix: String

    /// A server speaking `https` or plain `http`, reached directly or through `publicOrigin`.
    init(servesTLS: Bool = false, publicOrigin: String? = nil) {
        scheme = servesTLS ? "https" : "http"
        schemePrefix = scheme + "://"
        self.publicOrigin = publicOrigin
    }

    /// Whether browsers reach the site over HTTPS (directly or through the proxy): the cookie is then `Secure`.
    var isSecure: Bool {
        scheme == "https" || publicOrigin?.hasPrefix("https://") == true
    }

    /// Whether a form POST whose `Origin` field is `origin` comes from this site: the public origin, or the
    /// server's own scheme with the request's `Host` (a visitor who reaches it directly). `null` and other
    /// sites never match.
    /// Compared on the field's bytes, case-insensitively in ASCII, without copying them (it runs on every POST).
    func accepts(_ origin: UnsafeBufferPointer<UInt8>, host: String?) -> Bool {
        var publicOrigin = publicOrigin, host = host ?? "", prefix = schemePrefix
        func equal(_ range: Range<Int>, _ other: UnsafeBufferPointer<UInt8>) -> Bool {
            UnsafeBufferPointer(rebasing: origin[range]).equalsIgnoringASCIICase(other)
        }
        if publicOrigin?.withUTF8({ equal(0..<origin.count, $0) }) == true { return true }
        return host.withUTF8 { host in
            prefix.withUTF8 { prefix in
                !host.isEmpty && origin.count == prefix.count + host.count && equal(0..<prefix.count, prefix)
                    && equal(prefix.count..<origin.count, host)
            }
        }
    }

    /// `path` as an absolute URL (text browsers such as lynx pause on a relative `Location`): on the public
    /// origin when there is one, else on the server's scheme and the request's `Host`; the path alone when the
    /// request has no valid `Host` (the HTTP layer refuses an invalid one, and requires one on HTTP/1.1), so a
    /// `Location` never names a host that the request did not reach this server by.
    func absoluteURL(_ path: String, host: String?) -> String {
        if let publicOrigin { return publicOrigin + path }
        guard let host, HostField.isValid(host) else { return path }
        return "\(scheme)://\(host)\(path)"
    }

    /// `--origin`'s value as browsers write an `Origin`: `http` or `https`, `://`, a host name, IPv4 or bracketed
    /// IPv6 address, an optional port (dropped when it is the scheme's default), lower case, no path but an
    /// optional `/`. Nil for anything else (a path, a query, user information, a bad port).
    static func normalized(_ text: String) -> String? {
        let lowered = text.lowercased()
        let scheme: String
        if lowered.hasPrefix("https://") { scheme = "https" } else if lowered.hasPrefix("http://") { scheme = "http" }
        else { return nil }
        var authority = lowered.dropFirst(scheme.count + 3)
        if authority.hasSuffix("/") { authority = authority.dropLast() }
        guard HostField.isValid(authority) else { return nil }
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            guard let number = Int(authority[authority.index(after: colon)...]), (1...65535).contains(number) else {
                return nil
            }
            host = authority[..<colon]
            port = number
        }
        let isBracketed = host.hasPrefix("[") && host.hasSuffix("]") && host.count > 2
        guard !host.isEmpty, isBracketed || !host.contains(where: { $0 == ":" || $0 == "[" || $0 == "]" }) else {
            return nil
        }
        let defaultPort = scheme == "https" ? 443 : 80
        return scheme + "://" + host + (port.map { $0 == defaultPort ? "" : ":\($0)" } ?? "")
    }
}
