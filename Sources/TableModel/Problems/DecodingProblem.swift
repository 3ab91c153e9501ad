/// A line and column in a JSON file, both counted from 1; columns count Unicode scalars.
public struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, in Unicode scalars.
    public let column: Int

    /// A position (the web layer or tests may build one).
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line 3, column 17`.
    public var description: String {
        "line \(line), column \(column)"
    }
}

/// One reason a definition or state file was refused.
public struct DecodingProblem: Sendable, Hashable, CustomStringConvertible {
    /// The JSON path from the file's root, e.g. `tables[0].sections[2].rows[1].id`; empty for the whole file
    /// (invalid JSON, or a root that is not an object).
    public let path: String
    /// What is wrong, in English, e.g. `duplicate row id "bunka"`.
    public let message: String
    /// Where in the file the offending value (or the syntax error) is.
    public let position: SourcePosition?

    /// A problem, e.g. for a layer that adds its own checks to a file's.
    public init(path: String, message: String, position: SourcePosition? = nil) {
        self.path = path
        self.message = message
        self.position = position
    }

    /// `path: message`, or only the message when the path is the root.
    public var description: String {
        path.isEmpty ? message : "\(path): \(message)"
    }

    /// `FILE:LINE:COLUMN: path: message` (`FILE: path: message` without a position), as compilers write a
    /// problem, so editors and terminals can jump to it.
    public func located(in file: String) -> String {
        guard let position else { return "\(file): \(description)" }
        // A syntax error's message names its position for readers without a file name; here the prefix does.
        let repeated = "invalid JSON at \(position): "
        let text = message.hasPrefix(repeated) ? "invalid JSON: " + message.dropFirst(repeated.count) : description
        return "\(file):\(position.line):\(position.column): \(text)"
    }
}

/// Every problem found in one file, in the order they occur in the file.
public struct DecodingProblems: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problems, in file order.
    public let problems: [DecodingProblem]

    /// A list of problems.
    public init(_ problems: [DecodingProblem]) {
        self.problems = problems
    }

    /// One problem per line, without a file name.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }

    /// One problem per line, each naming `file` and its line and column (``DecodingProblem/located(in:)``), as
    /// `tableview check` prints them.
    public func located(in file: String) -> String {
        problems.map { $0.located(in: file) }.joined(separator: "\n")
    }
}
