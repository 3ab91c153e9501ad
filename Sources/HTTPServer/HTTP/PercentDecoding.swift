/// Percent-decoding of URL components and form bodies, over bytes.
enum PercentDecoding {
    /// Decodes `%XX` escapes, and `+` as a space when `plusAsSpace` is set.
    ///
    /// - Parameter strict: when true, a `%` not followed by two hex digits makes the result nil;
    ///   when false it is kept as written, as the WHATWG URL standard does.
    static func decode(_ bytes: some Collection<UInt8>, plusAsSpace: Bool, strict: Bool) -> [UInt8]? {
        let percent = UInt8(ascii: "%"), plus = UInt8(ascii: "+")
        // Most components need no decoding: skip the byte loop for them.
        if !bytes.contains(where: { $0 == percent || (plusAsSpace && $0 == plus) }) {
            return Array(bytes)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            if byte == percent {
                let first = bytes.index(after: index)
                if first != bytes.endIndex, bytes.index(after: first) != bytes.endIndex,
                    let high = hexValue(bytes[first]), let low = hexValue(bytes[bytes.index(after: first)])
                {
                    output.append(high << 4 | low)
                    index = bytes.index(index, offsetBy: 3)
                    continue
                }
                if strict { return nil }
                output.append(byte)
            } else if plusAsSpace && byte == plus {
                output.append(UInt8(ascii: " "))
            } else {
                output.append(byte)
            }
            index = bytes.index(after: index)
        }
        return output
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
