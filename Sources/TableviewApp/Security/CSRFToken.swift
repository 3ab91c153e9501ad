/// One session's CSRF token: 128 bits, held as two integers and written in forms as 22 characters of base64url.
///
/// A plain value, so that the visitor keeps it and a POST compares it without a string to allocate or a reference to
/// count.
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

    /// The token a form sent, read from its text: 22 characters of base64url spelling 16 bytes as ``text`` spells
    /// them, so that each token has one spelling; nil for anything else.
    init?(text: String) {
        guard text.utf8.count == 22, let bytes = Base64URL.decode(text), bytes.count == 16 else { return nil }
        self.init(bytes)
        guard self.text == text else { return nil }
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
