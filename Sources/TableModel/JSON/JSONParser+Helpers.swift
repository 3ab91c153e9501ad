/// Whitespace, lookahead, and the words of error messages.
extension JSONParser {
    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            default: return
            }
        }
    }

    /// The byte at `index`, or a truncation error when the input has ended.
    func peek() throws(SyntaxError) -> UInt8 {
        guard index < bytes.count else {
            throw endOfInput(expecting: "more")
        }
        return bytes[index]
    }

    mutating func position(of offset: Int) -> SourcePosition {
        if locator == nil {
            locator = SourceLocator(bytes)
        }
        return locator!.position(of: offset)
    }

    func error(_ message: String) -> SyntaxError {
        SyntaxError(offset: index, message: message)
    }

    func endOfInput(expecting what: String) -> SyntaxError {
        guard let innermost = open.last else {
            return error("unexpected end of input: expected \(what)")
        }
        let position = SourceLocator(bytes).position(of: innermost.offset)
        return error("unexpected end of input inside the \(innermost.what) that starts at \(position)"
            + " (is the file truncated?)")
    }

    /// What stands at `index`, for "found …" in messages.
    func describeByte() -> String {
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
    func describeWord() -> String {
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
