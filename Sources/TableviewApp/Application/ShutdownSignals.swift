import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Waits for SIGINT or SIGTERM. The signals are observed through Dispatch sources rather than a C handler,
/// so the reaction runs as ordinary code on an ordinary thread.
final class ShutdownSignals {
    private let received = DispatchSemaphore(value: 0)
    private let sources: [any DispatchSourceSignal]

    /// Starts observing; from now on the signals no longer terminate the process.
    init(_ signals: [Int32] = [SIGINT, SIGTERM]) {
        let received = received
        sources = signals.map { number in
            // The default action would end the process before the source sees the signal.
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { received.signal() }
            source.resume()
            return source
        }
    }

    /// Blocks until one of the signals arrives.
    func wait() {
        received.wait()
        for source in sources { source.cancel() }
    }
}
