/// One level of the router's trie: a node per path segment, so matching costs one step per segment
/// whatever the number of routes.
///
/// A node's literal children and its routes are short lists, searched in order: a level has a handful of each, and
/// comparing a few short strings costs less than hashing one.
///
/// Nodes are immutable objects, and adding a route makes new nodes along its path (routes are added at start-up):
/// the trie is shared by every request on every thread, and walking a tree of objects refers to a node per level
/// where a tree of structs copied each node's arrays.
final class RouteNode: Sendable {
    /// A match: the node reached, and the segments a `**` took (nil: the node's own routes matched).
    struct Found {
        let node: RouteNode
        let catchAll: [String]?

        /// The route for `method` at the node reached, or nil.
        func route(for method: HTTPMethod) -> Route? {
            (catchAll == nil ? node.routes : node.catchAllRoutes)[method]
        }

        /// The methods that have a route at the node reached.
        var methods: [HTTPMethod] {
            (catchAll == nil ? node.routes : node.catchAllRoutes).methods
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
            return routes.isEmpty ? nil : Found(node: self, catchAll: nil)
        }
        let rest = segments.dropFirst()
        for index in literals.indices where literals[index].segment == first {
            if let found = literals[index].node.lookup(rest, captured: &captured) { return found }
            break
        }
        if !first.isEmpty, let parameter {
            captured.append(first)
            if let found = parameter.lookup(rest, captured: &captured) { return found }
            captured.removeLast()
        }
        if !catchAllRoutes.isEmpty {
            return Found(node: self, catchAll: Array(segments))
        }
        return nil
    }
}

/// A node's routes, at most one per method, in the order added.
struct MethodRoutes: Sendable {
    private var entries: [(method: HTTPMethod, route: Route)] = []

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
