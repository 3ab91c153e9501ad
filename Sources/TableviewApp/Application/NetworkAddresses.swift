#if canImport(Glibc)
import Glibc
#endif

/// The machine's network addresses (`getifaddrs`), for telling a visitor on the local network where to go when the
/// server listens on every address (`--host 0.0.0.0` or `::`).
enum NetworkAddresses {
    /// Whether `host` means "every address": `0.0.0.0` (IPv4) or `::` (IPv6).
    static func isWildcard(_ host: String) -> Bool {
        host == "0.0.0.0" || host == "::" || host == "[::]"
    }

    /// The numeric addresses a host on the local network can reach the machine at, in the order the system lists
    /// the interfaces: IPv4 ones for `0.0.0.0`, IPv6 ones for `::` (the socket is IPv6 only). Interfaces that are
    /// down, loopback and link-local addresses (`169.254.0.0/16`, `fe80::/10`, which need a zone to be used) are
    /// left out.
    static func reachable(forWildcard host: String) -> [String] {
        let family = host == "0.0.0.0" ? AF_INET : AF_INET6
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let list else { return [] }
        defer { freeifaddrs(list) }
        var addresses: [String] = []
        for entry in sequence(first: list, next: { $0.pointee.ifa_next }) {
            let flags = Int32(bitPattern: entry.pointee.ifa_flags)
            guard let address = entry.pointee.ifa_addr, Int32(address.pointee.sa_family) == family,
                flags & Int32(IFF_UP) != 0, flags & Int32(IFF_LOOPBACK) == 0,
                !isLinkLocal(address), let text = numericHost(address)
            else { continue }
            if !addresses.contains(text) { addresses.append(text) }
        }
        return addresses
    }

    /// `SCHEME://ADDRESS:PORT/`, with brackets around an IPv6 address.
    static func url(scheme: String, address: String, port: Int) -> String {
        "\(scheme)://\(address.contains(":") ? "[\(address)]" : address):\(port)/"
    }

    private static func isLinkLocal(_ address: UnsafeMutablePointer<sockaddr>) -> Bool {
        switch Int32(address.pointee.sa_family) {
        case AF_INET:
            return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                UInt32(bigEndian: $0.pointee.sin_addr.s_addr) >> 16 == 0xA9FE
            }
        case AF_INET6:
            return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { pointer in
                withUnsafeBytes(of: pointer.pointee.sin6_addr) { $0[0] == 0xFE && $0[1] & 0xC0 == 0x80 }
            }
        default:
            return false
        }
    }

    private static func numericHost(_ address: UnsafeMutablePointer<sockaddr>) -> String? {
        let length = Int32(address.pointee.sa_family) == AF_INET
            ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size
        var buffer = [CChar](repeating: 0, count: Int(NI_MAXHOST))
        guard getnameinfo(address, socklen_t(length), &buffer, socklen_t(buffer.count), nil, 0, NI_NUMERICHOST) == 0
        else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
