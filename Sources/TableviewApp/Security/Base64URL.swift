/// Base64 with the URL- and form-safe alphabet and no padding (RFC 4648 §5): CSRF tokens and page tags.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

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

    /// The bytes `text` spells, the bits of a last partial character beyond them ignored; nil for a character outside
    /// the alphabet or a length no byte count encodes to.
    static func decode(_ text: String) -> [UInt8]? {
        guard text.utf8.count % 4 != 1 else { return nil }
        var out = [UInt8]()
        out.reserveCapacity(text.utf8.count * 3 / 4)
        var bits: UInt32 = 0, count = 0
        for character in text.utf8 {
            guard let value = value(of: character) else { return nil }
            bits = bits << 6 | UInt32(value)
            count += 6
            if count >= 8 {
                count -= 8
                out.append(UInt8(truncatingIfNeeded: bits >> UInt32(count)))
            }
        }
        return out
    }

    /// The 6-bit value of each byte that is a character of the alphabet, by byte; nil for any other.
    private static let values: [UInt8?] = (0...255).map { byte in alphabet.firstIndex(of: UInt8(byte)).map(UInt8.init) }

    private static func value(of character: UInt8) -> UInt8? {
        values[Int(character)]
    }
}
