/// One level of the router's trie: a node per path segment, so matching costs one step per segment
/// whatever the number of routes.
///
/// A node's literal children and its routes are short lists, searched in order: a level has a handful of each, and
/// comparing a few short strings costs less than hashing one.
struct RouteNode: Sendable {
    struct Found {
        let routes: MethodRoutes
        let catchAll: [String]
    }

    private var literals: [(segment: String, node: RouteNode)] = []
    /// Zero or one node for a `{parameter}` segment; an array gives the recursion its indirection.
    private var parameter: [RouteNode] = []
    private var catchAllRoutes = MethodRoutes()
    private var routes = MethodRoutes()

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
            if !literals.contains(where: { $0.segment == text }) { literals.append((text, RouteNode())) }
            try literals[literals.firstIndex { $0.segment == text }!].node.insert(route, for: method, at: rest)
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
        if let child = literals.first(where: { $0.segment == first }),
            let found = child.node.lookup(rest, captured: &captured)
        {
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

/// A node's routes, at most one per method, in the order added.
struct MethodRoutes: Sendable {
    private var entries: [(method: HTTPMethod, route: Route)] = []

    /// The route for `method`; setting one adds or replaces it.
    subscript(method: HTTPMethod) -> Route? {
        get { entries.first { $0.method == method }?.route }
        set {
            entries.removeAll { $0.method == method }
            if let newValue { entries.append((method, newValue)) }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The methods that have a route.
    var methods: [HTTPMethod] { entries.map(\.method) }
}
