#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// How the server listens and the limits that protect it. Every limit has a default suited to a server on
/// a local network; all are documented here and in the README.
public struct ServerConfiguration: Sendable {
    /// The address to bind: a numeric IPv4 or IPv6 address or a host name. Default `127.0.0.1`;
    /// `0.0.0.0` serves the local network.
    public var host: String = "127.0.0.1"
    /// The TCP port; 0 lets the system pick a free one (read it back from ``HTTPServer/port``). Default 8080.
    public var port: Int = 8080
    /// Worker threads: one libmicrohttpd daemon each, with its own epoll loop and its own listening socket on the port
    /// (the kernel spreads connections over them); handlers run on them. The server's only threading setting.
    /// Default: the active processor count.
    public var threadCount: Int = ServerConfiguration.activeProcessorCount
    /// The largest request body accepted; larger ones get 413 without being buffered. Default 64 KiB.
    public var maximumBodySize: Int = 64 * 1024
    /// A connection idle this long is closed (libmicrohttpd's inactivity timeout, whole seconds, at least 1).
    /// Default 15 s.
    public var idleTimeout: Duration = .seconds(15)
    /// The longest a request may take to arrive, from its request line to its last body byte. Checked when
    /// data arrives: a request over it gets 408 once its headers are in, or its connection closed mid-body;
    /// and a watchdog closes the connection of a request still sending its headers after twice this (at least
    /// this plus 1 s), so a client trickling header lines (slowloris) cannot hold a connection for ever.
    /// Default 30 s.
    public var requestTimeout: Duration = .seconds(30)
    /// Connections served at once; further ones are closed on accept. Default 512.
    public var maximumConnections: Int = 512
    /// Connections one client address may hold at once; further ones from it are closed on accept, so one client
    /// cannot take every connection. Default 128, a quarter of ``maximumConnections``: a browser opens at most 6 to a
    /// host, and the devices behind one address (a NAT, a proxy) or a load generator's 64 stay below it.
    public var maximumConnectionsPerAddress: Int = 128
    /// Memory per connection for the request line, headers and buffers; a head that does not fit gets 431 from
    /// libmicrohttpd. Default 12 KiB, which takes a head of about 11.5 KB, or 5.7 KB when most of it is `Cookie`
    /// (libmicrohttpd copies cookies to parse them): a request line of RFC 9112's 8,000 octets, or a browser's head
    /// with one cookie of the 4 KB browsers allow. libmicrohttpd clears the area one and a half times per request
    /// (all of it before, half of it when the answer starts), so it costs time per request as well as memory.
    public var connectionMemoryLimit: Int = 12 * 1024
    /// The most parameters a target's query may have (pieces between `&`); more get 414. libmicrohttpd never splits
    /// the query (see ``TargetQuery``), so the limit is the application's: its forms send a few. Default 64.
    public var maximumQueryParameters: Int = 64
    /// How long ``HTTPServer/shutdown()`` waits for requests in flight before closing their connections.
    /// Default 10 s.
    public var shutdownGracePeriod: Duration = .seconds(10)
    /// Header fields added to every response that does not set them itself. Default: the security headers.
    public var defaultHeaders: HTTPHeaders = .securityHeaders
    /// Serve HTTPS with this certificate and key; nil serves plain HTTP. Default nil.
    public var tls: TLSCredentials?
    /// The GnuTLS priority string of HTTPS connections: the protocol versions and cipher suites offered. Default
    /// ``TLSPriorities/modern``: TLS 1.3 and 1.2, ECDHE with AEAD ciphers only.
    public var tlsPriorities: String = TLSPriorities.modern
    /// Called once per request, after its response is queued; nil turns the access log off.
    /// Default: a line on standard error.
    public var accessLog: AccessLog? = .standardError

    /// The defaults above.
    public init() {}

    /// The processors this process may run on (CPU affinity and cgroup quotas taken into account).
    public static var activeProcessorCount: Int {
        max(1, ProcessInfo.processInfo.activeProcessorCount)
    }
}

extension HTTPHeaders {
    /// The headers every response carries: a Content-Security-Policy that forbids scripts and foreign
    /// resources, `nosniff`, and `Referrer-Policy: same-origin` (so browsers send `Origin` on same-origin forms).
    public static let securityHeaders: HTTPHeaders = [
        "Content-Security-Policy": "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "same-origin",
    ]

    /// What every HTTPS answer adds: browsers that once met the server over HTTPS use nothing else for a year. No
    /// `includeSubDomains` (other hosts of the network are not ours to decide for) and no `preload` (a server of a
    /// local network has no public name to list).
    public static let strictTransportSecurity = (name: "Strict-Transport-Security", value: "max-age=31536000")
}
