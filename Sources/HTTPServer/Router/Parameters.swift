/// The values a route's pattern captured, percent-decoded.
public struct Parameters: Sendable, Equatable {
    private var values: [(name: String, value: String)]
    /// The segments matched by a final `**`, decoded, in order; empty when the pattern has none.
    public private(set) var catchAll: [String]

    /// Captured values by name, and the segments a `**` matched.
    public init(_ values: [(name: String, value: String)] = [], catchAll: [String] = []) {
        self.values = values
        self.catchAll = catchAll
    }

    /// The value captured for `{name}`, or nil when the pattern has no such parameter.
    public subscript(name: String) -> String? {
        values.first { $0.name == name }?.value
    }

    public static func == (lhs: Parameters, rhs: Parameters) -> Bool {
        lhs.values.elementsEqual(rhs.values) { $0 == $1 } && lhs.catchAll == rhs.catchAll
    }
}
