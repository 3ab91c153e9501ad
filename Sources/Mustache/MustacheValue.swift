/// What a name in a template resolves to.
///
/// Falsey values (`null`, `false`, an empty list) skip `{{#sections}}` and show `{{^inverted}}` ones; everything
/// else, including `""` and `0`, is truthy, as in the spec's reference implementation.
public enum MustacheValue {
    /// Present but empty: renders nothing, falsey, and stops the lookup from reaching outer contexts.
    case null
    /// Renders `true` or `false`.
    case bool(Bool)
    /// Renders in decimal.
    case int(Int)
    /// Renders as Swift's `description` (`1.21`).
    case double(Double)
    /// Text escaped per UTF-8 byte as it renders (unless in `{{{triple}}}` or `{{&ampersand}}` tags).
    case string(String)
    /// Text whose escaped bytes were computed in advance; the fastest way to render text often.
    case text(MustacheText)
    /// A nested context: sections push it, dotted names look into it.
    case context(any MustacheContext)
    /// A list: sections render once per element, pushing the element.
    case list([MustacheValue])

    /// Whether a section renders for this value.
    var isTruthy: Bool {
        switch self {
        case .null, .bool(false): false
        case .list(let elements): !elements.isEmpty
        default: true
        }
    }

    /// The value of `key` inside this value, when it is a context.
    func value(for key: MustacheKey) -> MustacheValue? {
        if case .context(let context) = self {
            return context.mustacheValue(for: key)
        }
        return nil
    }
}

extension MustacheValue {
    /// A list of view models.
    public static func list(_ contexts: some Sequence<some MustacheContext>) -> MustacheValue {
        .list(contexts.map { .context($0) })
    }

    /// A string, or `.null` when there is none.
    public static func string(_ string: String?) -> MustacheValue {
        string.map { .string($0) } ?? .null
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
