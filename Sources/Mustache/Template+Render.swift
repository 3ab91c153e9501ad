/// Runs compiled templates, appending to one byte buffer.
///
/// Rendering time goes to reference counting unless the hot path avoids it, so the context stack holds no
/// counted references: values are pushed by address and contexts as unmanaged boxes. Both stay alive because
/// whoever pushes them holds them until the push is undone.
struct Renderer: ~Copyable {
    /// Deeper nesting of sections, partials and blocks is refused, so that a partial including itself without
    /// end fails instead of exhausting the thread's stack. 100 levels fit in a 128 KiB thread stack in release
    /// builds and in 512 KiB in debug builds; real pages nest about 10 deep.
    static let depthLimit = 100

    /// A parent tag being rendered: whose arguments override blocks, and the frame that was visible around it.
    private struct OverrideFrame {
        var program: Program
        var call: Int
        var previous: Int
    }

    var output: OutputBuffer
    private let library: LibraryStorage
    /// The context stack, innermost last: what `{{.}}` renders.
    private var values: [UnsafePointer<MustacheValue>] = []
    /// The contexts among `values`, where names are looked up.
    var contexts: [Unmanaged<ContextBox>] = []
    /// Prefixed to each line of template text while inside standalone partials and blocks.
    var indentation: [UInt8] = []
    /// The last template text ended a line, so the next output starts with the indentation.
    var atLineStart = true
    private var frames: [OverrideFrame] = []
    /// The innermost parent whose arguments are in scope; each links to the one in scope around it.
    var visibleFrame = -1
    var depth = 0
    /// The deepest nesting reached, for the fragments' record of how deep they go.
    var deepest = 0
    /// The fragment being recorded for a constant context (`Template+Fragments.swift`).
    var recording: FragmentRecording?
    /// `recording != nil`, kept as a flag: the run loop asks at every name, and an optional struct compared with
    /// `nil` is copied first.
    var isRecording = false
    /// Outer values the fragments' replays looked up.
    var outerValues = OuterValues()

    init(library: LibraryStorage, output: consuming OutputBuffer) {
        self.library = library
        self.output = output
        // Room for typical nesting up front: growing these one step at a time would allocate several times.
        values.reserveCapacity(16)
        contexts.reserveCapacity(16)
        frames.reserveCapacity(4)
        indentation.reserveCapacity(64)
        outerValues.entries.reserveCapacity(8)
    }

    /// Runs `range` with the value at `value` pushed on the context stack; the caller keeps it alive.
    mutating func run(_ program: Program, _ range: Range<Int>, pushing value: UnsafePointer<MustacheValue>)
        throws(MustacheError)
    {
        values.append(value)
        let box: Unmanaged<ContextBox>
        switch value.pointee.storage {
        case .context(let held): box = .passUnretained(held)
        case .borrowedContext(let borrowed): box = borrowed
        default:
            try run(program, range)
            values.removeLast()
            return
        }
        if contexts.count < outerValues.floor {
            // A context replaces one that the kept outer values were looked up in.
            outerValues.floor = -1
        }
        contexts.append(box)
        // The box's store, by address: the caller holds the box while it is pushed.
        if let fragments = box._withUnsafeGuaranteedRef({ $0.fragments.map(Unmanaged.passUnretained) }) {
            try render(program, range, from: fragments)
        } else {
            try run(program, range)
        }
        contexts.removeLast()
        values.removeLast()
    }

    mutating func run(_ program: Program, _ range: Range<Int>) throws(MustacheError) {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.depthLimit else {
            throw .renderingTooDeep(template: program.name, limit: Self.depthLimit)
        }
        deepest = max(deepest, depth)
        var pc = range.lowerBound
        while pc < range.upperBound {
            switch program.ops[pc] {
            case .text(let start, let end, let lines):
                appendText(program, start..<end, lines: lines)
            case .variable(let name, let escaped):
                let start = output.count
                if let value = resolve(name, in: program) {
                    append(value, escaped: escaped)
                }
                if isRecording {
                    noteVariable(name, in: program, escaped: escaped, wrote: start..<output.count)
                }
            case .section(let name, let end):
                let value = resolve(name, in: program)
                if isRecording {
                    noteCondition(name, in: program, value)
                }
                if let value, value.isTruthy {
                    try renderSection(value, program, pc + 1..<end)
                }
                pc = end
                continue
            case .invertedSection(let name, let end):
                let value = resolve(name, in: program)
                if isRecording {
                    noteCondition(name, in: program, value)
                }
                if !(value?.isTruthy ?? false) {
                    try run(program, pc + 1..<end)
                }
                pc = end
                continue
            case .partial(let index):
                try include(program.partials[index], from: program)
            case .parent(let index, let end):
                frames.append(OverrideFrame(program: program, call: index, previous: visibleFrame))
                let outerFrame = visibleFrame
                visibleFrame = frames.count - 1
                try include(program.partials[index], from: program)
                visibleFrame = outerFrame
                frames.removeLast()
                pc = end
                continue
            case .block(let index, let end):
                if isRecording {
                    noteBlock()
                }
                try renderBlock(program.blocks[index], defaultBody: pc + 1..<end, of: program)
                pc = end
                continue
            }
            pc += 1
        }
    }

