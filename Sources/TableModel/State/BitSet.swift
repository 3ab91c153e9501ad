/// A set of small non-negative integers (row or section indices) as bits. The first 64 live inline, so a state
/// for a table of up to 64 rows stores its selection without any heap allocation.
struct BitSet: Sendable, Hashable {
    private var low: UInt64 = 0
    /// Bits 64 and up; trailing zero words are trimmed, so equal sets are equal values.
    private var high: [UInt64] = []

    func contains(_ element: Int) -> Bool {
        if element < 64 {
            return low & (1 << UInt64(element)) != 0
        }
        let word = element / 64 - 1
        return word < high.count && high[word] & (1 << UInt64(element % 64)) != 0
    }

    mutating func insert(_ element: Int) {
        if element < 64 {
            low |= 1 << UInt64(element)
            return
        }
        let word = element / 64 - 1
        if word >= high.count {
            high.append(contentsOf: repeatElement(0, count: word - high.count + 1))
        }
        high[word] |= 1 << UInt64(element % 64)
    }

    mutating func remove(_ element: Int) {
        if element < 64 {
            low &= ~(1 << UInt64(element))
            return
        }
        let word = element / 64 - 1
        guard word < high.count else { return }
        high[word] &= ~(1 << UInt64(element % 64))
        while high.last == 0 {
            high.removeLast()
        }
    }

    mutating func update(_ element: Int, to isMember: Bool) {
        if isMember { insert(element) } else { remove(element) }
    }

    /// How many elements lie in `range`.
    func count(in range: Range<Int>) -> Int {
        range.reduce(0) { $0 + (contains($1) ? 1 : 0) }
    }

    /// The words stored on the heap, for the footprint measurement; `nil` when nothing is.
    var heapWords: [UInt64]? {
        high.isEmpty ? nil : high
    }
}
