/// The server's secret: 256 random bits from which CSRF tokens (``CSRFTokens``) and session ids
/// (``SessionIssuer``) derive.
///
/// Random per process unless a state file keeps it (SPEC §11): then a restart keeps the visitors' states, their
/// cookies and the tokens in the forms they have open, all three together.
struct ServerSecret: Sendable, Equatable {
    let bytes: [UInt8]

    /// A fresh secret from the system's secure generator.
    init() { bytes = SecureRandom.bytes(32) }

    /// A given secret (a saved one, or a test's).
    init(bytes: [UInt8]) { self.bytes = bytes }

    /// The secret written as 64 lower-case hex digits, or nil when `hex` is not that.
    init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 64 else { return nil }
        var bytes: [UInt8] = []
        for pair in stride(from: 0, to: 64, by: 2) {
            guard let high = Self.value(of: digits[pair]), let low = Self.value(of: digits[pair + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        self.bytes = bytes
    }

    /// 64 lower-case hex digits.
    var hex: String { Hex.encode(bytes) }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
