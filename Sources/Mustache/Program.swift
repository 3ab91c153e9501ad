/// A template compiled into a flat list of operations that append to a byte buffer.
///
/// Operations are plain values (no references), so running them costs no reference counting; section bodies
/// are ranges of the list, run once per element. Static text lives in one byte array, with its line starts
/// recorded so indentation never needs a scan.
// @unchecked: `ops` and `keys` are buffers allocated and filled in init, only read afterwards, freed in deinit.
final class Program: @unchecked Sendable {
    let name: String
    /// Kept in a buffer of its own rather than an array: the renderer reads one per step, and an array read
    /// costs a bounds check and a load of the array from the class each time.
    let ops: UnsafeBufferPointer<Op>
    /// The template's static text, concatenated, and the indentation of its standalone tags.
    let bytes: [UInt8]
    /// Offsets in `bytes` just after each `\n` of the text, ascending.
    let lineStarts: [Int]
    /// The keys of every name in the template; a `Name` is a range of them.
    let keys: UnsafeBufferPointer<MustacheKey>
    /// Partial and parent tags; `.partial` and `.parent` operations index them.
    let partials: [PartialCall]
    /// The template names the partial and parent tags give, in the order of `partials`.
    let partialNames: [String]
    /// The blocks each parent tag passes, in the order of `partials` (empty for partial tags).
    let arguments: [[Argument]]
    let blocks: [BlockSlot]

    init(
        name: String,
        ops: [Op],
        bytes: [UInt8],
        lineStarts: [Int],
        keys: [MustacheKey],
        partials: [PartialCall],
        partialNames: [String],
        arguments: [[Argument]],
        blocks: [BlockSlot]
    ) {
        self.name = name
        self.ops = Self.buffer(copying: ops)
        self.bytes = bytes
        self.lineStarts = lineStarts
        self.keys = Self.buffer(copying: keys)
        self.partials = partials
        self.partialNames = partialNames
        self.arguments = arguments
        self.blocks = blocks
    }

    deinit {
        ops.deallocate()
        keys.deallocate()
    }

    private static func buffer<Element>(copying elements: [Element]) -> UnsafeBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(buffer)
    }

    /// Partial and parent tags resolved against a library's template indices; unknown names stay unresolved and
    /// render nothing, as the spec asks.
    func linked(to indices: [String: Int]) -> Program {
        var partials = partials
        for index in partials.indices {
            partials[index].target = indices[partialNames[index]] ?? PartialCall.unresolved
        }
        return Program(
            name: name,
            ops: Array(ops),
            bytes: bytes,
            lineStarts: lineStarts,
            keys: Array(keys),
            partials: partials,
            partialNames: partialNames,
            arguments: arguments,
            blocks: blocks
        )
    }
}

/// A name in a template: `keys[start..<start + count]` of its program; no keys is the implicit iterator `.`.
struct Name {
    var start: Int
    var count: Int
}

/// One operation of a compiled template.
enum Op {
    /// Appends `bytes[start..<end]`; `lineStarts[lines]` are the line starts inside, for indentation.
    case text(start: Int, end: Int, lines: Range<Int>)
    /// Appends a looked-up value.
    case variable(Name, escaped: Bool)
    /// Runs the body (the operations up to `end`) once per element of a list, or once for another truthy value.
    case section(Name, end: Int)
    /// Runs the body once when the value is falsey or missing.
    case invertedSection(Name, end: Int)
    /// Runs another template: `partials[index]`.
    case partial(Int)
    /// Runs another template, `partials[index]`, with block arguments `arguments[index]`, whose bodies lie
    /// before `end`.
    case parent(Int, end: Int)
    /// Runs an overriding argument, or the default body up to `end`: `blocks[index]`.
    case block(Int, end: Int)
}

/// A partial or parent tag. Plain values only, so that reading one while rendering counts no reference.
struct PartialCall {
    static let unresolved = -1

    /// For `{{>*name}}`: the name whose value names the template at render time.
    var dynamicName: Name?
    /// Index of the template in the library, once linked.
    var target = unresolved
    /// Range of `bytes` holding the whitespace before a standalone tag, prefixed to each line it renders.
    var indentation: Range<Int>
    var isStandalone: Bool
}

/// A block passed to a parent: its name and body.
struct Argument {
    var key: MustacheKey
    var body: Range<Int>
}

/// A block in a template, which arguments of the same name override.
struct BlockSlot {
    var key: MustacheKey
    /// Range of `bytes` prefixed to each line the block renders (standalone blocks only).
    var indentation: Range<Int>
    /// Its opening tag's line was dropped, so rendering starts at the beginning of a line.
    var startsLine: Bool
}
