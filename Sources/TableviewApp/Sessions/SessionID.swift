/// A visitor's session id, as the cookie carries it: lower-case hex digits, 64 for an id this server issues (see
/// ``SessionIssuer``), 32 for one issued before ids carried a MAC (still valid while its session is stored).
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The hex digits.
    let rawValue: String

    /// The id a cookie names, or nil when the value is not exactly 32 or 64 lower-case hex digits.
    init?(cookieValue: String) {
        var value = cookieValue
        let valid = value.withUTF8 { bytes in
            (bytes.count == 32 || bytes.count == 64) && bytes.allSatisfy { byte in
                (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
            }
        }
        guard valid else { return nil }
        rawValue = value
    }

    /// Hashes the first 16 digits only: they are random in every id the server issues (the rest is more random digits
    /// or a MAC of them), so they spread ids as well as all 64 do, and every request hashes its id once or twice.
    /// (The stores hold only ids the server issued: a client cannot fill them with ids that collide.)
    func hash(into hasher: inout Hasher) {
        var digits = rawValue
        digits.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0.prefix(16)))) }
    }

    var description: String { rawValue }
}
