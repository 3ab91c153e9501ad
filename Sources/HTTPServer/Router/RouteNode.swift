/// One level of the router's trie: a node per path segment, so matching costs one step per segment
/// whatever the number of routes.
///
/// A node's literal children and its routes are short lists, searched in order: a level has a handful of each, and
/// comparing a few short strings costs less than hashing one.
///
/// Nodes are immutable objects, and adding a route makes new nodes along its path (routes are added at start-up):
/// the trie is shared by every request on every thread, and walking a tree of objects copies a reference per
/// level where a tree of structs copied each node's arrays — a retain and a release for each, atomic writes that
/// were a third of the router's cost (callgrind: 26 retains and 41 releases for a five-segment POST).
final class RouteNode: Sendable {
    /// A match: the node reached, by address, and the segments a `**` took (nil: the node's own routes matched).
    ///
    /// By address because every request walks the same nodes on both threads: a reference counted on each would
    /// write their cache lines from both cores. The trie holds every node for as long as its router, which the
    /// caller holds while it uses the match, and a node never changes.
    struct Found {
        let node: Unmanaged<RouteNode>
        let catchAll: [String]?

        /// The route for `method` at the node reached, by address too, or nil.
        func route(for method: HTTPMethod) -> Unmanaged<Route>? {
            // Each list read in place: choosing one first (`a ? x : y`) copied it, retaining its storage.
            node._withUnsafeGuaranteedRef { node in
                catchAll == nil ? node.routes.route(for: method) : node.catchAllRoutes.route(for: method)
            }
        }

        /// The methods that have a route at the node reached.
        var methods: [HTTPMethod] {
            node._withUnsafeGuaranteedRef { catchAll == nil ? $0.routes.methods : $0.catchAllRoutes.methods }
        }
    }

    private let literals: [(segment: String, node: RouteNode)]
    private let parameter: RouteNode?
    private let catchAllRoutes: MethodRoutes
    private let routes: MethodRoutes

    init(
        literals: [(segment: String, node: RouteNode)] = [], parameter: RouteNode? = nil,
        catchAllRoutes: MethodRoutes = MethodRoutes(), routes: MethodRoutes = MethodRoutes()
    ) {
        self.literals = literals
        self.parameter = parameter
        self.catchAllRoutes = catchAllRoutes
        self.routes = routes
    }

    /// This node with `route` added for `method` at `segments` below it.
    func inserting(
        _ route: Route,
        for method: HTTPMethod,
        at segments: ArraySlice<PathPattern.Segment>
    ) throws(RouterError) -> RouteNode {
        var (literals, parameter, catchAllRoutes, routes) = (literals, parameter, catchAllRoutes, routes)
        let rest = segments.dropFirst()
        switch segments.first {
        case nil:
            guard routes[method] == nil else { throw .duplicateRoute(method, route.pattern) }
            routes[method] = route
        case .literal(let text):
            if let index = literals.firstIndex(where: { $0.segment == text }) {
                literals[index].node = try literals[index].node.inserting(route, for: method, at: rest)
            } else {
                literals.append((text, try RouteNode().inserting(route, for: method, at: rest)))
            }
        case .parameter:
            parameter = try (parameter ?? RouteNode()).inserting(route, for: method, at: rest)
        case .catchAll:
            guard catchAllRoutes[method] == nil else { throw .duplicateRoute(method, route.pattern) }
            catchAllRoutes[method] = route
        }
        return RouteNode(literals: literals, parameter: parameter, catchAllRoutes: catchAllRoutes, routes: routes)
    }

    /// The first node, by precedence literal → parameter → `**`, that matches all `segments` and has routes;
    /// `captured` gets the segments its parameters matched (and is left as it was when nothing matches).
    func lookup(_ segments: ArraySlice<String>, captured: inout [String]) -> Found? {
        guard let first = segments.first else {
            return routes.isEmpty ? nil : Found(node: .passUnretained(self), catchAll: nil)
        }
        let rest = segments.dropFirst()
        for index in literals.indices where literals[index].segment == first {
            let child = Unmanaged.passUnretained(literals[index].node)
            if let found = child._withUnsafeGuaranteedRef({ $0.lookup(rest, captured: &captured) }) { return found }
            break
        }
        if !first.isEmpty, parameter != nil {
            captured.append(first)
            let child = Unmanaged.passUnretained(parameter.unsafelyUnwrapped)
            if let found = child._withUnsafeGuaranteedRef({ $0.lookup(rest, captured: &captured) }) { return found }
            captured.removeLast()
        }
        if !catchAllRoutes.isEmpty {
            return Found(node: .passUnretained(self), catchAll: Array(segments))
        }
        return nil
    }
}

/// A node's routes, at most one per method, in the order added.
struct MethodRoutes: Sendable {
    private var entries: [(method: HTTPMethod, route: Route)] = []

    /// The route for `method`, by address (valid while its node is).
    func route(for method: HTTPMethod) -> Unmanaged<Route>? {
        for index in entries.indices where entries[index].method == method {
            return .passUnretained(entries[index].route)
        }
        return nil
    }

    /// The route for `method`; setting one adds or replaces it.
    subscript(method: HTTPMethod) -> Route? {
        get {
            for index in entries.indices where entries[index].method == method { return entries[index].route }
            return nil
        }
        set {
            entries.removeAll { $0.method == method }
            if let newValue { entries.append((method, newValue)) }
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The methods that have a route.
    var methods: [HTTPMethod] { entries.map(\.method) }
}
