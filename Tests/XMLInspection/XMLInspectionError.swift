/// A problem libxml2 reported, with its position in the input (1-based; 0 when libxml2 gave none).
public struct XMLProblem: Sendable, Equatable, CustomStringConvertible {
    /// The line of the input the problem was found on.
    public let line: Int
    /// The column on that line, as libxml2 counts it.
    public let column: Int
    /// libxml2's message, without the trailing newline.
    public let message: String

    /// Creates a problem report.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line), column \(column): \(message)" }
}

/// Why a page could not be parsed or queried.
public enum XMLInspectionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The input is not well-formed XML (or breaks namespace rules); every error libxml2 reported, in order.
    case malformed([XMLProblem])
    /// The input is larger than libxml2's `int` length allows.
    case inputTooLarge(byteCount: Int)
    /// The XPath expression does not compile, or selects something other than nodes (a number, a string).
    case invalidXPath(String, [XMLProblem])

    public var description: String {
        switch self {
        case .malformed(let problems):
            return "not well-formed XML:\n" + problems.map { "  \($0)" }.joined(separator: "\n")
        case .inputTooLarge(let byteCount):
            return "input of \(byteCount) bytes is too large for libxml2"
        case .invalidXPath(let expression, let problems):
            let details = problems.map(\.message).joined(separator: "; ")
            return "invalid XPath \(expression)" + (details.isEmpty ? "" : ": \(details)")
        }
    }
}
