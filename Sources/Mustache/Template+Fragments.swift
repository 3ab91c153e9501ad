import Synchronization

// Constant contexts (`MustacheValue.constant`): a section body rendered for one is recorded once, per template and
// section, and replayed afterwards. What the body wrote is the same every time except where it read a name from
// outside the context (a page's `csrf` inside a row): a variable found there is a hole, looked up again and
// spliced in on every replay; a section or partial name found there is a condition, and a replay whose outer
// value differs renders the body as usual. The recording is the ordinary run of the body; a replay writes what
// that run wrote, so every rule of the spec holds in both.
//
// A body is not recorded, and renders as usual every time, where its bytes would depend on more than that:
// inside a standalone partial's indentation, where a block could be overridden from outside, where an outer name
// is a list or a context, or where an outer variable wrote nothing (nothing would say where the hole is).

/// A body being recorded.
struct FragmentRecording {
    /// The constant context's index in the renderer's contexts: a name found below it (or nowhere) is outer.
    let floor: Int
    /// Where the body's bytes start in the output.
    let start: Int
    /// A block in the body could take an argument from outside it.
    let inheritsBlocks: Bool
    let startsAtLineStart: Bool
    var holes: [(range: Range<Int>, name: Range<Int>, escaped: Bool)] = []
    var conditions: [Fragment.Condition] = []
    var keys: [MustacheKey] = []
    var isCacheable = true
}

extension Renderer {
    /// Runs `range` for the constant context just pushed: replays its recording, or records it. `fragments` is the
    /// context's store, by address (the context is held while it is pushed).
    mutating func render(_ program: Program, _ range: Range<Int>, from fragments: Unmanaged<RenderedFragments>)
        throws(MustacheError)
    {
        // Not inside another recording (its holes would be looked up below this context), nor in indentation.
        guard !isRecording, indentation.isEmpty else { return try run(program, range) }
        switch fragments._withUnsafeGuaranteedRef({ $0.entry(for: program, at: range.lowerBound) }) {
        case .fragment(let fragment):
            // The store holds the fragment, and the pushed context holds the store.
            if !fragment._withUnsafeGuaranteedRef({ replay($0) }) {
                try run(program, range)
            }
        case .uncacheable:
            try run(program, range)
        case .none:
            try record(program, range, into: fragments.takeUnretainedValue())
        }
    }

    private mutating func record(_ program: Program, _ range: Range<Int>, into fragments: RenderedFragments)
        throws(MustacheError)
    {
        let outerDeepest = deepest
        deepest = depth
        recording = FragmentRecording(floor: contexts.count - 1, start: output.count, inheritsBlocks: visibleFrame >= 0,
                                      startsAtLineStart: atLineStart)
        isRecording = true
        defer {
            deepest = max(outerDeepest, deepest)
            isRecording = false
        }
        do {
            try run(program, range)
        } catch {
            recording = nil
            throw error
        }
        guard let recording = recording.take() else { return }
        fragments.store(entry(for: recording, depth: deepest - depth), for: program, at: range.lowerBound)
    }

    private func entry(for recording: FragmentRecording, depth: Int) -> RenderedFragments.Entry {
        guard recording.isCacheable else { return .uncacheable }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(output.count - recording.start)
        var holes: [Fragment.Hole] = []
        var offset = recording.start
        for hole in recording.holes {
            bytes.append(contentsOf: output.bytes(offset..<hole.range.lowerBound))
            holes.append(Fragment.Hole(offset: bytes.count, name: hole.name, escaped: hole.escaped))
            offset = hole.range.upperBound
        }
        bytes.append(contentsOf: output.bytes(offset..<output.count))
        let size = Fragment.size(bytes: bytes.count, names: holes.count + recording.conditions.count)
        guard RenderedFragments.bytesLeft.wrappingSubtract(size, ordering: .relaxed).newValue >= 0 else {
            RenderedFragments.bytesLeft.wrappingAdd(size, ordering: .relaxed)
            return .uncacheable
        }
        return .fragment(
            Fragment(bytes: bytes, holes: holes, conditions: recording.conditions, keys: recording.keys, depth: depth,
                     startsAtLineStart: recording.startsAtLineStart, endsAtLineStart: atLineStart)
        )
    }

