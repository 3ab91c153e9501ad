#if canImport(Glibc)
import Glibc
#endif

/// A raw HTTP/1.1 client over one TCP connection, for live tests: it sends exactly the bytes it is given,
/// keeps the connection alive between requests, and reads whole responses (`Content-Length`, chunked,
/// or until close). Not thread-safe: one test, one client.
public final class TestClient {
    /// The host connected to.
    public let host: String
    /// The port connected to.
    public let port: Int
    private var descriptor: Int32
    /// Bytes read past the end of the last response.
    private var pending: [UInt8] = []
    private var sawEndOfStream = false
    /// The TLS session over the connection, when the client speaks HTTPS.
    private var tls: TLSClientSession?

    /// Connects to `host:port`, and with `tls` completes a TLS handshake that verifies the server's certificate;
    /// reads and writes give up after `timeout`. `source`: the IPv4 address to connect from (another loopback
    /// address, say, to be another client).
    public init(host: String = "127.0.0.1", port: Int, timeout: Duration = .seconds(5), tls: TestTLS? = nil,
                source: String? = nil)
        throws(TestClientError)
    {
        self.host = host
        self.port = port
        descriptor = try Self.connect(host: host, port: port, timeout: timeout, source: source)
        if let tls {
            do {
                self.tls = try TLSClientSession(descriptor: descriptor, options: tls)
            } catch {
                // The instance is whole by now, so its deinit runs when this throws: without the -1 it would close
                // the number a second time, when it may already be another connection's — one of a live server's,
                // which libmicrohttpd then fails to take out of its epoll set, and aborts.
                Glibc.close(descriptor)
                descriptor = -1
                throw error
            }
        }
    }

    deinit {
        tls = nil
        if descriptor >= 0 { Glibc.close(descriptor) }
    }

