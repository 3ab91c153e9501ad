/// A visitor's session id, as the cookie carries it: lower-case hex digits, 64 for an id this server issues (see
/// ``SessionIssuer``), 32 for one issued before ids carried a MAC (still valid while its session is stored).
///
/// Kept as the digits' value rather than their text: every request reads an id from its cookie and looks it up once or
/// twice, and two integers are read, hashed and compared in a few instructions where a String of 64 digits took
/// hundreds and a heap allocation.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The value of the first 32 digits, and of the last 32 (nil for an id of 32).
    private let first: UInt128
    private let second: UInt128?

    /// The id a cookie names, or nil when the value is not exactly 32 or 64 lower-case hex digits.
    init?(cookieValue: String) {
        var value = cookieValue
        guard let id = value.withUTF8({ SessionID(digits: $0) }) else { return nil }
        self = id
    }

    /// The id these bytes spell, or nil when they are not exactly 32 or 64 lower-case hex digits.
    init?(digits: UnsafeBufferPointer<UInt8>) {
        guard digits.count == 32 || digits.count == 64, let first = Self.value(of: digits[..<32]) else { return nil }
        if digits.count == 32 {
            second = nil
        } else {
            guard let second = Self.value(of: digits[32...]) else { return nil }
            self.second = second
        }
        self.first = first
    }

    /// The hex digits.
    var rawValue: String {
        Self.digits(of: first) + (second.map(Self.digits(of:)) ?? "")
    }

    /// Hashes the first 32 digits only: they are random in every id the server issues (the rest is a MAC of them), so
    /// they spread ids as well as all 64 do. (The stores hold only ids the server issued: a client cannot fill them
    /// with ids that collide.)
    func hash(into hasher: inout Hasher) {
        hasher.combine(first)
    }

    var description: String { rawValue }

    /// The value of 32 hex digits, read as two words of 16.
    private static func value(of digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt128? {
        guard let high = word(of: digits.prefix(16)), let low = word(of: digits.dropFirst(16)) else { return nil }
        return UInt128(high) << 64 | UInt128(low)
    }

    private static func word(of digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt64? {
        var word: UInt64 = 0
        for byte in digits {
            let nibble: UInt8
            if byte &- UInt8(ascii: "0") < 10 {
                nibble = byte &- UInt8(ascii: "0")
            } else if byte &- UInt8(ascii: "a") < 6 {
                nibble = byte &- UInt8(ascii: "a") + 10
            } else {
                return nil
            }
            word = word << 4 | UInt64(nibble)
        }
        return word
    }

    /// `value` in 32 lower-case hex digits, zeros in front.
    private static func digits(of value: UInt128) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 32 - hex.utf8.count) + hex
    }
}
