/// Writes JSON text, compact or indented, one token at a time, keeping keys in the order they are written.
///
/// Strings are escaped per Unicode scalar: `"`, `\` and the C0 controls (and DEL) are escaped, everything else is
/// written as UTF-8.
struct JSONWriter {
    private(set) var output = ""
    private let indentUnit: String?
    /// One entry per open container: whether it has a member yet.
    private var levels: [Bool] = []
    private var afterKey = false

    /// - Parameter pretty: indent with two spaces, one member per line, `"key": value`.
    init(pretty: Bool) {
        indentUnit = pretty ? "  " : nil
    }

    mutating func beginObject() {
        beginValue()
        output += "{"
        levels.append(false)
    }

    mutating func endObject() {
        endContainer()
        output += "}"
    }

    mutating func beginArray() {
        beginValue()
        output += "["
        levels.append(false)
    }

    mutating func endArray() {
        endContainer()
        output += "]"
    }

    mutating func key(_ key: String) {
        beginValue()
        output += Self.quoted(key) + (indentUnit == nil ? ":" : ": ")
        afterKey = true
    }

    mutating func string(_ value: String) {
        beginValue()
        output += Self.quoted(value)
    }

    mutating func integer(_ value: Int) {
        beginValue()
        output += String(value)
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        output += value ? "true" : "false"
    }

    /// An array of strings, written on one line even when pretty: lists of ids read better that way.
    mutating func stringArray(_ values: [String]) {
        beginValue()
        output += "[" + values.map(Self.quoted).joined(separator: indentUnit == nil ? "," : ", ") + "]"
    }

    /// Places the separator and line break that precede a value or key.
    private mutating func beginValue() {
        if afterKey {
            afterKey = false
            return
        }
        guard let last = levels.indices.last else { return }
        if levels[last] {
            output += ","
        }
        levels[last] = true
        newline(depth: levels.count)
    }

    private mutating func endContainer() {
        let hadMembers = levels.removeLast()
        if hadMembers {
            newline(depth: levels.count)
        }
    }

    private mutating func newline(depth: Int) {
        guard let indentUnit else { return }
        output += "\n" + String(repeating: indentUnit, count: depth)
    }

    /// `value` as a JSON string literal, also used to quote user text in messages.
    static func quoted(_ value: String) -> String {
        var result = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                result += "\\u" + JSONParser.hex(scalar.value, digits: 4).lowercased()
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