    /// Sends raw bytes as they are.
    public func send(_ bytes: [UInt8]) throws(TestClientError) {
        guard descriptor >= 0 else { throw .closed }
        var offset = 0
        while offset < bytes.count {
            if let tls {
                offset += try bytes.withUnsafeBytes { buffer in
                    Result { () throws(TestClientError) in try tls.send(UnsafeRawBufferPointer(rebasing: buffer[offset...])) }
                }.get()
                continue
            }
            let written = bytes.withUnsafeBytes { buffer in
                Glibc.send(descriptor, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_NOSIGNAL))
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw .sendFailed(errno: errno) }
            offset += written
        }
    }

    /// Sends raw text as UTF-8, as it is (write `\r\n` yourself).
    public func send(_ text: String) throws(TestClientError) {
        try send(Array(text.utf8))
    }

    /// Sends a well-formed request and reads its response. `Host` is added, and `Content-Length` when
    /// there is a body or the method is `POST`, unless `headers` set them.
    @discardableResult
    public func request(
        _ method: String,
        _ target: String,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) throws(TestClientError) -> TestResponse {
        // An IPv6 address goes in brackets in a Host, as in a URL (RFC 9110 §7.2).
        let authority = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        try send(Self.requestBytes(method, target, host: authority, headers: headers, body: body))
        return try readResponse(to: method)
    }

    /// The bytes of a request as ``request(_:_:headers:body:)`` sends it.
    public static func requestBytes(
        _ method: String,
        _ target: String,
        host: String,
        headers: [(name: String, value: String)] = [],
        body: [UInt8] = []
    ) -> [UInt8] {
        let names = Set(headers.map { $0.name.lowercased() })
        var head = "\(method) \(target) HTTP/1.1\r\n"
        if !names.contains("host") { head += "Host: \(host)\r\n" }
        if !names.contains("content-length") && !names.contains("transfer-encoding")
            && (!body.isEmpty || method == "POST")
        {
            head += "Content-Length: \(body.count)\r\n"
        }
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return Array(head.utf8) + body
    }

    /// Reads the next final response (interim 1xx responses are skipped) to a request made with `method`.
    public func readResponse(to method: String = "GET") throws(TestClientError) -> TestResponse {
        while true {
            if let (response, consumed) = try TestResponse.parse(
                pending, requestMethod: method, atEndOfStream: sawEndOfStream
            ) {
                pending.removeFirst(consumed)
                if (100..<200).contains(response.status) { continue }
                return response
            }
            if sawEndOfStream { throw .closed }
            try receiveMore()
        }
    }

    /// Whether the server closes the connection within `timeout` (reading and discarding anything it sends).
    public func waitForClose(timeout: Duration = .seconds(5)) -> Bool {
        let deadline = ContinuousClock.now + timeout
        while !sawEndOfStream && ContinuousClock.now < deadline {
            do { try receiveMore() } catch { return sawEndOfStream || error == .closed }
        }
        return sawEndOfStream
    }

    /// Whether the server has closed the connection by now, without waiting (plain connections only; anything
    /// the server sent is left to read).
    public var isClosedByServer: Bool {
        guard descriptor >= 0, tls == nil else { return descriptor < 0 }
        var byte: UInt8 = 0
        let count = Glibc.recv(descriptor, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return count == 0 || (count < 0 && errno == ECONNRESET)
    }

    /// Closes the connection.
    public func close() {
        tls = nil
        if descriptor >= 0 { Glibc.close(descriptor) }
        descriptor = -1
    }

    private func receiveMore() throws(TestClientError) {
        guard descriptor >= 0 else { throw .closed }
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        if let tls {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(TestClientError) in try tls.receive(buffer) }
            }.get()
            if count > 0 { pending.append(contentsOf: chunk[..<count]) } else { sawEndOfStream = true }
            return
        }
        let count = chunk.withUnsafeMutableBytes { Glibc.recv(descriptor, $0.baseAddress!, $0.count, 0) }
        if count > 0 {
            pending.append(contentsOf: chunk[..<count])
        } else if count == 0 || errno == ECONNRESET {
            sawEndOfStream = true
        } else if errno == EAGAIN || errno == EWOULDBLOCK {
            throw .timedOut
        } else if errno != EINTR {
            throw .receiveFailed(errno: errno)
        }
    }

    private static func connect(host: String, port: Int, timeout: Duration, source: String?)
        throws(TestClientError) -> Int32
    {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let address = list else {
            throw .connectFailed(errno: EADDRNOTAVAIL)
        }
        defer { freeaddrinfo(list) }
        let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
        guard descriptor >= 0 else { throw .connectFailed(errno: errno) }
        let (seconds, attoseconds) = timeout.components
        var interval = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &local.sin_addr) == 1 else {
                Glibc.close(descriptor)
                throw .connectFailed(errno: EINVAL)
            }
            let bound = withUnsafePointer(to: &local) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                let code = errno
                Glibc.close(descriptor)
                throw .connectFailed(errno: code)
            }
        }
        guard Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw .connectFailed(errno: code)
        }
        return descriptor
    }
}

/// What went wrong talking to the server.
public enum TestClientError: Error, Equatable, CustomStringConvertible {
    /// The connection could not be made (`ECONNREFUSED` when nothing listens).
    case connectFailed(errno: Int32)
    /// Writing failed, e.g. because the server closed the connection.
    case sendFailed(errno: Int32)
    /// Reading failed.
    case receiveFailed(errno: Int32)
    /// Nothing arrived within the timeout.
    case timedOut
    /// The server closed the connection before a whole response arrived.
    case closed
    /// The bytes are not an HTTP response.
    case malformedResponse(String)
    /// The TLS handshake or a TLS record failed.
    case tlsFailed(String)

    public var description: String {
        switch self {
        case .connectFailed(let code): "connect failed: \(String(cString: strerror(code)))"
        case .sendFailed(let code): "send failed: \(String(cString: strerror(code)))"
        case .receiveFailed(let code): "receive failed: \(String(cString: strerror(code)))"
        case .timedOut: "timed out waiting for the server"
        case .closed: "the server closed the connection"
        case .malformedResponse(let reason): "malformed response: \(reason)"
        case .tlsFailed(let reason): "TLS failed: \(reason)"
        }
    }
}
