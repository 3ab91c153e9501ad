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

    private let bytes: [UInt8]
    private var index = 0
    private var path = JSONPath()
    private var issues: [Issue] = []
    /// The containers (and the string) the parser is inside of, to say what a truncated file left open.
    private var open: [(what: String, offset: Int)] = []
    /// Built on the first duplicate key only: most documents never need it.
    private var locator: SourceLocator?

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

    private mutating func parseLiteral<T>(_ word: String, _ value: T) throws(SyntaxError) -> T {
        let start = index
        for byte in word.utf8 {
            guard index < bytes.count else {
                throw endOfInput(expecting: "\(word)")
            }
            guard bytes[index] == byte else {
                index = start
                throw error("expected a value, found \(describeWord())")
            }
            index += 1
        }
        return value
    }

    private mutating func parseNumber() throws(SyntaxError) -> JSONNumber {
        let start = index
        var isInteger = true
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        guard index < bytes.count, isDigit(bytes[index]) else {
            throw index < bytes.count ? error("expected a digit after '-'") : endOfInput(expecting: "a digit")
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) {
                throw error("a number must not start with a leading zero")
            }
        } else {
            skipDigits()
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            try requireDigit(after: "the decimal point")
            isInteger = false
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            try requireDigit(after: "the exponent")
            isInteger = false
        }
        let literal = String(decoding: bytes[start..<index], as: UTF8.self)
        return JSONNumber(literal: literal, integer: isInteger ? Int(literal) : nil)
    }

    private mutating func requireDigit(after what: String) throws(SyntaxError) {
        guard index < bytes.count else {
            throw endOfInput(expecting: "a digit")
        }
        guard isDigit(bytes[index]) else {
            throw error("expected a digit after \(what), found \(describeByte())")
        }
        skipDigits()
    }

    private mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) {
            index += 1
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    // MARK: - Strings

    private mutating func parseString() throws(SyntaxError) -> String {
        open.append(("string", index))
        index += 1
        var decoded: [UInt8] = []
        var runStart = index
        while true {
            guard index < bytes.count else {
                throw endOfInput(expecting: "'\"'")
            }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                decoded.append(contentsOf: bytes[runStart..<index])
                index += 1
                open.removeLast()
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                decoded.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &decoded)
                runStart = index
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                throw error("line break inside a string (a missing closing quote? write \\n for a line break)")
            case 0..<0x20:
                throw error("control character \(Self.scalarName(UInt32(byte))) inside a string must be escaped")
            case 0..<0x80:
                index += 1
            default:
                guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
                    throw error("invalid UTF-8 byte 0x\(Self.hex(UInt32(byte), digits: 2)) inside a string")
                }
                index += length
            }
        }
    }

    /// Decodes one escape at `index` (the backslash). Lone surrogates become U+FFFD plus an issue.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(SyntaxError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else {
            throw endOfInput(expecting: "an escape")
        }
        let simple: UInt8? = switch bytes[index] {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
        if let simple {
            decoded.append(simple)
            index += 1
            return
        }
        guard bytes[index] == UInt8(ascii: "u") else {
            index = escapeStart
            throw error("invalid escape \(describeWord()) (use \\\" \\\\ \\/ \\b \\f \\n \\r \\t or \\uXXXX)")
        }
        index += 1
        let unit = try parseHex4()
        var scalar: Unicode.Scalar?
        switch unit {
        case 0xD800...0xDBFF:
            if let low = trailingLowSurrogate() {
                scalar = Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))
                index += 6
            }
        case 0xDC00...0xDFFF:
            scalar = nil
        default:
            scalar = Unicode.Scalar(unit)
        }
        guard let scalar else {
            let escape = "\\u" + Self.hex(unit, digits: 4).lowercased()
            issues.append(Issue(
                path: path,
                offset: escapeStart,
                message: "lone surrogate \(escape) is not Unicode text"
            ))
            decoded.append(contentsOf: [0xEF, 0xBF, 0xBD])
            return
        }
        decoded.append(contentsOf: String(Character(scalar)).utf8)
    }

    private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                throw endOfInput(expecting: "four hexadecimal digits")
            }
            guard let digit = Self.hexValue(bytes[index]) else {
                throw error("expected four hexadecimal digits after \\u, found \(describeByte())")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    /// The low surrogate of a `\uXXXX` escape right at `index`, without consuming it.
    private func trailingLowSurrogate() -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Self.hexValue(byte) else { return nil }
            value = value << 4 | digit
        }
        return (0xDC00...0xDFFF).contains(value) ? value : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    // MARK: - Helpers

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The byte at `index`, or a truncation error when the input has ended.
    private func peek() throws(SyntaxError) -> UInt8 {
        guard index < bytes.count else {
            throw endOfInput(expecting: "more")
        }
        return bytes[index]
    }

    private mutating func position(of offset: Int) -> SourcePosition {
        if locator == nil {
            locator = SourceLocator(bytes)
        }
        return locator!.position(of: offset)
    }

    private func error(_ message: String) -> SyntaxError {
        SyntaxError(offset: index, message: message)
    }

    private func endOfInput(expecting what: String) -> SyntaxError {
        guard let innermost = open.last else {
            return error("unexpected end of input: expected \(what)")
        }
        let position = SourceLocator(bytes).position(of: innermost.offset)
        return error("unexpected end of input inside the \(innermost.what) that starts at \(position)"
            + " (is the file truncated?)")
    }

    /// What stands at `index`, for "found …" in messages.
    private func describeByte() -> String {
        guard index < bytes.count else { return "the end of the input" }
        let byte = bytes[index]
        switch byte {
        case 0x21...0x7E:
            return "'\(Character(Unicode.Scalar(byte)))'"
        case 0..<0x80:
            return "control character \(Self.scalarName(UInt32(byte)))"
        default:
            guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
                return "invalid UTF-8 byte 0x\(Self.hex(UInt32(byte), digits: 2))"
            }
            let text = String(decoding: bytes[index..<(index + length)], as: UTF8.self)
            return "'\(text)' (\(Self.scalarName(text.unicodeScalars.first?.value ?? 0)))"
        }
    }

    /// The word at `index` (up to a delimiter, at most 12 bytes), for messages about misspelt literals.
    private func describeWord() -> String {
        var end = index
        while end < bytes.count, end - index < 12, bytes[end] > 0x20, bytes[end] < 0x7F,
            !"{}[],:\"".utf8.contains(bytes[end]) || end == index {
            end += 1
        }
        guard end > index else { return describeByte() }
        return "'" + String(decoding: bytes[index..<end], as: UTF8.self) + "'"
    }

    static func scalarName(_ value: UInt32) -> String {
        "U+" + hex(value, digits: 4)
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
