#if canImport(Glibc)
import Glibc
#endif

/// Bound, listening TCP sockets on one address and port, one for each worker thread. The server binds them
/// itself, rather than leaving it to libmicrohttpd, to resolve host names, report why a bind failed, and learn the
/// port the system picked for port 0.
///
/// Several sockets share their port with `SO_REUSEPORT`: the kernel then spreads new connections among them — by the
/// CPU they arrive on while that keeps the workers even (``ConnectionSteering``), else by a hash of their addresses —
/// so each thread accepts from its own queue instead of all of them racing for one, where
/// whichever thread woke first took a burst of up to ten (libmicrohttpd's accept series) and a client's connections
/// could fall 9 to 56 on two threads. Before binding them, a probe socket without the option binds the address
/// alone: it fails on a port another program (another tableview too) listens on, as a single socket would, where
/// sockets of the same user that all set the option would quietly share the port and its traffic.
struct ListeningSockets {
    let descriptors: [Int32]
    let port: Int

    /// Binds `count` sockets to the first address of `host` that accepts, IPv4 addresses first.
    static func open(host: String, port: Int, count: Int, backlog: Int32) throws(ServerError) -> ListeningSockets {
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
            switch listen(on: Address(address.pointee), count: max(1, count), backlog: backlog) {
            case .success(let sockets): return sockets
            case .failure(let error): if index == 0 { firstError = error.code }
            }
        }
        throw .bindFailed(host: host, port: port, reason: String(cString: strerror(firstError)))
    }

    /// Closes the sockets (when no daemon has taken them over).
    func close() {
        descriptors.forEach { _ = Glibc.close($0) }
    }

    private static func listen(on address: Address, count: Int, backlog: Int32) -> Result<ListeningSockets, Errno> {
        let alone = bound(address, sharingPort: false)
        if count == 1 {
            return alone.flatMap { descriptor in
                listening(descriptor, backlog: backlog).map { ListeningSockets(descriptors: [descriptor], port: $0) }
            }
        }
        // The probe: the address is free, and the port it has (the one the system picked for port 0).
        let port = alone.flatMap(boundPort)
        if case .success(let probe) = alone { Glibc.close(probe) }
        return port.flatMap { port in
            var descriptors: [Int32] = []
            for _ in 0..<count {
                let socket = bound(address.with(port: port), sharingPort: true).flatMap { descriptor in
                    listening(descriptor, backlog: backlog).map { _ in descriptor }
                }
                switch socket {
                case .success(let descriptor):
                    descriptors.append(descriptor)
                case .failure(let error):
                    ListeningSockets(descriptors: descriptors, port: port).close()
                    return .failure(error)
                }
            }
            return .success(ListeningSockets(descriptors: descriptors, port: port))
        }
    }

    /// A socket bound to `address`, non-blocking because its thread accepts until the queue is empty.
    private static func bound(_ address: Address, sharingPort: Bool) -> Result<Int32, Errno> {
        let descriptor = socket(address.family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
            | Int32(SOCK_NONBLOCK.rawValue), address.protocolNumber)
        guard descriptor >= 0 else { return .failure(Errno(errno)) }
        var on: Int32 = 1
        let size = socklen_t(MemoryLayout<Int32>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, size)
        if sharingPort {
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEPORT, &on, size)
        }
        if address.family == AF_INET6 {
            setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &on, size)
        }
        let status = withUnsafePointer(to: address.storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, address.length) }
        }
        guard status == 0 else { return .failure(closing(descriptor)) }
        return .success(descriptor)
    }

    /// Makes a bound socket listen; its port.
    private static func listening(_ descriptor: Int32, backlog: Int32) -> Result<Int, Errno> {
        guard Glibc.listen(descriptor, backlog) == 0 else { return .failure(closing(descriptor)) }
        return boundPort(descriptor).mapError { _ in closing(descriptor) }
    }

    /// Closes a socket that failed, keeping the error of the call that failed.
    private static func closing(_ descriptor: Int32) -> Errno {
        let code = errno
        Glibc.close(descriptor)
        return Errno(code)
    }

    private static func boundPort(_ descriptor: Int32) -> Result<Int, Errno> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let status = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard status == 0 else { return .failure(Errno(errno)) }
        return Address(storage: storage, length: length, protocolNumber: 0).port.map { .success($0) }
            ?? .failure(Errno(EAFNOSUPPORT))
    }

    /// A socket address of either family, as a value.
    private struct Address {
        var storage: sockaddr_storage
        let length: socklen_t
        let protocolNumber: Int32

        init(storage: sockaddr_storage, length: socklen_t, protocolNumber: Int32) {
            self.storage = storage
            self.length = length
            self.protocolNumber = protocolNumber
        }

        init(_ info: addrinfo) {
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { bytes in
                bytes.copyMemory(from: UnsafeRawBufferPointer(start: info.ai_addr, count: Int(info.ai_addrlen)))
            }
            self.init(storage: storage, length: info.ai_addrlen, protocolNumber: info.ai_protocol)
        }

        var family: Int32 { Int32(storage.ss_family) }

        var port: Int? {
            withUnsafePointer(to: storage) { pointer in
                switch family {
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

        func with(port: Int) -> Address {
            var copy = self
            withUnsafeMutablePointer(to: &copy.storage) { pointer in
                switch family {
                case AF_INET:
                    pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
                        $0.pointee.sin_port = UInt16(port).bigEndian
                    }
                case AF_INET6:
                    pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
                        $0.pointee.sin6_port = UInt16(port).bigEndian
                    }
                default:
                    break
                }
            }
            return copy
        }
    }

    /// An `errno` value, as a `Result` failure.
    struct Errno: Error {
        let code: Int32
        init(_ code: Int32) { self.code = code }
    }
}
