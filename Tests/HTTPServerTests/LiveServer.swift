import HTTPServer
import TestSupport
import Testing

/// Starts a server on a free loopback port for one test, runs `body`, and stops the server.
@discardableResult
func withLiveServer<T>(
    _ responder: some HTTPResponder,
    errorPage: ErrorPage = ErrorPage(log: { _ in }),
    configure: (inout ServerConfiguration) -> Void = { _ in },
    _ body: (HTTPServer, Int) throws -> T
) throws -> T {
    var configuration = ServerConfiguration()
    configuration.port = 0
    configuration.threadCount = 2
    configuration.accessLog = nil
    configure(&configuration)
    let server = HTTPServer(configuration: configuration, responder: responder, errorPage: errorPage)
    try server.start()
    defer { server.shutdown() }
    return try body(server, try #require(server.port))
}
