import CMicroHTTPD
import CMicroHTTPDShim
import Dispatch
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// An HTTP/1.1 server on GNU libmicrohttpd: one daemon per worker thread, each with its own epoll and its own
/// listening socket on the shared port (see ``ListeningSockets``), keep-alive, `HEAD`,
/// `Content-Length` and `Date`, with the limits of its ``ServerConfiguration``; HTTPS through libmicrohttpd's
/// GnuTLS support when the configuration has ``ServerConfiguration/tls`` credentials.
///
/// Handlers run synchronously on the worker threads — there is no hop to another executor per request —
/// so a slow handler holds one worker. Call ``start()``, then ``shutdown()`` before letting go of the server
/// (a running server keeps itself alive).
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: ServerConfiguration
    let responder: any HTTPResponder
    let errorPage: ErrorPage
    /// The header fields every response carries unless it sets them: ``ServerConfiguration/defaultHeaders``, and
    /// over HTTPS ``HTTPHeaders/strictTransportSecurity``.
    let defaultHeaders: HTTPHeaders
    private let state = Mutex<State>(.idle)
    /// Set when shutdown starts: responses then close their connections.
    let isStopping = Atomic<Bool>(false)
    /// Open connections, of all the daemons, and those of them opened beyond
    /// ``ServerConfiguration/maximumConnections``: their requests get a quick 503 instead of waiting in the listen
    /// backlog (see ``overflowConnectionLimit``).
    let connections = ConnectionCensus()

    private enum State {
        case idle
        case running([Daemon], port: Int, watchdog: Watchdog, pem: [PEMString])
        case stopping
        case stopped
    }

    /// Cuts requests whose headers take longer than the request timeout and connections that start no request
    /// within the idle timeout (see ``ConnectionCensus``), and keeps the workers' connections in balance (see
    /// ``ConnectionSteering``).
    private struct Watchdog: @unchecked Sendable {  // Sendable: a Dispatch source may be cancelled from any thread.
        let timer: any DispatchSourceTimer
        let steering: ConnectionSteering?

        init(census: ConnectionCensus, requestTimeout: Duration, idleTimeout: Duration, steering: ConnectionSteering?) {
            self.steering = steering
            // Headers late but complete get 408 when they arrive; only those still incomplete after one more
            // timeout (at least 1 s) of grace are cut, so a client that is merely slow gets an answer it can read.
            let limit = requestTimeout + max(requestTimeout, .seconds(1))
            // A quarter of the timeout, between 50 ms and 1 s: how much longer a cut request may live.
            let period = min(max(requestTimeout / 4, .milliseconds(50)), .seconds(1))
            let (seconds, attoseconds) = period.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "HTTPServer.watchdog"))
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            timer.setEventHandler {
                census.cutSlowHeaders(startedBefore: .now - limit)
                census.cutSilentConnections(openedBefore: .now - idleTimeout)
                steering?.update(from: census)
            }
            timer.resume()
        }

        /// Stops the timer and the steering, before the daemons close their sockets.
        func stop() {
            timer.cancel()
            steering?.stop()
        }
    }

    /// A libmicrohttpd daemon's handle, which may be stopped from any thread, and the worker its callbacks get.
    private struct Daemon: @unchecked Sendable {  // Sendable: the handle is only used under `state`'s lock.
        let pointer: OpaquePointer
        let worker: UnsafeMutablePointer<Worker>

        /// Stops the daemon, then frees its worker, which its callbacks no longer read.
        func stop() {
            MHD_stop_daemon(pointer)
            worker.deallocate()
        }
    }

    /// A server answering with `responder` and turning errors into pages with `errorPage`.
    public init(
        configuration: ServerConfiguration = ServerConfiguration(),
        responder: some HTTPResponder,
        errorPage: ErrorPage = ErrorPage()
    ) {
        self.configuration = configuration
        self.responder = responder
        self.errorPage = errorPage
        var defaultHeaders = configuration.defaultHeaders
        if configuration.tls != nil, !defaultHeaders.contains(HTTPHeaders.strictTransportSecurity.name) {
            defaultHeaders.add(HTTPHeaders.strictTransportSecurity.name, HTTPHeaders.strictTransportSecurity.value)
        }
        self.defaultHeaders = defaultHeaders
    }

    /// The port the server listens on, once started.
    public var port: Int? {
        state.withLock { state in
            if case .running(_, let port, _, _) = state { return port }
            return nil
        }
    }

    /// Requests being received, handled or sent right now.
    public var requestsInFlight: Int { connections.requestsInFlight }

    /// Binds the socket and starts the worker threads; returns once the server accepts connections.
    public func start() throws(ServerError) {
        try configuration.validate()
        try state.withLock { state throws(ServerError) in
            guard case .idle = state else { throw .alreadyStarted }
            if configuration.tls != nil && MHD_is_feature_supported(.FEATURE_TLS) != .YES {
                throw .tlsUnsupported
            }
            let sockets = try ListeningSockets.open(
                host: configuration.host,
                port: configuration.port,
                count: configuration.threadCount,
                backlog: Int32(clamping: configuration.maximumConnections)
            )
            // The daemons' callbacks reach the server through this pointer; it holds a reference until
            // shutdown, so the server cannot be freed under a running daemon.
            let server = Unmanaged.passRetained(self)
            // Kept at one address until the daemons stop, whether or not libmicrohttpd reads them after start.
            let pem = configuration.tls.map {
                [PEMString($0.keyPEM), PEMString($0.certificatePEM), PEMString(Array(configuration.tlsPriorities.utf8))]
            } ?? []
            var daemons: [Daemon] = []
            for (index, socket) in sockets.descriptors.enumerated() {
                let worker = UnsafeMutablePointer<Worker>.allocate(capacity: 1)
                worker.initialize(to: Worker(server: server.toOpaque(), index: index))
                var options = daemonOptions(listeningOn: socket, worker: UnsafeMutableRawPointer(worker))
                if pem.count == 3 {
                    options.https_key_pem = UnsafePointer(pem[0].pointer)
                    options.https_cert_pem = UnsafePointer(pem[1].pointer)
                    options.https_priorities = UnsafePointer(pem[2].pointer)
                }
                guard let daemon = cmhd_start_daemon(&options) else {
                    // Those started own (and close) their sockets; the rest are still the server's.
                    worker.deallocate()
                    daemons.forEach { $0.stop() }
                    sockets.descriptors[index...].forEach { _ = close($0) }
                    server.release()
                    pem.forEach { $0.free() }
                    throw .daemonFailed
                }
                daemons.append(Daemon(pointer: daemon, worker: worker))
            }
            let watchdog = Watchdog(
                census: connections, requestTimeout: configuration.requestTimeout,
                idleTimeout: .seconds(configuration.idleTimeoutSeconds),
                steering: ConnectionSteering(descriptors: sockets.descriptors))
            state = .running(daemons, port: sockets.port, watchdog: watchdog, pem: pem)
        }
    }

    /// Stops gracefully: stops taking new work, lets requests in flight finish (up to
    /// ``ServerConfiguration/shutdownGracePeriod``), then closes every connection, the listening socket and the
    /// threads. Returns once the server has stopped; calling it again, or on a server never started, does
    /// nothing more.
    ///
    /// While requests in flight finish, a request on a connection opened meanwhile gets a quick 503 and its
    /// connection is closed, and every other response closes its connection. The listening socket stays open
    /// until the daemons stop, so a client arriving meanwhile is told 503 rather than refused. (libmicrohttpd's
    /// `MHD_quiesce_daemon`, which stops listening at once, also aborted the process when the server ran one daemon
    /// with a pool of epoll threads, which raced to remove the shared socket from their epoll sets: "Failed to
    /// remove listen FD from epoll set".)
    public func shutdown() {
        let running: ([Daemon], Watchdog, [PEMString])? = state.withLock { state in
            guard case .running(let daemons, _, let watchdog, let pem) = state else { return nil }
            state = .stopping
            return (daemons, watchdog, pem)
        }
        guard let (daemons, watchdog, pem) = running else {
            waitUntil { state.withLock { if case .stopping = $0 { false } else { true } } }
            return
        }
        isStopping.store(true, ordering: .relaxed)
        let deadline = ContinuousClock.now + configuration.shutdownGracePeriod
        waitUntil { requestsInFlight == 0 || ContinuousClock.now >= deadline }
        watchdog.stop()
        // Closes the connections and the listening sockets, which libmicrohttpd owns from start().
        daemons.forEach { $0.stop() }
        pem.forEach { $0.free() }
        configuration.accessLog?.flush()
        Unmanaged.passUnretained(self).release()
        state.withLock { $0 = .stopped }
    }

    private func waitUntil(_ condition: () -> Bool) {
        while !condition() {
            usleep(5_000)
        }
    }

    /// The options of one daemon, whose callbacks get `worker` (a ``Worker``) as their `cls`.
    private func daemonOptions(listeningOn socket: Int32, worker: UnsafeMutableRawPointer) -> cmhd_daemon_options {
        var options = cmhd_daemon_options()
        // One thread, woken through ITC when the daemon stops or a suspended connection resumes (DeferredResponse).
        options.flags = MHD_USE_EPOLL_INTERNAL_THREAD.rawValue | MHD_ALLOW_SUSPEND_RESUME.rawValue
        options.listen_socket = socket
        options.thread_pool_size = 1
        // Each daemon may hold all of them, and accepts more: the accept policy keeps the server as a whole to this
        // many, closing the rest as they come. At a limit of its own, libmicrohttpd would stop accepting instead, and
        // the clients beyond it would wait in the listen backlog unanswered — which a daemon that gets every new
        // connection (``ConnectionSteering``, all of them arriving on one CPU) reached. One more per thread: the
        // daemons accept on their own threads, so together they may pass the policy's limit by one each.
        options.connection_limit = UInt32(clamping: configuration.connectionLimit + configuration.threadCount)
        options.accept_policy = Self.acceptPolicyCallback
        options.accept_policy_cls = worker
        options.connection_timeout = UInt32(clamping: configuration.idleTimeoutSeconds)
        options.connection_memory_limit = configuration.connectionMemoryLimit
        options.access_handler = Self.accessHandlerCallback
        options.access_handler_cls = worker
        options.request_completed = Self.requestCompletedCallback
        options.request_completed_cls = worker
        options.uri_log = Self.requestStartedCallback
        options.uri_log_cls = worker
        options.unescape = Self.keepEscapesCallback
        options.unescape_cls = nil
        options.notify_connection = Self.connectionCallback
        options.notify_connection_cls = worker
        return options
    }
}

