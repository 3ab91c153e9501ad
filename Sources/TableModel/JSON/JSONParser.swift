/// A strict JSON parser (RFC 8259) over UTF-8 bytes, written for definition and state files.
///
/// It never crashes on bad input and explains every refusal with a position. Two kinds of trouble are told apart:
/// a *syntax error* (the text is not JSON, or is truncated) stops parsing, because nothing after it can be trusted;
/// an *issue* (a duplicate key, a `\ud800` escape that is no Unicode text) is recorded with its JSON path and parsing
/// goes on, so a file's problems can all be reported at once. A duplicate key keeps the first member.
struct JSONParser {
    /// Deeper documents are refused rather than risking the stack; definitions need about six levels.
    static let maximumDepth = 64

    /// The parsed root and the issues met on the way.
    struct Document: Sendable {
        var root: JSONNode
        var issues: [Issue]
    }

    /// A problem that does not stop parsing.
    struct Issue: Sendable {
        var path: JSONPath
        var offset: Int
        var message: String
    }

    /// Why the bytes are not a JSON document, and where the parser stopped.
    struct SyntaxError: Error, Sendable {
        var offset: Int
        var message: String
    }

    let bytes: [UInt8]
    var index = 0
    var path = JSONPath()
    var issues: [Issue] = []
    /// The containers (and the string) the parser is inside of, to say what a truncated file left open.
    var open: [(what: String, offset: Int)] = []
    /// Built on the first duplicate key only: most documents never need it.
    var locator: SourceLocator?

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Document {
        var parser = JSONParser(bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            parser.index = 3  // RFC 8259 §8.1 lets a parser ignore a byte order mark.
        }
        parser.skipWhitespace()
        guard parser.index < bytes.count else {
            let what = bytes.isEmpty ? "the input is empty" : "the input holds only white space"
            throw SyntaxError(offset: parser.index, message: "\(what): expected a JSON value")
        }
        let root = try parser.parseValue(depth: 1)
        parser.skipWhitespace()
        guard parser.index == bytes.count else {
            throw parser.error("unexpected \(parser.describeByte()) after the end of the JSON value")
        }
        return Document(root: root, issues: parser.issues)
    }

    // MARK: - Values

    private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONNode {
        skipWhitespace()
        guard index < bytes.count else {
            throw endOfInput(expecting: "a value")
        }
        guard depth <= Self.maximumDepth else {
            throw error("the document nests deeper than \(Self.maximumDepth) levels")
        }
        let start = index
        let value: JSONValue
        switch bytes[index] {
        case UInt8(ascii: "{"):
            value = try parseObject(depth: depth)
        case UInt8(ascii: "["):
            value = try parseArray(depth: depth)
        case UInt8(ascii: "\""):
            value = .string(try parseString())
        case UInt8(ascii: "t"):
            value = .bool(try parseLiteral("true", true))
        case UInt8(ascii: "f"):
            value = .bool(try parseLiteral("false", false))
        case UInt8(ascii: "n"):
            try parseLiteral("null", ())
            value = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            value = .number(try parseNumber())
        default:
            throw error("expected a value, found \(describeByte())")
        }
        return JSONNode(value: value, offset: start)
    }

    private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
        open.append(("object", index))
        index += 1
        var members: [JSONMember] = []
        var firstOffsets: [String: Int] = [:]
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            index += 1
            open.removeLast()
            return .object(members)
        }
        while true {
            skipWhitespace()
            guard try peek() == UInt8(ascii: "\"") else {
                let hint = bytes[index] == UInt8(ascii: "}") ? " (a trailing comma is not allowed)" : ""
                throw error("expected a key in double quotes, found \(describeByte())\(hint)")
            }
            let keyOffset = index
            let key = try parseString()
            skipWhitespace()
            guard try peek() == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \(JSONWriter.quoted(key)), found \(describeByte())")
            }
            index += 1
            path.append(.key(key))
            let value = try parseValue(depth: depth + 1)
            if let first = firstOffsets[key] {
                let position = position(of: first)
                issues.append(Issue(path: path, offset: keyOffset, message: "duplicate field (first at \(position))"))
            } else {
                firstOffsets[key] = keyOffset
                members.append(JSONMember(key: key, keyOffset: keyOffset, value: value))
            }
            path.removeLast()
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "}"):
                index += 1
                open.removeLast()
                return .object(members)
            default:
                throw error("expected ',' or '}' after an object member, found \(describeByte())")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
        open.append(("array", index))
        index += 1
        var elements: [JSONNode] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            index += 1
            open.removeLast()
            return .array(elements)
        }
        while true {
            skipWhitespace()
            if try peek() == UInt8(ascii: "]") {
                throw error("expected a value, found ']' (a trailing comma is not allowed)")
            }
            path.append(.index(elements.count))
            elements.append(try parseValue(depth: depth + 1))
            path.removeLast()
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                index += 1
            case UInt8(ascii: "]"):
                index += 1
                open.removeLast()
                return .array(elements)
            default:
                throw error("expected ',' or ']' after an array element, found \(describeByte())")
            }
        }
    }
}
