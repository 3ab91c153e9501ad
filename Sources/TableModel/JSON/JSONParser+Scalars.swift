/// Literals and numbers.
extension JSONParser {
    mutating func parseLiteral<T>(_ word: String, _ value: T) throws(SyntaxError) -> T {
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

    mutating func parseNumber() throws(SyntaxError) -> JSONNumber {
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

    mutating func requireDigit(after what: String) throws(SyntaxError) {
        guard index < bytes.count else {
            throw endOfInput(expecting: "a digit")
        }
        guard isDigit(bytes[index]) else {
            throw error("expected a digit after \(what), found \(describeByte())")
        }
        skipDigits()
    }

    mutating func skipDigits() {
        while index < bytes.count, isDigit(bytes[index]) {
            index += 1
        }
    }

    func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
