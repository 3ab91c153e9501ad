/// Strings and their escapes; lone surrogates become U+FFFD plus an issue.
extension JSONParser {
    mutating func parseString() throws(SyntaxError) -> String {
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
    mutating func parseEscape(into decoded: inout [UInt8]) throws(SyntaxError) {
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

    mutating func parseHex4() throws(SyntaxError) -> UInt32 {
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
    func trailingLowSurrogate() -> UInt32? {
        guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
        else { return nil }
        var value: UInt32 = 0
        for byte in bytes[(index + 2)..<(index + 6)] {
            guard let digit = Self.hexValue(byte) else { return nil }
            value = value << 4 | digit
        }
        return (0xDC00...0xDFFF).contains(value) ? value : nil
    }

    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
