/// Issues session ids and recognises the ones it issued, without storing anything.
///
/// SPEC §4 asks for both: ids are issued by the server only (a cookie naming an id the server does not hold gets a
/// fresh one: no session fixation), and a visitor who only reads costs no server memory. So an id carries its own
/// proof: 128 random bits followed by the first 128 bits of `HMAC-SHA-256(secret, "session-id:" + random)`. An id
/// is accepted when the store holds it or when its MAC checks out; anything else — a value an attacker made up and
/// planted — is replaced by a fresh id. The secret is the server's (kept in the state file, see ``ServerSecret``),
/// so ids survive a restart exactly when the state does.
struct SessionIssuer: Sendable {
    private let key: HMACKey

    /// An issuer keyed by the server's secret.
    init(secret: [UInt8]) {
        // Its own key, derived from the secret, so a session MAC can never serve as a CSRF token or the reverse.
        key = HMACKey(HMACKey(secret).authenticationCode(for: Array("tableview session ids".utf8)[...]))
    }

    /// A fresh id from the system's secure generator.
    func issue() -> SessionID {
        let random = Hex.encode(SecureRandom.bytes(16))
        return SessionID(cookieValue: random + mac(of: random))!
    }

    /// Whether this issuer (this secret) issued `id`, compared in constant time.
    ///
    /// Read from the id's values, with no text made of it: a returning reader with no stored state is checked so on
    /// every request. The last 32 digits spell the MAC's first 16 bytes, so their value is those bytes, big-endian.
    func issued(_ id: SessionID) -> Bool {
        guard let mac = id.macPart else { return false }
        var message = Array("session-id:".utf8)
        SessionID.appendDigits(of: id.randomPart, to: &message)
        let code = key.authenticationCode(for: message[...])
        return withUnsafeBytes(of: mac.bigEndian) { constantTimeEquals(code.prefix(16), $0) }
    }

    private func mac(of random: String) -> String {
        Hex.encode(key.authenticationCode(for: Array(("session-id:" + random).utf8)[...]).prefix(16))
    }
}
