/// CSRF tokens bound to a session: `HMAC-SHA-256(secret, session id)`, hex-encoded.
///
/// Deriving the token instead of storing it keeps a reading visitor free of server memory: the token of any
/// session id can be recomputed, and nobody without the server's secret (random per process) can forge one.
struct CSRFTokens: Sendable {
    private let key: HMACKey

    /// A token source with a fresh random secret.
    init() { self.init(secret: SecureRandom.bytes(32)) }

    /// A token source with a given secret (tests, and restarts that must keep tokens valid).
    init(secret: [UInt8]) { key = HMACKey(secret) }

    /// The token forms of `sessionID` carry.
    func token(for sessionID: SessionID) -> String {
        Hex.encode(key.authenticationCode(for: Array(sessionID.rawValue.utf8)[...]))
    }

    /// Whether `candidate` is the token of `sessionID`, compared in constant time.
    func isValid(_ candidate: String, for sessionID: SessionID) -> Bool {
        let expected = Array(token(for: sessionID).utf8)
        let given = Array(candidate.utf8)
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for index in expected.indices { difference |= expected[index] ^ given[index] }
        return difference == 0
    }
}

/// Lower-case hexadecimal.
enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
