/// Turns byte offsets into the line and column an editor shows.
struct SourceLocator {
    private let bytes: [UInt8]
    private let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        for offset in bytes.indices where bytes[offset] == UInt8(ascii: "\n") {
            starts.append(offset + 1)
        }
        lineStarts = starts
    }

    /// Lines and columns count from 1; a column counts Unicode scalars, not bytes, as editors do.
    func position(of offset: Int) -> SourcePosition {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = lineStarts[low]
        let end = min(max(offset, start), bytes.count)
        let column = bytes[start..<end].reduce(1) { count, byte in byte & 0xC0 == 0x80 ? count : count + 1 }
        return SourcePosition(line: low + 1, column: column)
    }
}
