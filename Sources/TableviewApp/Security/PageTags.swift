import TableRendering

/// The `ETag`s of table pages, which reveal nothing of the session id or the CSRF token.
///
/// A page's tag changes whenever its bytes may — with the visitor's state (its version), a reload (the site's
/// generation) and the page's language — and differs between visitors, whose pages carry different tokens. Made of
/// the token's first 16 characters, it put most of the token in a header that proxies log and browsers send back
/// (`If-None-Match`). It is now the first 128 bits of `HMAC-SHA-256` of those inputs under a key of its own, derived
/// from the server secret as the session ids' is: as unique as before, and opaque.
struct PageTags: Sendable {
    private let key: HMACKey

    /// Tags keyed by the server's secret.
    init(secret: [UInt8]) {
        key = HMACKey(HMACKey(secret).authenticationCode(for: Array("tableview page tags".utf8)[...]))
    }

    /// The weak tag of the page of `session` at `version` of its state, `generation` of the site, in `language`.
    func tag(session: SessionID, generation: UInt64, version: UInt64, language: UILanguage) -> String {
        let message = "page:\(session.rawValue):\(generation):\(version):\(language.tag)"
        return "W/\"" + Base64URL.encode(key.authenticationCode(for: Array(message.utf8)[...]).prefix(16)) + "\""
    }
}
