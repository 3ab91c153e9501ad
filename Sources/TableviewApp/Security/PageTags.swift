import TableModel
import TableRendering

/// The `ETag`s of table pages, which reveal nothing of the session id or the CSRF token.
///
/// A page's tag changes whenever its bytes may — with the visitor's state (its version), a reload (the site's
/// generation), the page's language, whether it carries the tap inputs (``TapReporting``) and the window of a long
/// section its URL asks for — and differs between
/// visitors, whose pages carry different tokens. It must carry nothing of the token or the session id, since it
/// travels in headers that proxies log and browsers send back (`If-None-Match`): it is the first 128 bits of
/// `HMAC-SHA-256` of those inputs under a key of its own, derived from the server secret as the session ids' is —
/// unique per visitor and page, and opaque.
struct PageTags: Sendable {
    private let key: HMACKey

    /// Tags keyed by the server's secret.
    init(secret: [UInt8]) {
        key = HMACKey(HMACKey(secret).authenticationCode(for: Array("tableview page tags".utf8)[...]))
    }

    /// The weak tag of the page of `session` at `version` of its state, `generation` of the site, in `language`,
    /// with or without tap inputs, showing the window `focus` asks for.
    func tag(
        session: SessionID, generation: UInt64, version: UInt64, language: UILanguage, reportsTaps: Bool = true,
        focus: WindowFocus? = nil
    ) -> String {
        let window = focus.map { "\($0.sectionID):\($0.position)" } ?? ""
        let message = "page:\(session.rawValue):\(generation):\(version):\(language.tag):\(reportsTaps):\(window)"
        return "W/\"" + Base64URL.encode(key.authenticationCode(for: Array(message.utf8)[...]).prefix(16)) + "\""
    }
}
