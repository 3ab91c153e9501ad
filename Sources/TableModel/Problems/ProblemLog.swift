/// Collects the problems of one file while it is validated, so that all of them are reported, in file order.
final class ProblemLog {
    private let bytes: [UInt8]
    /// Built on the first problem only: a valid file never needs it.
    private var locator: SourceLocator?
    private var entries: [(offset: Int?, problem: DecodingProblem)] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    private func position(of offset: Int) -> SourcePosition {
        let locator = locator ?? SourceLocator(bytes)
        self.locator = locator
        return locator.position(of: offset)
    }

    var isEmpty: Bool {
        entries.isEmpty
    }

    /// How many problems were reported so far, to tell whether one part of a file added any.
    var count: Int {
        entries.count
    }

    func report(_ path: JSONPath, at offset: Int?, _ message: String) {
        let position = offset.map(position(of:))
        entries.append((offset, DecodingProblem(path: path.description, message: message, position: position)))
    }

    /// The problems sorted by where they occur (stable, so one value's problems keep their order).
    var problems: DecodingProblems {
        let sorted = entries.enumerated().sorted { left, right in
            let leftOffset = left.element.offset ?? -1
            let rightOffset = right.element.offset ?? -1
            return leftOffset != rightOffset ? leftOffset < rightOffset : left.offset < right.offset
        }
        return DecodingProblems(sorted.map(\.element.problem))
    }

    /// Parses `bytes`, logging a syntax error (and returning `nil`) or the parser's issues.
    func parse(_ bytes: [UInt8]) -> JSONNode? {
        do {
            let document = try JSONParser.parse(bytes)
            for issue in document.issues {
                report(issue.path, at: issue.offset, issue.message)
            }
            return document.root
        } catch {
            let position = position(of: error.offset)
            report(.root, at: error.offset, "invalid JSON at \(position): \(error.message)")
            return nil
        }
    }
}
