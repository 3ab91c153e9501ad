#if canImport(Glibc)
import Glibc
#endif

/// The syntax of a `Host` field (RFC 9110 §7.2) that the server accepts: a host name of letters, digits, `-`, `.`,
/// `_` and `~` (which covers IPv4 addresses), or an IPv6 address in brackets, then an optional port of one to five
/// digits up to 65535. RFC 3986 allows more in a host (percent escapes, `!$&'()*+,;=`, `IPvFuture`, an empty
/// port); browsers send none of it, and a server that names its host in a `Location` is safer without it.
public enum HostField {
    /// Whether `value` is a host the server accepts.
    public static func isValid(_ value: some StringProtocol) -> Bool {
        var value = String(value)
        return value.withUTF8 { isValid($0) }
    }

    /// Whether `bytes` are a host the server accepts.
    public static func isValid(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= 255 else { return false }
        let hostEnd: Int
        if bytes[0] == UInt8(ascii: "[") {
            guard let close = bytes.firstIndex(of: UInt8(ascii: "]")), isIPv6(bytes[1..<close]) else { return false }
            hostEnd = close + 1
        } else {
            hostEnd = bytes.firstIndex(of: UInt8(ascii: ":")) ?? bytes.count
            guard hostEnd > 0, bytes[..<hostEnd].allSatisfy(isNameByte) else { return false }
        }
        guard hostEnd < bytes.count else { return true }
        guard bytes[hostEnd] == UInt8(ascii: ":") else { return false }
        let port = bytes[(hostEnd + 1)...]
        guard (1...5).contains(port.count), port.allSatisfy({ (0x30...0x39).contains($0) }) else { return false }
        return port.reduce(0) { $0 * 10 + Int($1 - 0x30) } <= 65535
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    /// Whether the bytes between the brackets are an IPv6 address, as the C library reads one.
    private static func isIPv6(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard (2...45).contains(bytes.count),
            bytes.allSatisfy({ isHexDigit($0) || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") })
        else { return false }
        let text = Array(bytes).map { CChar(bitPattern: $0) } + [0]
        var address = in6_addr()
        return inet_pton(AF_INET6, text, &address) == 1
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x46).contains(byte) || (0x61...0x66).contains(byte)
    }
}
