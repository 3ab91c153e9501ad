/// A request head as libmicrohttpd 0.9.75 leaves it in the connection's read buffer once it has parsed it: the
/// request line and the header lines as received, with NUL bytes written over the line ends, the colons and the
/// request line's spaces; each listed field's name and value still point into it.
///
/// libmicrohttpd's field list does not show every line: a line with an empty name (`: x`) silently ends the
/// head for it, and a folded line is merged into a copy elsewhere. What the list does not cover is still in the
/// buffer, so comparing the two finds it (`MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE` gives the head's extent).
public enum ReceivedHead {
    /// Whether `head` holds content that neither the request line (the bytes before `requestLineEnd`) nor a
    /// listed field covers (`fields`: byte ranges of name through value; ranges outside `head` are ignored).
    /// White space and the NULs libmicrohttpd wrote are not content.
    public static func hasUnlistedContent(_ head: UnsafeRawBufferPointer, requestLineEnd: Int, fields: [Range<Int>])
        -> Bool
    {
        // libmicrohttpd lists the fields in the order of the head, so they are in order already, as a rule.
        let inOrder = zip(fields, fields.dropFirst()).allSatisfy { $0.lowerBound <= $1.lowerBound }
        let spans = inOrder ? fields : fields.sorted { $0.lowerBound < $1.lowerBound }
        var next = 0
        var offset = max(0, requestLineEnd)
        while offset < head.count {
            // Spans behind the offset, and spans not within the head, cover nothing here.
            while next < spans.count,
                spans[next].upperBound <= offset || spans[next].lowerBound < 0 || spans[next].upperBound > head.count
            {
                next += 1
            }
            if next < spans.count, spans[next].contains(offset) {
                offset = spans[next].upperBound
                continue
            }
            let byte = head[offset]
            guard byte == 0 || byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return true }
            offset += 1
        }
        return false
    }

    /// Where the request line ends in `head`: after the target, which starts at `targetOffset` and is `targetLength`
    /// bytes long, a NUL and `version` (`HTTP/1.1`). Nil when those bytes are not there, so that a head laid out
    /// otherwise than expected is refused rather than let through unchecked.
    public static func requestLineEnd(
        in head: UnsafeRawBufferPointer, targetOffset: Int, targetLength: Int, version: String
    ) -> Int? {
        let versionStart = targetOffset + targetLength + 1
        let end = versionStart + version.utf8.count
        var version = version
        guard !version.isEmpty, targetOffset >= 0, targetLength >= 0, end <= head.count, head[versionStart - 1] == 0,
            version.withUTF8({ UnsafeRawBufferPointer(rebasing: head[versionStart..<end]).hasSameBytes(as: .init($0)) })
        else { return nil }
        return end
    }
}
