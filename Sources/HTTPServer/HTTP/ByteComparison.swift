#if canImport(Glibc)
import Glibc
#endif

extension UnsafeRawBufferPointer {
    /// Whether both hold the same bytes. `memcmp`, rather than the generic `elementsEqual`, which compares a byte at a
    /// time through two iterators: heads are compared on every request.
    func hasSameBytes(as other: UnsafeRawBufferPointer) -> Bool {
        guard count == other.count else { return false }
        guard count > 0, let base = baseAddress, let otherBase = other.baseAddress else { return true }
        return memcmp(base, otherBase, count) == 0
    }

    /// Whether they are the bytes of `literal`.
    func hasSameBytes(as literal: StaticString) -> Bool {
        hasSameBytes(as: UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// The index of the first `byte` in `range`. `memchr`, rather than the generic `firstIndex(of:)` on a slice,
    /// which steps a byte at a time: a request's cookies are searched on every request.
    func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let base = baseAddress,
            let found = memchr(base + range.lowerBound, Int32(byte), range.count)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Whether both hold the same bytes but for the case of ASCII letters: header names, media types, origins. An
    /// indexed loop over the two buffers, rather than `zip(_:_:).allSatisfy` and its iterators: header names are
    /// compared on every request.
    @inlinable
    public func equalsIgnoringASCIICase(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        for index in 0..<count where self[index] != other[index] {
            guard self[index].asciiLowercased == other[index].asciiLowercased else { return false }
        }
        return true
    }
}
