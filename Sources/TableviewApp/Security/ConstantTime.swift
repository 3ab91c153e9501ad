/// Comparisons whose time does not depend on where the values differ: for a secret-derived value (a token, a MAC)
/// against one a client sent.
enum ConstantTime {
    /// Whether two byte strings are equal, in time that depends only on their lengths.
    static func equals(_ given: some Collection<UInt8>, _ expected: some Collection<UInt8>) -> Bool {
        guard given.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(given, expected) { difference |= left ^ right }
        return difference == 0
    }
}
