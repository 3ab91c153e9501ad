/// A route's path pattern such as `/tables/{table}/rows/{row}/selection`: literal segments, `{name}`
/// parameters matching one non-empty segment, and a final `**` matching one or more segments.
struct PathPattern: Sendable, Equatable {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
        case catchAll
    }

    let segments: [Segment]

    /// Parses a pattern; it must start with `/`.
    init(_ pattern: String) throws(RouterError) {
        guard pattern.hasPrefix("/") else { throw .invalidPattern(pattern, reason: "it must start with /") }
        var segments: [Segment] = []
        let parts = RequestPath.split(pattern)
        for (index, part) in parts.enumerated() {
            if part == "**" {
                guard index == parts.count - 1 else {
                    throw .invalidPattern(pattern, reason: "** may only be the last segment")
                }
                segments.append(.catchAll)
            } else if part.hasPrefix("{") && part.hasSuffix("}") && part.count > 2 {
                let name = String(part.dropFirst().dropLast())
                guard !name.contains(where: { "{}/".contains($0) }) else {
                    throw .invalidPattern(pattern, reason: "parameter name \(name) is not plain")
                }
                guard !segments.contains(.parameter(name)) else {
                    throw .invalidPattern(pattern, reason: "parameter \(name) appears twice")
                }
                segments.append(.parameter(name))
            } else if part.contains("{") || part.contains("}") || part.contains("*") {
                throw .invalidPattern(pattern, reason: "segment \(part) mixes text and a parameter")
            } else {
                segments.append(.literal(String(part)))
            }
        }
        self.segments = segments
    }

    /// The parameter names in the order they appear.
    var parameterNames: [String] {
        segments.compactMap { segment in
            if case .parameter(let name) = segment { return name }
            return nil
        }
    }
}

/// A route that cannot be added.
public enum RouterError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The pattern is not of the form the router understands.
    case invalidPattern(String, reason: String)
    /// The same method and pattern were added twice.
    case duplicateRoute(HTTPMethod, String)

    public var description: String {
        switch self {
        case .invalidPattern(let pattern, let reason): "invalid route pattern \(pattern): \(reason)"
        case .duplicateRoute(let method, let pattern): "route \(method) \(pattern) is already defined"
        }
    }
}
