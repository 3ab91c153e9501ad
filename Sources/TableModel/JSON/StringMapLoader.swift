/// Reads a flat JSON object whose values are all strings (`{"reset": "Reset", ...}`), such as the UI's string
/// catalogues, with the same strict parser and path-naming problems as definition files.
public enum StringMapLoader {
    /// The members in file order, or every problem found (syntax, a duplicate key, a value that is not a string).
    public static func load(_ bytes: [UInt8]) -> Result<[(key: String, value: String)], DecodingProblems> {
        let log = ProblemLog(bytes)
        guard let root = log.parse(bytes) else { return .failure(log.problems) }
        guard case .object(let members) = root.value else {
            log.report(.root, at: root.offset, "expected an object of strings, found \(root.value.kindDescription)")
            return .failure(log.problems)
        }
        var entries: [(key: String, value: String)] = []
        for member in members {
            guard case .string(let value) = member.value.value else {
                log.report(JSONPath.root.appending(member.key), at: member.value.offset,
                           "expected a string, found \(member.value.value.kindDescription)")
                continue
            }
            entries.append((member.key, value))
        }
        return log.isEmpty ? .success(entries) : .failure(log.problems)
    }
}
