/// A visitor's session id, as the cookie carries it: lower-case hex digits (``Hex``), 64 for an id this server issues
/// (see ``SessionIssuer``), 32 for one issued before ids carried a MAC (still valid while its session is stored).
///
/// Kept as the value of its bytes rather than as text: every request looks an id up once or twice, and two integers
/// hash and compare in a few instructions where a String of 64 digits takes hundreds.
struct SessionID: Hashable, Sendable, CustomStringConvertible {
    /// The first 16 bytes, and the last 16 (nil for an id of 32 digits), big-endian.
    private let first: UInt128
    private let second: UInt128?

    /// The id a cookie names, or nil when the value is not exactly 32 or 64 lower-case hex digits.
    init?(cookieValue: String) {
        self.init(bytes: Hex.decode(cookieValue.utf8))
    }

    /// The id these bytes spell, or nil when they are not exactly 32 or 64 lower-case hex digits.
    init?(digits: UnsafeBufferPointer<UInt8>) {
        self.init(bytes: Hex.decode(digits))
    }

    private init?(bytes: [UInt8]?) {
        guard let bytes, bytes.count == 16 || bytes.count == 32 else { return nil }
        first = Self.value(of: bytes[..<16])
        second = bytes.count == 32 ? Self.value(of: bytes[16...]) : nil
    }

    /// The hex digits.
    var rawValue: String {
        Hex.encode(Self.bytes(of: first) + (second.map(Self.bytes(of:)) ?? []))
    }

    /// The first 16 bytes: in an id the server issued, its random part.
    var randomPart: [UInt8] { Self.bytes(of: first) }
    /// The last 16 bytes, nil for an id of 32 digits: in an id the server issued, the MAC of the random part.
    var macPart: [UInt8]? { second.map(Self.bytes(of:)) }

    /// Hashes the first 16 bytes only: they are random in every id the server issues (the rest is a MAC of them), so
    /// they spread ids as well as all 32 do. (The stores hold only ids the server issued: a client cannot fill them
    /// with ids that collide.)
    func hash(into hasher: inout Hasher) {
        hasher.combine(first)
    }

    var description: String { rawValue }

    private static func value(of bytes: ArraySlice<UInt8>) -> UInt128 {
        bytes.reduce(0) { $0 << 8 | UInt128($1) }
    }

    private static func bytes(of value: UInt128) -> [UInt8] {
        (0..<16).map { UInt8(truncatingIfNeeded: value >> UInt128(120 - 8 * $0)) }
    }
}
