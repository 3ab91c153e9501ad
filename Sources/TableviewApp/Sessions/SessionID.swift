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
        var digits: [UInt8] = []
        digits.reserveCapacity(64)
        Self.appendDigits(of: first, to: &digits)
        if let second { Self.appendDigits(of: second, to: &digits) }
        return String(decoding: digits, as: UTF8.self)
    }

    /// The value of the first 32 digits: in an id the server issued, its random part.
    var randomPart: UInt128 { first }
    /// The value of the last 32 digits, nil for an id of 32: in an id the server issued, the MAC of the random part.
    var macPart: UInt128? { second }

    /// Hashes the first 32 digits only: they are random in every id the server issues (the rest is a MAC of them), so
    /// they spread ids as well as all 64 do. (The stores hold only ids the server issued: a client cannot fill them
    /// with ids that collide.)
    func hash(into hasher: inout Hasher) {
        hasher.combine(first)
    }

    var description: String { rawValue }

    /// The value of 32 hex digits, read eight at a time.
    private static func value(of digits: Slice<UnsafeBufferPointer<UInt8>>) -> UInt128? {
        let base = UnsafeRawPointer(digits.base.baseAddress! + digits.startIndex)
        var value: UInt128 = 0
        for offset in stride(from: 0, to: 32, by: 8) {
            guard let part = Self.value(ofEight: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) else {
                return nil
            }
            value = value << 32 | UInt128(part)
        }
        return value
    }

    /// The value of eight lower-case hex digits loaded as one little-endian word (the first digit in the lowest
    /// byte), or nil when one of them is not a digit: every byte at once, without a branch per digit (a cookie is
    /// read on every request, and a loop deciding digit by digit branches on each of its 64 digits).
    private static func value(ofEight word: UInt64) -> UInt32? {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // "0"–"9" are 0x30–0x39 and "a"–"f" 0x61–0x66: the low four bits, plus 9 where bit 6 is set.
        let nibbles = (word & (ones * 0x0F)) &+ ((word >> 6) & ones) &* 9
        // Valid when each nibble is below 16 and spells the byte again ("a" for 10: 0x30 + 10 + 0x27).
        let tens = ((nibbles &+ ones * 0x06) >> 4) & ones
        guard nibbles & (ones * 0xF0) == 0, nibbles &+ ones * 0x30 &+ tens &* 0x27 == word else { return nil }
        // Pairs of nibbles into bytes (first digit high), then the four bytes into a word (first byte high).
        let pairs = ((nibbles & 0x000F_000F_000F_000F) << 4) | ((nibbles >> 8) & 0x000F_000F_000F_000F)
        return UInt32(truncatingIfNeeded: pairs & 0xFF) << 24 | UInt32(truncatingIfNeeded: (pairs >> 16) & 0xFF) << 16
            | UInt32(truncatingIfNeeded: (pairs >> 32) & 0xFF) << 8 | UInt32(truncatingIfNeeded: pairs >> 48)
    }

    /// Appends `value` in 32 lower-case hex digits, zeros in front. By hand: `String(_:radix:)` of a `UInt128` takes
    /// the standard library's generic path, and a returning reader's id is checked on every GET.
    static func appendDigits(of value: UInt128, to bytes: inout [UInt8]) {
        appendDigits(of: UInt64(truncatingIfNeeded: value >> 64), to: &bytes)
        appendDigits(of: UInt64(truncatingIfNeeded: value), to: &bytes)
    }

    private static func appendDigits(of word: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 60, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: word >> UInt64(shift)) & 0x0F
            bytes.append(nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10)
        }
    }
}
