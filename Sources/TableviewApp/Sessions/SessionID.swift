/// A visitor's session id, as the cookie carries it: lower-case hex digits, 64 for an id this server issues (see
/// ``SessionIssuer``), 32 for one issued before ids carried a MAC (still valid while its session is stored).
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The hex digits.
    let rawValue: String

    /// The id a cookie names, or nil when the value is not exactly 32 or 64 lower-case hex digits.
    init?(cookieValue: String) {
        let bytes = cookieValue.utf8
        guard bytes.count == 32 || bytes.count == 64,
            bytes.allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "f")) })
        else { return nil }
        rawValue = cookieValue
    }

    var description: String { rawValue }
}