    /// Renders a section's body once per element of a list, or once for another truthy value.
    private mutating func renderSection(_ value: MustacheValue, _ program: Program, _ body: Range<Int>)
        throws(MustacheError)
    {
        if case .list(let elements) = value.storage {
            try elements.withUnsafeBufferPointer { (elements) throws(MustacheError) in
                guard let first = elements.baseAddress else { return }
                for index in elements.indices {
                    try run(program, body, pushing: first + index)
                }
            }
        } else {
            try withUnsafePointer(to: value) { (value) throws(MustacheError) in
                try run(program, body, pushing: value)
            }
        }
    }

    /// Renders a partial or parent's template, indented when its tag stood alone.
    private mutating func include(_ call: PartialCall, from program: Program) throws(MustacheError) {
        guard let target = target(of: call, from: program) else { return }
        let outerIndentation = indentation.count
        if call.isStandalone {
            program.bytes.withUnsafeBufferPointer { indentation.append(contentsOf: $0[call.indentation]) }
            atLineStart = true
        }
        try run(target, 0..<target.ops.count)
        indentation.removeSubrange(outerIndentation...)
    }

    private mutating func target(of call: PartialCall, from program: Program) -> Program? {
        guard let dynamicName = call.dynamicName else {
            return call.target == PartialCall.unresolved ? nil : library.programs[call.target]
        }
        let value = resolve(dynamicName, in: program)
        if isRecording {
            noteCondition(dynamicName, in: program, value)
        }
        let name: String? =
            switch value?.storage {
            case .string(let string): string
            case .text(let text): String(decoding: text.raw, as: UTF8.self)
            case .borrowedText(let text): String(decoding: text.bytes(escaped: false), as: UTF8.self)
            default: nil
            }
        return name.flatMap { library.indices[$0] }.map { library.programs[$0] }
    }

    /// Renders the outermost argument in scope that overrides `block`, or the block's default body.
    private mutating func renderBlock(_ block: BlockSlot, defaultBody: Range<Int>, of program: Program)
        throws(MustacheError)
    {
        var body = (program: program, range: defaultBody, frame: -1)
        var frameIndex = visibleFrame
        while frameIndex >= 0 {
            let frame = frames[frameIndex]
            if let argument = frame.program.arguments[frame.call].first(where: { $0.key == block.key }) {
                body = (frame.program, argument.body, frameIndex)
            }
            frameIndex = frame.previous
        }
        let outerIndentation = indentation.count
        program.bytes.withUnsafeBufferPointer { indentation.append(contentsOf: $0[block.indentation]) }
        if block.startsLine {
            atLineStart = true
        }
        // An argument sees the blocks in scope where it was written, not those of the templates it landed in.
        let outerFrame = visibleFrame
        if body.frame >= 0 {
            visibleFrame = frames[body.frame].previous
        }
        try run(body.program, body.range)
        visibleFrame = outerFrame
        indentation.removeSubrange(outerIndentation...)
    }

    /// Resolves a name as the spec says: its first key from the innermost context that has it, the other keys
    /// inside that value only.
    private func resolve(_ name: Name, in program: Program) -> MustacheValue? {
        guard name.count > 0 else { return values.last?.pointee }
        return resolve(UnsafeBufferPointer(rebasing: program.keys[name.start..<name.start + name.count]),
                       below: contexts.count)
    }

    /// Resolves `keys` (at least one) in the contexts below index `top`.
    @inline(__always)
    func resolve(_ keys: UnsafeBufferPointer<MustacheKey>, below top: Int) -> MustacheValue? {
        let first = keys[0]
        var index = top - 1
        while index >= 0 {
            if var value = contexts[index]._withUnsafeGuaranteedRef({ $0.value(for: first) }) {
                for key in keys.dropFirst() {
                    guard let inner = value.value(for: key) else { return nil }
                    value = inner
                }
                return value
            }
            index -= 1
        }
        return nil
    }

    /// The index of the innermost context that has `name`'s first key, or -1.
    func contextIndex(of name: Name, in program: Program) -> Int {
        guard name.count > 0 else { return contexts.count }
        let first = program.keys[name.start]
        var index = contexts.count - 1
        while index >= 0, contexts[index]._withUnsafeGuaranteedRef({ $0.value(for: first) }) == nil {
            index -= 1
        }
        return index
    }
}
