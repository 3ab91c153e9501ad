#if canImport(Glibc)
import Glibc
#endif

/// A client's IP address, as the per-address connection limit counts it: IPv4 and IPv6 alike, an IPv4 address as
/// its IPv4-mapped IPv6 form, so a dual-stack socket and an IPv4 one count the same client once.
struct ClientAddress: Hashable, Sendable {
    /// The IPv6 address, big-endian as it is written.
    private let value: UInt128

    /// The address of a socket address of family `AF_INET` or `AF_INET6`; nil for any other.
    init?(_ address: UnsafePointer<sockaddr>, length: socklen_t) {
        switch Int32(address.pointee.sa_family) {
        case AF_INET where Int(length) >= MemoryLayout<sockaddr_in>.size:
            let ipv4 = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            value = 0xffff << 32 | UInt128(UInt32(bigEndian: ipv4))
        case AF_INET6 where Int(length) >= MemoryLayout<sockaddr_in6>.size:
            let bytes = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            value = withUnsafeBytes(of: bytes) { raw in raw.reduce(UInt128(0)) { $0 << 8 | UInt128($1) } }
        default:
            return nil
        }
    }

    /// The address of the peer of a connected socket; nil when the socket cannot say.
    init?(peerOf socket: Int32) {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let found = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address -> ClientAddress? in
                guard getpeername(socket, address, &length) == 0 else { return nil }
                return ClientAddress(address, length: length)
            }
        }
        guard let found else { return nil }
        self = found
    }
}
