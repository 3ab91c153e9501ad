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
    func token(for sessionID: SessionID) -> String {
        Base64URL.encode(key.authenticationCode(for: Array(sessionID.rawValue.utf8)[...]).prefix(16))
    }
}

/// Whether two byte strings are equal, in time that depends only on their lengths, not on where they differ: for
/// comparing a secret-derived value (a token, a MAC) with one a client sent.
func constantTimeEquals(_ given: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
    guard given.count == expected.count else { return false }
    var difference: UInt8 = 0
    for (left, right) in zip(given, expected) { difference |= left ^ right }
    return difference == 0
}

/// Lower-case hexadecimal.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// Base64 with the URL- and form-safe alphabet and no padding (RFC 4648 §5).
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: some Collection<UInt8>) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var bits: UInt32 = 0, count = 0
        for byte in bytes {
            bits = bits << 8 | UInt32(byte)
            count += 8
            while count >= 6 {
                count -= 6
                out.append(alphabet[Int(bits >> UInt32(count) & 0x3f)])
            }
        }
        if count > 0 { out.append(alphabet[Int(bits << UInt32(6 - count) & 0x3f)]) }
        return String(decoding: out, as: UTF8.self)
    }
}
