/// What a name in a template resolves to. Make one with the static functions, which read like enum cases:
/// `.string(title)`, `.bool(isSelected)`, `.context(row)`, `.list(rows)`.
///
/// Falsey values (`null`, `false`, an empty list) skip `{{#sections}}` and show `{{^inverted}}` ones; everything
/// else, including `""` and `0`, is truthy, as in the spec's reference implementation.
public struct MustacheValue {
    /// Every case is a plain value or one reference, so copying a value costs at most one reference count; an
    /// `any MustacheContext` payload would make each copy go through the context type's value witnesses.
    @usableFromInline
    enum Storage {
        case null
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)
        case text(MustacheText)
        case borrowedText(BorrowedText)
        case context(ContextBox)
        /// A context by address, held by someone else (``borrowed``).
        case borrowedContext(Unmanaged<ContextBox>)
        case list([MustacheValue])
    }

    @usableFromInline
    let storage: Storage

    @usableFromInline
    init(storage: Storage) {
        self.storage = storage
    }

    /// Present but empty: renders nothing, falsey, and stops the lookup from reaching outer contexts.
    public static var null: MustacheValue { MustacheValue(storage: .null) }

    /// Renders `true` or `false`.
    public static func bool(_ value: Bool) -> MustacheValue {
        MustacheValue(storage: .bool(value))
    }

    /// Renders in decimal.
    public static func int(_ value: Int) -> MustacheValue {
        MustacheValue(storage: .int(value))
    }

    /// Renders as Swift's `description` (`1.21`).
    public static func double(_ value: Double) -> MustacheValue {
        MustacheValue(storage: .double(value))
    }

    /// Text escaped per UTF-8 byte as it renders (unless in `{{{triple}}}` or `{{&ampersand}}` tags).
    public static func string(_ value: String) -> MustacheValue {
        MustacheValue(storage: .string(value))
    }

    /// A string, or `.null` when there is none.
    public static func string(_ value: String?) -> MustacheValue {
        value.map { .string($0) } ?? .null
    }

    /// Text whose escaped bytes were computed in advance; the fastest way to render text often.
    public static func text(_ value: MustacheText) -> MustacheValue {
        MustacheValue(storage: .text(value))
    }

    /// A text by address, without holding it: rendering it counts no reference. The text must outlive every use
    /// of the value — return a view model's own prepared texts this way, never a text made in the lookup.
    public static func borrowing(_ text: MustacheText) -> MustacheValue {
        MustacheValue(storage: .borrowedText(text.unownedBytes))
    }

    /// A nested context: sections push it, dotted names look into it. It is boxed once here; keep values
    /// rendered on every request (list elements) rather than making them per lookup.
    @inlinable
    public static func context(_ context: some MustacheContext) -> MustacheValue {
        MustacheValue(storage: .context(TypedContextBox(context)))
    }

    /// A context that never changes, rendered on many pages: a section pushing it renders its body once per
    /// template and afterwards copies those bytes, with the values the body read from outer contexts (a page's
    /// `csrf` inside a row) looked up again and spliced in (`Template+Fragments.swift`). Its lookups must answer
    /// the same on every call. Make one once and keep it, like a list element that every request renders; a value
    /// made per render only pays for the recording.
    @inlinable
    public static func constant(_ context: some MustacheContext & Sendable) -> MustacheValue {
        MustacheValue(storage: .context(TypedContextBox(context, fragments: RenderedFragments())))
    }

    /// This value without holding its context, when it is one: copying it, rendering it and dropping it then count
    /// no reference. The context must outlive every use of the value — return a view model's own prepared values this
    /// way, as list elements of a page, never a context made for the page. Other values are returned as they are.
    public var borrowed: MustacheValue {
        guard case .context(let box) = storage else { return self }
        return MustacheValue(storage: .borrowedContext(.passUnretained(box)))
    }

    /// A list: sections render once per element, pushing the element.
    public static func list(_ values: [MustacheValue]) -> MustacheValue {
        MustacheValue(storage: .list(values))
    }

    /// A list of view models.
    @inlinable
    public static func list(_ contexts: some Sequence<some MustacheContext>) -> MustacheValue {
        .list(contexts.map { .context($0) })
    }

    /// Whether a section renders for this value.
    var isTruthy: Bool {
        switch storage {
        case .null, .bool(false): false
        case .list(let elements): !elements.isEmpty
        default: true
        }
    }

    /// The value of `key` inside this value, when it is a context.
    func value(for key: MustacheKey) -> MustacheValue? {
        switch storage {
        case .context(let box): box.value(for: key)
        case .borrowedContext(let box): box._withUnsafeGuaranteedRef { $0.value(for: key) }
        default: nil
        }
    }
}

/// A context held by reference, so that values holding it copy cheaply and lookups ask it in place.
@usableFromInline
class ContextBox {
    /// What sections rendered for a constant context; `nil` for any other.
    @usableFromInline
    let fragments: RenderedFragments?

    /// Made only as a `TypedContextBox`.
    @usableFromInline
    init(fragments: RenderedFragments?) {
        self.fragments = fragments
    }

    @usableFromInline
    func value(for key: MustacheKey) -> MustacheValue? {
        nil
    }
}

/// The box for one context type: holding the context as its own type saves unboxing an existential per lookup.
@usableFromInline
final class TypedContextBox<Context: MustacheContext>: ContextBox {
    @usableFromInline
    let context: Context

    @usableFromInline
    init(_ context: Context, fragments: RenderedFragments? = nil) {
        self.context = context
        super.init(fragments: fragments)
    }

    @inlinable
    override func value(for key: MustacheKey) -> MustacheValue? {
        context.mustacheValue(for: key)
    }
}

extension MustacheValue: ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(value)
    }
}

extension MustacheValue: ExpressibleByIntegerLiteral {
    public init(integerLiteral value: Int) {
        self = .int(value)
    }
}

extension MustacheValue: ExpressibleByFloatLiteral {
    public init(floatLiteral value: Double) {
        self = .double(value)
    }
}

extension MustacheValue: ExpressibleByBooleanLiteral {
    public init(booleanLiteral value: Bool) {
        self = .bool(value)
    }
}

extension MustacheValue: ExpressibleByArrayLiteral {
    public init(arrayLiteral elements: MustacheValue...) {
        self = .list(elements)
    }
}

extension MustacheValue: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .context(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