    /// Writes `fragment` with its holes filled in; `false`, having written nothing, when a run could write
    /// something else.
    private mutating func replay(_ fragment: Fragment) -> Bool {
        guard depth + fragment.depth <= Self.depthLimit else { return false }
        // Whether output starts a line reaches into the body (a block's indentation can read it before any text
        // sets it) and may pass through it untouched.
        guard atLineStart == fragment.startsAtLineStart else { return false }
        let floor = contexts.count - 1
        let matches = fragment.conditions.withUnsafeBufferPointer { conditions in
            conditions.allSatisfy { $0.expected.matches(outerValue(fragment.keys, $0.name, below: floor)) }
        }
        guard matches else { return false }
        let start = output.count
        var filled = true
        fragment.bytes.withUnsafeBufferPointer { bytes in
            fragment.holes.withUnsafeBufferPointer { holes in
                var offset = 0
                for hole in holes {
                    output.append(UnsafeBufferPointer(rebasing: bytes[offset..<hole.offset]))
                    let holeStart = output.count
                    if let value = outerValue(fragment.keys, hole.name, below: floor) {
                        append(value, escaped: hole.escaped)
                    }
                    // An empty value would leave `atLineStart` as it was, where the recording's set it.
                    guard output.count > holeStart else {
                        filled = false
                        return
                    }
                    offset = hole.offset
                }
                output.append(UnsafeBufferPointer(rebasing: bytes[offset...]))
            }
        }
        guard filled else {
            output.truncate(to: start)
            return false
        }
        atLineStart = fragment.endsAtLineStart
        return true
    }

    /// A variable was interpolated while recording, writing `range` of the output.
    mutating func noteVariable(_ name: Name, in program: Program, escaped: Bool, wrote range: Range<Int>) {
        guard let floor = recording?.floor, contextIndex(of: name, in: program) < floor else { return }
        guard indentation.isEmpty, !range.isEmpty else {
            recording?.isCacheable = false
            return
        }
        let name = keep(name, in: program)
        recording?.holes.append((range, name, escaped))
    }

    /// A section's or a dynamic partial's name was looked up while recording.
    mutating func noteCondition(_ name: Name, in program: Program, _ value: MustacheValue?) {
        guard let floor = recording?.floor, contextIndex(of: name, in: program) < floor else { return }
        guard let expected = ExpectedValue(value) else {
            recording?.isCacheable = false
            return
        }
        let condition = Fragment.Condition(name: keep(name, in: program), expected: expected)
        recording?.conditions.append(condition)
    }

    /// A block is rendered while recording: an argument from outside the body could override it.
    mutating func noteBlock() {
        if recording?.inheritsBlocks == true {
            recording?.isCacheable = false
        }
    }

    /// Copies `name`'s keys into the recording and returns where they are.
    private mutating func keep(_ name: Name, in program: Program) -> Range<Int> {
        let start = recording?.keys.count ?? 0
        recording?.keys.append(contentsOf: program.keys[name.start..<name.start + name.count])
        return start..<start + name.count
    }

    /// The value of `keys[name]` in the contexts below `floor`. A one-key name is looked up once while those
    /// contexts stay on the stack, so that the rows of a page find its `csrf` once, not once each.
    private mutating func outerValue(_ keys: [MustacheKey], _ name: Range<Int>, below floor: Int) -> MustacheValue? {
        keys.withUnsafeBufferPointer { keys in
            let name = UnsafeBufferPointer(rebasing: keys[name])
            guard name.count == 1 else { return resolve(name, below: floor) }
            if outerValues.floor != floor {
                outerValues.floor = floor
                outerValues.entries.removeAll(keepingCapacity: true)
            }
            let key = name[0]
            if let kept = outerValues.entries.first(where: { $0.key == key }) {
                return kept.value
            }
            let value = resolve(name, below: floor)
            outerValues.entries.append(OuterValues.Entry(key: key, value: value))
            return value
        }
    }
}

/// The values of one-key outer names that replays have looked up, valid while the contexts below `floor` stay.
struct OuterValues {
    /// -1 when nothing is kept; the renderer sets it so when it pushes a context below `floor`.
    var floor = -1
    var entries: [Entry] = []

    /// A struct rather than a tuple: emptying an array of tuples destroys each through the runtime's generic
    /// tuple witness, which costs far more than a struct's inlined destruction.
    struct Entry {
        var key: MustacheKey
        var value: MustacheValue?
    }
}
