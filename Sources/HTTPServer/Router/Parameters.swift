/// The values a route's pattern captured, percent-decoded.
public struct Parameters: Sendable, Equatable {
    /// The captured values in the pattern's order, then the pattern's parameter names in the same order: one array
    /// the request owns.
    private var valuesThenNames: [String]
    /// The segments matched by a final `**`, decoded, in order; empty when the pattern has none.
    public private(set) var catchAll: [String]

    /// Captured values by name, and the segments a `**` matched.
    public init(_ values: [(name: String, value: String)] = [], catchAll: [String] = []) {
        self.init(valuesThenNames: values.map(\.value) + values.map(\.name), catchAll: catchAll)
    }

    /// `valuesThenNames`: as many values as names, the values first.
    init(valuesThenNames: [String], catchAll: [String]) {
        assert(valuesThenNames.count.isMultiple(of: 2))
        self.valuesThenNames = valuesThenNames
        self.catchAll = catchAll
    }

    /// The value captured for `{name}`, or nil when the pattern has no such parameter.
    public subscript(name: String) -> String? {
        let count = valuesThenNames.count / 2
        for index in 0..<count where valuesThenNames[count + index] == name { return valuesThenNames[index] }
        return nil
    }
}
