/// The memory one stored state takes, to check the per-session budget (≤ 2 KB for a 30-row table, and about
/// 1 KB for one move or one deletion whatever the table's size).
public struct StateFootprint: Sendable, Hashable {
    /// `MemoryLayout<TableState>.size`: the reference to the definition, the inline bit-set words, the edit mode
    /// and the references to the arrays.
    public let inlineBytes: Int
    /// The heap buffers the state owns and does not share with its definition, each counted as Swift allocates
    /// it: a 32-byte array header plus capacity × stride (malloc's own rounding not included).
    public let heapBytes: Int

    /// Inline plus heap bytes.
    public var totalBytes: Int {
        inlineBytes + heapBytes
    }
}

extension TableState {
    /// The bytes this state stores (see `StateFootprint`).
    public var footprint: StateFootprint {
        var heap = Self.heapBytes(of: orders) + Self.heapBytes(of: deletions)
        heap += orders.reduce(0) { $0 + Self.heapBytes(of: $1.runs) }
        heap += Self.ownedHeapBytes(of: selection, sharing: definition.initialSelection)
        heap += Self.ownedHeapBytes(of: expansion, sharing: definition.initialExpansion)
        heap += Self.ownedHeapBytes(of: deleted, sharing: BitSet())
        return StateFootprint(inlineBytes: MemoryLayout<TableState>.size, heapBytes: heap)
    }

    private static func heapBytes<Element>(of array: [Element]) -> Int {
        array.capacity == 0 ? 0 : 32 + array.capacity * MemoryLayout<Element>.stride
    }

    /// A bit set's heap words, unless they are the very buffer of the definition's baseline (copy-on-write).
    private static func ownedHeapBytes(of bits: BitSet, sharing baseline: BitSet) -> Int {
        guard let words = bits.heapWords else { return 0 }
        if let base = baseline.heapWords {
            let shared = words.withUnsafeBufferPointer { mine in
                base.withUnsafeBufferPointer { theirs in mine.baseAddress == theirs.baseAddress }
            }
            if shared { return 0 }
        }
        return heapBytes(of: words)
    }
}
