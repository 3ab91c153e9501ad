/// Anything that answers requests: the plug point between the server and the application.
///
/// `respond(to:)` runs synchronously on one of the server's threads, many at once, so it must be thread-safe.
/// Errors it throws become error pages through ``ErrorPage``.
public protocol HTTPResponder: Sendable {
    /// The response to `request`.
    func respond(to request: Request) throws -> Response
}
