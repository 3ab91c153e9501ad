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

/// One session's CSRF token: 128 bits, held as two integers and written in forms as 22 characters of base64url.
///
/// A plain value, so that the visitor keeps it, a POST compares it and both threads read it without a reference to
/// count or a string to allocate: a token as a `String` was a heap string of 22 bytes, retained and released
/// four times per POST from both cores (docs/DESIGN.md, "Lines both cores write").
struct CSRFToken: Sendable, Hashable {
    /// The token's first 8 bytes and its last 8, big-endian.
    private let high: UInt64
    private let low: UInt64

    /// The token of 16 bytes.
    init(_ bytes: some Collection<UInt8>) {
        precondition(bytes.count == 16, "a CSRF token is 16 bytes")
        var high: UInt64 = 0, low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        self.high = high
        self.low = low
    }

    /// The token a form sent, read from its text: exactly 22 characters of base64url whose last one carries no
    /// bits past the 128th, so that each token has one spelling; nil for anything else.
    init?(text: String) {
        var text = text
        guard let token = text.withUTF8(Self.read) else { return nil }
        self = token
    }

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    private static func read(_ text: UnsafeBufferPointer<UInt8>) -> CSRFToken? {
        guard text.count == 22 else { return nil }
        var high: UInt64 = 0, low: UInt64 = 0
        // 22 digits of 6 bits: 132 bits, the token's 128 and four zeros. The 11th digit (bits 60–65) straddles the
        // halves; the last (126–131) carries the token's last two bits.
        for index in 0..<22 {
            guard let digit = Base64URL.value(of: text[index]) else { return nil }
            let bits = UInt64(digit), first = index * 6
            switch first {
            case ..<60: high |= bits << UInt64(58 - first)
            case 60: (high, low) = (high | bits >> 2, bits << 62)
            case ..<126: low |= bits << UInt64(122 - first)
            default:
                guard digit & 0x0f == 0 else { return nil }
                low |= bits >> 4
            }
        }
        return CSRFToken(high: high, low: low)
    }

    /// The token as forms carry it (22 characters of base64url).
    var text: String {
        Base64URL.encode(bytes)
    }

    /// The 16 bytes.
    var bytes: [UInt8] {
        (0..<16).map { (index: Int) -> UInt8 in
            let half = index < 8 ? high : low
            return UInt8(truncatingIfNeeded: half >> UInt64(56 - 8 * (index % 8)))
        }
    }

    /// Whether `other` is this token, in time that does not depend on where they differ.
    func matches(_ other: CSRFToken) -> Bool {
        (high ^ other.high) | (low ^ other.low) == 0
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

    /// The 6-bit value of one character of the alphabet; nil for any other byte.
    static func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

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
