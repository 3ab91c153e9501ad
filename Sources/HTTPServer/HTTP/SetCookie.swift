/// A cookie to set through a `Set-Cookie` response header (RFC 6265 §4.1).
///
/// The defaults suit a session cookie: `Path=/`, `HttpOnly`, `SameSite=Lax`, no expiry.
/// Name and value are written as given: use a token name and a value of cookie octets (no spaces,
/// quotes, commas, semicolons or backslashes), e.g. hexadecimal.
public struct SetCookie: Sendable, Equatable {
    /// The `SameSite` attribute.
    public enum SameSite: String, Sendable {
        /// Sent on same-site requests only.
        case strict = "Strict"
        /// Also sent on top-level navigations from other sites (following a link), not on their POSTs.
        case lax = "Lax"
        /// Sent on cross-site requests too (browsers require `Secure` with it).
        case none = "None"
    }

    /// The cookie's name.
    public var name: String
    /// The cookie's value.
    public var value: String
    /// The `Path` attribute, if any.
    public var path: String?
    /// The `Max-Age` attribute in seconds; 0 tells the browser to delete the cookie.
    public var maxAge: Int?
    /// Whether scripts are denied the cookie.
    public var httpOnly: Bool
    /// Whether the cookie travels over HTTPS only.
    public var secure: Bool
    /// The `SameSite` attribute, if any.
    public var sameSite: SameSite?

    /// A cookie with the given attributes.
    public init(
        name: String,
        value: String,
        path: String? = "/",
        maxAge: Int? = nil,
        httpOnly: Bool = true,
        secure: Bool = false,
        sameSite: SameSite? = .lax
    ) {
        self.name = name
        self.value = value
        self.path = path
        self.maxAge = maxAge
        self.httpOnly = httpOnly
        self.secure = secure
        self.sameSite = sameSite
    }

    /// The header value, e.g. `sid=ab12; Path=/; HttpOnly; SameSite=Lax`.
    public var headerValue: String {
        var parts = ["\(name)=\(value)"]
        if let path { parts.append("Path=\(path)") }
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if httpOnly { parts.append("HttpOnly") }
        if secure { parts.append("Secure") }
        if let sameSite { parts.append("SameSite=\(sameSite.rawValue)") }
        return parts.joined(separator: "; ")
    }
}
