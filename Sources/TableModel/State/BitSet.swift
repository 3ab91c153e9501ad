/// A set of small non-negative integers (row or section indices) as bits. The first 64 live inline, so a state
/// for a table of up to 64 rows stores its selection without any heap allocation.
///
/// Bits 64 and up are kept sparsely, as the non-zero 64-bit words only, each with its number: one deleted or
/// selected row near the end of a 100,000-row table costs one word (16 bytes), not the 1,563 words of a dense
/// array up to it (SPEC §4: memory in proportion to the change, not to the table).
@usableFromInline
struct BitSet: Sendable, Hashable {
    /// One non-zero word of bits 64 and up: bits `64 × (number + 1)` to `64 × (number + 1) + 63`.
    struct Word: Sendable, Hashable {
        var number: UInt32
        var bits: UInt64
    }

    private var low: UInt64 = 0
    /// The non-zero words above `low`, sorted by number, so equal sets are equal values.
    private var high: [Word] = []

    /// The position of word `number` in `high`, or where it would go.
    private func position(of number: UInt32) -> (index: Int, found: Bool) {
        var lower = 0
        var upper = high.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if high[middle].number < number { lower = middle + 1 } else { upper = middle }
        }
        return (lower, lower < high.count && high[lower].number == number)
    }

    @usableFromInline
    func contains(_ element: Int) -> Bool {
        if element < 64 {
            return low & (1 << UInt64(element)) != 0
        }
        let (index, found) = position(of: UInt32(element / 64 - 1))
        return found && high[index].bits & (1 << UInt64(element % 64)) != 0
    }

    mutating func insert(_ element: Int) {
        if element < 64 {
            low |= 1 << UInt64(element)
            return
        }
        let number = UInt32(element / 64 - 1)
        let bit: UInt64 = 1 << UInt64(element % 64)
        let (index, found) = position(of: number)
        if found {
            high[index].bits |= bit
        } else {
            high.insert(Word(number: number, bits: bit), at: index)
        }
    }

    mutating func remove(_ element: Int) {
        if element < 64 {
            low &= ~(1 << UInt64(element))
            return
        }
        let (index, found) = position(of: UInt32(element / 64 - 1))
        guard found else { return }
        high[index].bits &= ~(1 << UInt64(element % 64))
        if high[index].bits == 0 {
            high.remove(at: index)
        }
        if high.isEmpty {
            // Give the buffer back: an emptied set costs nothing, as a new one does.
            high = []
        }
    }

    mutating func update(_ element: Int, to isMember: Bool) {
        if isMember { insert(element) } else { remove(element) }
    }

    /// Whether the set is empty.
    var isEmpty: Bool { low == 0 && high.isEmpty }

    /// How many elements lie in `range`, counted a word at a time.
    func count(in range: Range<Int>) -> Int {
        guard !range.isEmpty else { return 0 }
        var total = 0
        if range.lowerBound < 64 {
            total += (low & Self.mask(range.clamped(to: 0..<64), offset: 0)).nonzeroBitCount
        }
        guard range.upperBound > 64, !high.isEmpty else { return total }
        let firstNumber = UInt32(max(0, range.lowerBound / 64 - 1))
        var index = position(of: firstNumber).index
        while index < high.count {
            let word = high[index]
            let start = (Int(word.number) + 1) * 64
            guard start < range.upperBound else { break }
            total += (word.bits & Self.mask(range.clamped(to: start..<(start + 64)), offset: start)).nonzeroBitCount
            index += 1
        }
        return total
    }

    /// The elements in increasing order.
    var elements: [Int] {
        var result: [Int] = []
        func append(_ bits: UInt64, from start: Int) {
            var remaining = bits
            while remaining != 0 {
                result.append(start + remaining.trailingZeroBitCount)
                remaining &= remaining - 1
            }
        }
        append(low, from: 0)
        for word in high { append(word.bits, from: (Int(word.number) + 1) * 64) }
        return result
    }

    /// The bits of `range` (within one word starting at `offset`) set.
    private static func mask(_ range: Range<Int>, offset: Int) -> UInt64 {
        guard !range.isEmpty else { return 0 }
        let width = range.count
        let ones: UInt64 = width >= 64 ? ~0 : (1 << UInt64(width)) - 1
        return ones << UInt64(range.lowerBound - offset)
    }

    /// The words stored on the heap, for the footprint measurement; `nil` when nothing is.
    var heapWords: [Word]? {
        high.isEmpty ? nil : high
    }
}
