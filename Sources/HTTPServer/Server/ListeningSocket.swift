#if canImport(Glibc)
import Glibc
#endif

/// A bound, listening TCP socket. The server binds it itself, rather than leaving it to libmicrohttpd,
/// to resolve host names, report why a bind failed, and learn the port the system picked for port 0.
struct ListeningSocket {
    let descriptor: Int32
    let port: Int

    /// Binds the first address of `host` that accepts, IPv4 addresses first.
    static func open(host: String, port: Int, backlog: Int32) throws(ServerError) -> ListeningSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let list else {
            throw .unknownHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }

        var addresses: [UnsafeMutablePointer<addrinfo>] = []
        for node in sequence(first: list, next: { $0.pointee.ai_next }) { addresses.append(node) }
        addresses.sort { $0.pointee.ai_family == AF_INET && $1.pointee.ai_family != AF_INET }

        var firstError: Int32 = EADDRNOTAVAIL
        for (index, address) in addresses.enumerated() {
            switch bindAndListen(address.pointee, backlog: backlog) {
            case .success(let socket): return socket
            case .failure(let error): if index == 0 { firstError = error.code }
            }
        }
        throw .bindFailed(host: host, port: port, reason: String(cString: strerror(firstError)))
    }

    private static func bindAndListen(_ address: addrinfo, backlog: Int32) -> Result<ListeningSocket, Errno> {
        // Non-blocking because every worker thread accepts from it.
        let descriptor = socket(address.ai_family, address.ai_socktype | Int32(SOCK_CLOEXEC.rawValue)
            | Int32(SOCK_NONBLOCK.rawValue), address.ai_protocol)
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        if address.ai_family == AF_INET6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, socklen_t(MemoryLayout<Int32>.size))
        }
        guard bind(descriptor, address.ai_addr, address.ai_addrlen) == 0, listen(descriptor, backlog) == 0,
            let port = boundPort(descriptor)
        else {
            let code = errno
            close(descriptor)
            return .failure(Errno(code))
        }
        return .success(ListeningSocket(descriptor: descriptor, port: port))
    }

    private static func boundPort(_ descriptor: Int32) -> Int? {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return nil }
        return withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin_port))
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                    Int(UInt16(bigEndian: $0.pointee.sin6_port))
                }
            default:
                nil
            }
        }
    }

    /// An `errno` value, as a `Result` failure.
    struct Errno: Error {
        let code: Int32
        init(_ code: Int32) { self.code = code }
    }
}
