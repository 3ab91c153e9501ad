/// Why the server could not start.
public enum ServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The host name did not resolve to an address.
    case unknownHost(String, reason: String)
    /// No address of the host could be bound, e.g. because the port is in use.
    case bindFailed(host: String, port: Int, reason: String)
    /// A configuration value is out of range.
    case invalidConfiguration(String)
    /// libmicrohttpd refused to start the daemon.
    case daemonFailed
    /// HTTPS was asked for, but this libmicrohttpd was built without TLS.
    case tlsUnsupported
    /// ``HTTPServer/start()`` was called twice.
    case alreadyStarted

    public var description: String {
        switch self {
        case .unknownHost(let host, let reason): "cannot resolve host \(host): \(reason)"
        case .bindFailed(let host, let port, let reason): "cannot listen on \(host) port \(port): \(reason)"
        case .invalidConfiguration(let reason): "invalid server configuration: \(reason)"
        case .daemonFailed: "libmicrohttpd could not start its daemon"
        case .tlsUnsupported: "this libmicrohttpd was built without HTTPS (TLS) support"
        case .alreadyStarted: "the server was already started"
        }
    }
}
