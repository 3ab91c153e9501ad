/// Reads the fields of one JSON object, reporting each problem at its path: a missing required field, a value of
/// the wrong type, and (at once, on creation) every field that is not allowed — a typo must not pass silently.
struct ObjectReader {
    let path: JSONPath
    let offset: Int
    let members: [JSONMember]
    private let log: ProblemLog

    /// `nil`, with a problem logged, when `node` is not an object.
    init?(_ node: JSONNode, at path: JSONPath, expecting what: String, fields allowed: [String], log: ProblemLog) {
        guard case .object(let members) = node.value else {
            log.report(path, at: node.offset, "expected \(what), found \(node.value.kindDescription)")
            return nil
        }
        self.path = path
        self.offset = node.offset
        self.members = members
        self.log = log
        for member in members where !allowed.contains(member.key) {
            log.report(path.appending(member.key), at: member.keyOffset, Self.unknownFieldMessage(member.key, allowed))
        }
    }

    func contains(_ key: String) -> Bool {
        node(key) != nil
    }

    func node(_ key: String) -> JSONNode? {
        members.first { $0.key == key }?.value
    }

    func report(_ key: String, _ message: String) {
        log.report(path.appending(key), at: node(key)?.offset ?? offset, message)
    }

    /// The field read through `read`, or `nil` (with a problem logged when it is required or has the wrong type).
    func value<T>(_ key: String, required: Bool, expecting what: String, _ read: (JSONValue) -> T?) -> T? {
        guard let node = node(key) else {
            if required {
                log.report(path.appending(key), at: offset, "required field is missing")
            }
            return nil
        }
        guard let value = read(node.value) else {
            log.report(path.appending(key), at: node.offset, "expected \(what), found \(node.value.kindDescription)")
            return nil
        }
        return value
    }

    func string(_ key: String, required: Bool) -> String? {
        value(key, required: required, expecting: "a string") {
            if case .string(let string) = $0 { string } else { nil }
        }
    }

    func bool(_ key: String, required: Bool = false) -> Bool? {
        value(key, required: required, expecting: "true or false") {
            if case .bool(let bool) = $0 { bool } else { nil }
        }
    }

    func array(_ key: String, required: Bool) -> [JSONNode]? {
        value(key, required: required, expecting: "an array") {
            if case .array(let elements) = $0 { elements } else { nil }
        }
    }

    func object(_ key: String, required: Bool) -> [JSONMember]? {
        value(key, required: required, expecting: "an object") {
            if case .object(let members) = $0 { members } else { nil }
        }
    }

    /// An integer in `range`; fractions, exponents and out-of-range values are refused with the range.
    func integer(_ key: String, required: Bool, in range: ClosedRange<Int>) -> Int? {
        let expectation = range.upperBound == Int.max
            ? "an integer ≥ \(range.lowerBound)"
            : "an integer from \(range.lowerBound) to \(range.upperBound)"
        guard let number = value(key, required: required, expecting: expectation, {
            if case .number(let number) = $0 { number } else { nil }
        }) else {
            return nil
        }
        guard let integer = number.integer, range.contains(integer) else {
            report(key, "expected \(expectation), found \(number.literal)")
            return nil
        }
        return integer
    }

    /// A non-empty text field (title, detail, footer) that an HTML page can carry.
    func text(_ key: String, required: Bool) -> String? {
        guard let text = string(key, required: required) else { return nil }
        if let problem = TextRules.textProblem(text) {
            report(key, problem)
            return nil
        }
        return text
    }

    /// An id matching `[a-z0-9][a-z0-9-]{0,63}`.
    func id(_ key: String) -> String? {
        guard let id = string(key, required: true) else { return nil }
        if let problem = TextRules.idProblem(id) {
            report(key, problem)
            return nil
        }
        return id
    }

    private static func unknownFieldMessage(_ key: String, _ allowed: [String]) -> String {
        let near = allowed.filter { TextRules.editDistance($0.lowercased(), key.lowercased()) <= 2 }
        if let suggestion = near.first {
            return "unknown field; did you mean \(JSONWriter.quoted(suggestion))?"
        }
        return "unknown field (allowed: \(allowed.joined(separator: ", ")))"
    }
}
