#if canImport(Glibc)
import Glibc
#endif

/// Waits for SIGINT or SIGTERM with `sigwait(2)`.
///
/// The signals are blocked from the moment this is made, on the calling thread and so in every thread it starts
/// afterwards (the server's workers inherit the mask): one that arrives during start-up stays pending until
/// `wait()` takes it, instead of being lost or ending the process. Make it before starting any thread.
final class ShutdownSignals {
    private var signals = sigset_t()

    /// Blocks the signals; from now on they no longer terminate the process.
    init(_ numbers: [Int32] = [SIGINT, SIGTERM]) {
        sigemptyset(&signals)
        for number in numbers { sigaddset(&signals, number) }
        pthread_sigmask(SIG_BLOCK, &signals, nil)
    }

    /// Blocks until one of the signals arrives.
    func wait() {
        var received: Int32 = 0
        while sigwait(&signals, &received) != 0 {}
    }
}
