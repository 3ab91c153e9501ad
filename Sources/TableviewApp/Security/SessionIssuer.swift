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
        let random = SecureRandom.bytes(16)
        return SessionID(cookieValue: Hex.encode(random) + Hex.encode(mac(of: random)))!
    }

    /// Whether this issuer (this secret) issued `id`, compared in constant time.
    func issued(_ id: SessionID) -> Bool {
        guard let mac = id.macPart else { return false }
        return ConstantTime.equals(self.mac(of: id.randomPart), mac)
    }

    /// The first 16 bytes of the MAC of an id's random part, as its digits spell it.
    private func mac(of random: [UInt8]) -> ArraySlice<UInt8> {
        key.authenticationCode(for: Array(("session-id:" + Hex.encode(random)).utf8)[...]).prefix(16)
    }
}
