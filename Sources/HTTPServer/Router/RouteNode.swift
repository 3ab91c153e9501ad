/// One level of the router's trie: a node per path segment, so matching costs one step per segment
/// whatever the number of routes.
struct RouteNode: Sendable {
    struct Found {
        let routes: [HTTPMethod: Route]
        let catchAll: [String]
    }

    private var literals: [String: RouteNode] = [:]
    /// Zero or one node for a `{parameter}` segment; an array gives the recursion its indirection.
    private var parameter: [RouteNode] = []
    private var catchAllRoutes: [HTTPMethod: Route] = [:]
    private var routes: [HTTPMethod: Route] = [:]

    mutating func insert(
        _ route: Route,
        for method: HTTPMethod,
        at segments: ArraySlice<PathPattern.Segment>
    ) throws(RouterError) {
        guard let first = segments.first else {
            guard routes[method] == nil else { throw .duplicateRoute(method, route.pattern) }
            routes[method] = route
            return
        }
        let rest = segments.dropFirst()
        switch first {
        case .literal(let text):
            try literals[text, default: RouteNode()].insert(route, for: method, at: rest)
        case .parameter:
            if parameter.isEmpty { parameter.append(RouteNode()) }
            try parameter[0].insert(route, for: method, at: rest)
        case .catchAll:
            guard catchAllRoutes[method] == nil else { throw .duplicateRoute(method, route.pattern) }
            catchAllRoutes[method] = route
        }
    }

    /// The first node, by precedence literal → parameter → `**`, that matches all `segments` and has routes;
    /// `captured` gets the segments its parameters matched (and is left as it was when nothing matches).
    func lookup(_ segments: ArraySlice<String>, captured: inout [String]) -> Found? {
        guard let first = segments.first else {
            return routes.isEmpty ? nil : Found(routes: routes, catchAll: [])
        }
        let rest = segments.dropFirst()
        if let child = literals[first], let found = child.lookup(rest, captured: &captured) {
            return found
        }
        if !first.isEmpty, let child = parameter.first {
            captured.append(first)
            if let found = child.lookup(rest, captured: &captured) { return found }
            captured.removeLast()
        }
        if !catchAllRoutes.isEmpty {
            return Found(routes: catchAllRoutes, catchAll: Array(segments))
        }
        return nil
    }
}
