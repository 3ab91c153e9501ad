/// The values a route's pattern captured, percent-decoded.
public struct Parameters: Sendable, Equatable {
    /// The pattern's parameter names, in order: the route's own array, shared by every match.
    private var names: [String]
    /// The value of each name, in the same order.
    private var values: [String]
    /// The segments matched by a final `**`, decoded, in order; empty when the pattern has none.
    public private(set) var catchAll: [String]

    /// Captured values by name, and the segments a `**` matched.
    public init(_ values: [(name: String, value: String)] = [], catchAll: [String] = []) {
        self.init(names: values.map(\.name), values: values.map(\.value), catchAll: catchAll)
    }

    /// The values of `names`, in order (as many as there are names), and the segments a `**` matched.
    init(names: [String], values: [String], catchAll: [String]) {
        self.names = names
        self.values = values
        self.catchAll = catchAll
    }

    /// The value captured for `{name}`, or nil when the pattern has no such parameter.
    public subscript(name: String) -> String? {
        names.firstIndex(of: name).map { values[$0] }
    }
}
