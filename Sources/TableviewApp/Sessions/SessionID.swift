/// A visitor's session id: 128 random bits, written as 32 lower-case hex digits in the cookie.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The 32 hex digits.
    let rawValue: String

    /// A fresh id from the system's secure generator.
    static func random() -> SessionID { SessionID(validated: Hex.encode(SecureRandom.bytes(16))) }

    /// The id a cookie names, or nil when the value is not exactly 32 lower-case hex digits.
    init?(cookieValue: String) {
        let bytes = cookieValue.utf8
        guard bytes.count == 32,
            bytes.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) })
        else { return nil }
        rawValue = cookieValue
    }

    private init(validated: String) { rawValue = validated }

    var description: String { rawValue }
}
