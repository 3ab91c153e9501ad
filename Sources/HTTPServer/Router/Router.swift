/// Handles a request whose path matched a route, with the values the route's pattern captured.
public typealias RouteHandler = @Sendable (Request, Parameters) throws -> Response

/// Routes requests by method and path pattern (see ``get(_:use:)`` for the pattern syntax).
///
/// Paths are percent-decoded segment by segment before matching, so `/tables/s%C3%A9` matches
/// `/tables/{table}` with `table == "sé"`; a malformed escape answers 400. Literal segments win over
/// parameters, parameters over `**`. A path no route matches answers 404; a path that matches with another
/// method answers 405 with `Allow`. `HEAD` runs the `GET` handler (the server drops the body).
public struct Router: HTTPResponder {
    private var root = RouteNode()

    /// An empty router: every request gets 404.
    public init() {}

    /// Adds a route for `method` and `pattern`.
    ///
    /// A pattern starts with `/` and has literal segments, `{name}` parameters (one non-empty segment each)
    /// and optionally a final `**` (one or more segments, see ``Parameters/catchAll``).
    public mutating func on(
        _ method: HTTPMethod,
        _ pattern: String,
        use handler: @escaping RouteHandler
    ) throws(RouterError) {
        let parsed = try PathPattern(pattern)
        let route = Route(pattern: pattern, parameterNames: parsed.parameterNames, handler: handler)
        root = try root.inserting(route, for: method, at: parsed.segments[...])
    }

    /// Adds a `GET` route, which also answers `HEAD`.
    public mutating func get(_ pattern: String, use handler: @escaping RouteHandler) throws(RouterError) {
        try on(.get, pattern, use: handler)
    }

    /// Adds a `POST` route.
    public mutating func post(_ pattern: String, use handler: @escaping RouteHandler) throws(RouterError) {
        try on(.post, pattern, use: handler)
    }

    /// Finds the route for a method and raw path: 400 for a path that does not decode, 404 when no pattern
    /// matches, 405 when the pattern has no route for the method.
    public func match(_ method: HTTPMethod, path: String) throws(HTTPError) -> RouteMatch {
        let (route, parameters) = try lookUp(method, path: path)
        return RouteMatch(route: route, parameters: parameters)
    }

    public func respond(to request: Request) throws -> Response {
        let (route, parameters) = try lookUp(request.method, path: request.path)
        return try route.handler(request, parameters)
    }

    /// The route that matches, and the values its pattern captured.
    private func lookUp(_ method: HTTPMethod, path: String) throws(HTTPError) -> (route: Route, parameters: Parameters)
    {
        let segments = try RequestPath.decodedSegments(of: path)
        // The captured values, then the route's names (``Parameters``): room for both at once.
        var captured: [String] = []
        captured.reserveCapacity(2 * segments.count)
        guard let found = root.lookup(segments[...], captured: &captured) else { throw .notFound }
        guard let route = found.route(for: method) ?? (method == .head ? found.route(for: .get) : nil) else {
            throw .methodNotAllowed(allowed: Self.allowedMethods(found.methods))
        }
        // A route of the node reached has one parameter name per captured segment, in order.
        captured.append(contentsOf: route.parameterNames)
        return (route, Parameters(valuesThenNames: captured, catchAll: found.catchAll ?? []))
    }

    private static func allowedMethods(_ methods: [HTTPMethod]) -> [HTTPMethod] {
        var methods = Set(methods)
        if methods.contains(.get) { methods.insert(.head) }
        return methods.sorted { $0.rawValue < $1.rawValue }
    }
}

/// The route a request matched.
public struct RouteMatch: Sendable {
    let route: Route
    /// The values the pattern captured.
    public let parameters: Parameters

    /// The pattern as added, e.g. `/tables/{table}`.
    public var pattern: String { route.pattern }
    /// The route's handler.
    public var handler: RouteHandler { route.handler }
}

/// A route as added; an object, so that a match refers to it instead of copying its pattern, names and handler.
final class Route: Sendable {
    let pattern: String
    let parameterNames: [String]
    let handler: RouteHandler

    init(pattern: String, parameterNames: [String], handler: @escaping RouteHandler) {
        self.pattern = pattern
        self.parameterNames = parameterNames
        self.handler = handler
    }
}
