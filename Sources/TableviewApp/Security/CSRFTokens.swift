/// CSRF tokens bound to a session: the first 128 bits of `HMAC-SHA-256(secret, session id)`, in base64url (22
/// characters).
///
/// Deriving the token instead of storing it keeps a reading visitor free of server memory: the token of any
/// session id can be recomputed, and nobody without the server's secret can forge one. 128 bits is the strength of
/// the session id itself, and the truncation RFC 2104 §5 allows; base64url keeps the token out of the form
/// encoding's escapes. Every form of a page carries it, so its length is paid once per form — on a 2,000-row page
/// in All mode, six times per row (docs/DESIGN.md, "Bytes per row").
struct CSRFTokens: Sendable {
    private let key: HMACKey

    /// A token source with a fresh random secret.
    init() { self.init(secret: SecureRandom.bytes(32)) }

    /// A token source with a given secret (tests, and restarts that must keep tokens valid).
    init(secret: [UInt8]) { key = HMACKey(secret) }

    /// The token forms of `sessionID` carry.
    func token(for sessionID: SessionID) -> CSRFToken {
        CSRFToken(key.authenticationCode(for: Array(sessionID.rawValue.utf8)[...]).prefix(16))
    }
}
