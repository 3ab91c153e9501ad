import Synchronization

/// What sections rendered for one constant context, by template and section.
@usableFromInline
final class RenderedFragments: Sendable {
    /// Bytes the process may still keep in fragments; past it, constant contexts render as any other.
    static let bytesLeft = Atomic<Int>(32 << 20)

    enum Entry: Sendable {
        case fragment(Fragment)
        /// The body depends on more than the context and its holes; it renders as usual.
        case uncacheable
    }

    /// One section's recording. A struct, not a tuple: a tuple's elements were copied out to be compared, counting
    /// a reference to the program and the fragment for each entry searched.
    private struct Slot: Sendable {
        /// The slot holds its program, so that an identity here is never a freed program's.
        let program: Program
        let start: Int
        let entry: Entry

        func isFor(_ program: Program, at start: Int) -> Bool {
            self.program === program && self.start == start
        }
    }

    /// The slots as one immutable list: a store publishes a longer copy, so that a lookup reads without a lock.
    private final class Slots: Sendable {
        let slots: [Slot]

        init(_ slots: [Slot]) {
            self.slots = slots
        }
    }

    /// The latest list, read with one acquiring load per lookup: a lookup runs once per row, so it takes no lock
    /// and counts no reference on the fragment it finds.
    private let latest = Atomic<Unmanaged<Slots>?>(nil)
    /// Every list published, held until the store goes: a lookup uses the list it loaded without counting a
    /// reference, so no list may be freed while a render could be reading it. A constant has a few slots (the
    /// sections that push it, in each language's templates), so the copies are few and small.
    private let published = Mutex<[Slots]>([])

    @usableFromInline
    init() {}

    /// What the body at `program.ops[start]` rendered, when it was recorded: `.fragment` holds it by address, valid
    /// for as long as this store (the constant's box, which the renderer holds while it has it pushed).
    func entry(for program: Program, at start: Int) -> Found {
        guard let latest = latest.load(ordering: .acquiring) else { return .none }
        return latest._withUnsafeGuaranteedRef { list in
            for index in list.slots.indices where list.slots[index].isFor(program, at: start) {
                return switch list.slots[index].entry {
                case .fragment(let fragment): .fragment(.passUnretained(fragment))
                case .uncacheable: .uncacheable
                }
            }
            return .none
        }
    }

    /// A lookup's answer; `.fragment`'s is valid while the store lives.
    enum Found {
        case fragment(Unmanaged<Fragment>)
        case uncacheable
        case none
    }

    func store(_ entry: Entry, for program: Program, at start: Int) {
        published.withLock { published in
            let current = published.last?.slots ?? []
            guard !current.contains(where: { $0.isFor(program, at: start) }) else { return }
            let list = Slots(current + [Slot(program: program, start: start, entry: entry)])
            // Held in `published` before it is published, released with the store (deinit).
            published.append(list)
            latest.store(.passUnretained(list), ordering: .releasing)
        }
    }
}

/// A recorded section body: its bytes with the holes left out, where they go, and what the recording assumed.
final class Fragment: Sendable {
    struct Hole: Sendable {
        /// Where the hole's value goes in `bytes`.
        var offset: Int
        /// The name, in `keys`.
        var name: Range<Int>
        var escaped: Bool
    }

    /// An outer name that decided a section or a partial, and its value then.
    struct Condition: Sendable {
        /// The name, in `keys`.
        var name: Range<Int>
        var expected: ExpectedValue
    }

    let bytes: [UInt8]
    /// In the order of `offset`.
    let holes: [Hole]
    let conditions: [Condition]
    /// The keys of the holes' and conditions' names (plain values in one array, so that a replay counts no
    /// reference per name).
    let keys: [MustacheKey]
    /// How deeper than its section the body nests, so that a replay refuses as deep a nesting as a run would.
    let depth: Int
    /// The renderer's `atLineStart` before and after the body, as recorded.
    let startsAtLineStart: Bool
    let endsAtLineStart: Bool
    /// What it takes of `RenderedFragments.bytesLeft`, given back when it goes (with its context).
    let size: Int

    init(bytes: [UInt8], holes: [Hole], conditions: [Condition], keys: [MustacheKey], depth: Int,
         startsAtLineStart: Bool, endsAtLineStart: Bool)
    {
        self.bytes = bytes
        self.holes = holes
        self.conditions = conditions
        self.keys = keys
        self.depth = depth
        self.startsAtLineStart = startsAtLineStart
        self.endsAtLineStart = endsAtLineStart
        size = Self.size(bytes: bytes.count, names: holes.count + conditions.count)
    }

    deinit {
        RenderedFragments.bytesLeft.wrappingAdd(size, ordering: .relaxed)
    }

    /// Roughly what a fragment costs in memory.
    static func size(bytes: Int, names: Int) -> Int {
        bytes + 64 * (names + 1)
    }
}

/// An outer value a recording depended on, in a form that compares by what it renders.
enum ExpectedValue: Sendable {
    case absent
    case null
    case bool(Bool)
    case int(Int)
    /// By bit pattern: `0.0` and `-0.0` render differently.
    case double(UInt64)
    /// Any text; `escapesAsString` says whether `escaped` is `raw` escaped, as a plain string's would be.
    case text(raw: [UInt8], escaped: [UInt8], escapesAsString: Bool)

    /// `nil` for lists and contexts, whose contents a recording cannot vouch for.
    init?(_ value: MustacheValue?) {
        guard let value else {
            self = .absent
            return
        }
        switch value.storage {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .int(let int): self = .int(int)
        case .double(let double): self = .double(double.bitPattern)
        case .string(let string):
            self = .text(raw: Array(string.utf8), escaped: HTMLEscape.escaped(string), escapesAsString: true)
        case .text(let text):
            self = .init(raw: Array(text.raw), escaped: Array(text.escaped))
        case .borrowedText(let text):
            self = .init(raw: Array(text.bytes(escaped: false)), escaped: Array(text.bytes(escaped: true)))
        case .context, .borrowedContext, .list:
            return nil
        }
    }

    private init(raw: [UInt8], escaped: [UInt8]) {
        var escapedAsString: [UInt8] = []
        HTMLEscape.append(raw, to: &escapedAsString)
        self = .text(raw: raw, escaped: escaped, escapesAsString: escapedAsString == escaped)
    }

    func matches(_ value: MustacheValue?) -> Bool {
        switch (self, value?.storage) {
        case (.absent, nil), (.null, .null?): true
        case (.bool(let expected), .bool(let bool)?): expected == bool
        case (.int(let expected), .int(let int)?): expected == int
        case (.double(let expected), .double(let double)?): expected == double.bitPattern
        case (.text(let raw, _, let escapesAsString), .string(let string)?):
            escapesAsString && string.utf8.elementsEqual(raw)
        case (.text(let raw, let escaped, _), .text(let text)?):
            text.raw.elementsEqual(raw) && text.escaped.elementsEqual(escaped)
        case (.text(let raw, let escaped, _), .borrowedText(let text)?):
            text.bytes(escaped: false).elementsEqual(raw) && text.bytes(escaped: true).elementsEqual(escaped)
        default: false
        }
    }
}
