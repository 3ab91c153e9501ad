/// The bytes of one rendering, written straight into the spare capacity of the caller's array.
///
/// A page is hundreds of small appends (a line of text, its indentation, an escaped value);
/// `Array.append(contentsOf:)` costs about a hundred instructions each (uniqueness and capacity checks,
/// a generic copy), this a capacity check and a `memcpy`. The buffer starts in memory the caller lent it (the
/// array's reserved room); a rendering that outgrows it moves on to memory of its own, whose bytes the caller then
/// copies (`copy(to:)`).
struct OutputBuffer: ByteSink, ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private(set) var count = 0
    /// Still in the lent memory: the bytes are where the caller wants them, and are not this buffer's to free.
    private(set) var isInLentMemory: Bool

    /// A buffer writing into `memory`, which must stay valid while it is used.
    init(lent memory: UnsafeMutableBufferPointer<UInt8>) {
        if let start = memory.baseAddress, memory.count > 0 {
            base = start
            capacity = memory.count
            isInLentMemory = true
        } else {
            capacity = 64
            base = .allocate(capacity: capacity)
            isInLentMemory = false
        }
    }

    deinit {
        if !isInLentMemory { base.deallocate() }
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        copy(source, bytes.count)
    }

    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { append($0) }
    }

    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends `bytes[range]`, whose lines after the first start at `lineStarts`, putting `indentation` before
    /// each line but the first, and before the first too when `indentFirst`. One capacity check for all.
    mutating func append(
        lines bytes: UnsafeBufferPointer<UInt8>,
        _ range: Range<Int>,
        lineStarts: UnsafeBufferPointer<Int>,
        indentation: UnsafeBufferPointer<UInt8>,
        indentFirst: Bool
    ) {
        guard let source = bytes.baseAddress, let indent = indentation.baseAddress else {
            append(UnsafeBufferPointer(rebasing: bytes[range]))
            return
        }
        reserve(range.count + (lineStarts.count + 1) * indentation.count)
        var lineStart = range.lowerBound
        var indentNext = indentFirst
        for index in 0...lineStarts.count {
            let lineEnd = index < lineStarts.count ? lineStarts[index] : range.upperBound
            guard lineEnd > lineStart else { continue }
            if indentNext {
                copy(indent, indentation.count)
            }
            copy(source + lineStart, lineEnd - lineStart)
            lineStart = lineEnd
            indentNext = true
        }
    }

    /// Copies `length` bytes to the end, within capacity. Most pieces of a page are short (an indentation, a
    /// line, a name), where calling `memcpy` costs more than the copy: up to 16 bytes move as two overlapping
    /// words.
    @inline(__always)
    private mutating func copy(_ source: UnsafePointer<UInt8>, _ length: Int) {
        let target = UnsafeMutableRawPointer(base + count)
        let source = UnsafeRawPointer(source)
        switch length {
        case 8...16:
            let head = source.loadUnaligned(as: UInt64.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            target.storeBytes(of: head, as: UInt64.self)
            target.storeBytes(of: tail, toByteOffset: length - 8, as: UInt64.self)
        case 4..<8:
            let head = source.loadUnaligned(as: UInt32.self)
            let tail = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            target.storeBytes(of: head, as: UInt32.self)
            target.storeBytes(of: tail, toByteOffset: length - 4, as: UInt32.self)
        case 0..<4:
            for offset in 0..<length {
                target.storeBytes(
                    of: source.load(fromByteOffset: offset, as: UInt8.self),
                    toByteOffset: offset,
                    as: UInt8.self
                )
            }
        default:
            target.copyMemory(from: source, byteCount: length)
        }
        count += length
    }

    /// The byte at `offset` from the start, which must be below `count`.
    subscript(offset: Int) -> UInt8 {
        get { base[offset] }
        set { base[offset] = newValue }
    }

    /// The bytes in `range`, valid until the next append.
    func bytes(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Drops the bytes from `offset` on.
    mutating func truncate(to offset: Int) {
        count = offset
    }

    /// Appends the contents to `array`.
    func copy(to array: inout [UInt8]) {
        array.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
    }

    /// Makes room for `extra` more bytes. Inlined, as every append asks and almost never grows: a call cost more
    /// than the check, ~170 times a page.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity {
            grow(toFit: extra)
        }
    }

    @inline(never)
    private mutating func grow(toFit extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: count)
        if !isInLentMemory { base.deallocate() }
        base = newBase
        capacity = newCapacity
        isInLentMemory = false
    }
}

/// Where escaped bytes go: the renderer's buffer, or an array for `HTMLEscape`'s public functions.
protocol ByteSink: ~Copyable {
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension Array: ByteSink where Element == UInt8 {
    @inline(__always)
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(contentsOf: bytes)
    }
}
