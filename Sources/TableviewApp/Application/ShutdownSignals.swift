#if canImport(Glibc)
import Glibc
#endif

/// Waits for the signals that steer a running server — SIGINT and SIGTERM (stop), SIGHUP (a closed terminal, or an
/// operator asking for a reload) — with `sigwait(2)`.
///
/// The signals are blocked from the moment this is made, on the calling thread and so in every thread it starts
/// afterwards (the server's workers inherit the mask): one that arrives during start-up stays pending until
/// `wait()` takes it, instead of being lost or ending the process. Make it before starting any thread.
final class ShutdownSignals {
    /// What a signal asks of the server.
    enum Request: Equatable {
        /// SIGINT or SIGTERM: stop gracefully.
        case stop
        /// SIGHUP: keep serving, but make sure nothing is lost (SPEC §4: SIGHUP never loses state).
        case hangUp
    }

    private var signals = sigset_t()

    /// Blocks the signals; from now on they no longer terminate the process.
    init(_ numbers: [Int32] = [SIGINT, SIGTERM, SIGHUP]) {
        sigemptyset(&signals)
        for number in numbers { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        // A closed pipe on standard output or error (a log reader gone) must not end the server unsaved either:
        // the write then fails with EPIPE, which the log ignores.
        signal(SIGPIPE, SIG_IGN)
    }

    /// Blocks until one of the signals arrives, and says what it asks for.
    func wait() -> Request {
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
        return received == SIGHUP ? .hangUp : .stop
    }
}