extension ServerConfiguration {
    /// Connections accepted beyond ``maximumConnections`` only to answer their requests 503 and close them:
    /// an eighth more, at least 8.
    var overflowConnectionLimit: Int { max(8, maximumConnections / 8) }

    /// Connections open at most: those served and those let in to be told 503. Beyond them, connections are
    /// closed as soon as they are accepted.
    var connectionLimit: Int { maximumConnections + overflowConnectionLimit }

    /// The idle timeout in whole seconds, rounded up, at least 1.
    var idleTimeoutSeconds: Int {
        let (seconds, attoseconds) = idleTimeout.components
        return max(1, Int(seconds) + (attoseconds > 0 ? 1 : 0))
    }

    func validate() throws(ServerError) {
        func check(_ condition: Bool, _ reason: String) throws(ServerError) {
            if !condition { throw .invalidConfiguration(reason) }
        }
        try check((0...65535).contains(port), "port \(port) is not in 0...65535")
        try check(threadCount >= 1, "threadCount must be at least 1")
        try check(maximumBodySize >= 0, "maximumBodySize must not be negative")
        try check(maximumConnections >= 1, "maximumConnections must be at least 1")
        try check(maximumConnectionsPerAddress >= 1, "maximumConnectionsPerAddress must be at least 1")
        try check(maximumQueryParameters >= 0, "maximumQueryParameters must not be negative")
        try check(connectionMemoryLimit >= 4096, "connectionMemoryLimit must be at least 4096")
        try check(idleTimeout > .zero, "idleTimeout must be positive")
        try check(requestTimeout > .zero, "requestTimeout must be positive")
        try check(shutdownGracePeriod >= .zero, "shutdownGracePeriod must not be negative")
        if tls != nil, let problem = TLSPriorities.problem(in: tlsPriorities) {
            throw .invalidConfiguration("GnuTLS refuses the TLS priority string \(tlsPriorities): \(problem)")
        }
    }
}
