import Synchronization

/// One key of a name used in templates (`title` in `{{title}}`, `row` and `title` in `{{row.title}}`).
///
/// Keys are interned: each distinct name gets a small number once, when a template loads or a view model's key
/// constant is first used, so comparing two keys compares two integers and copying one counts no reference.
/// Keep keys in `static let` constants rather than making them per lookup:
///
/// ```swift
/// enum Keys {
///     static let title = MustacheKey("title")
/// }
/// ```
public struct MustacheKey: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline
    let id: Int

    /// The key for `name`.
    public init(_ name: String) {
        id = KeyTable.shared.withLock { $0.id(for: name) }
    }

    /// The key as written in the template.
    public var name: String {
        KeyTable.shared.withLock { $0.names[id] }
    }

    public var description: String { name }
}

/// Every name interned so far. Names are few (those in templates and view models) and live as long as the
/// process, like the templates.
struct KeyTable: ~Copyable {
    static let shared = Mutex(KeyTable())

    private(set) var names: [String] = []
    private var ids: [String: Int] = [:]

    mutating func id(for name: String) -> Int {
        if let id = ids[name] {
            return id
        }
        names.append(name)
        ids[name] = names.count - 1
        return names.count - 1
    }
}

/// The keys a view model answers, each mapped to a case of the view model's own enum, for lookups that cost one
/// array read: a `switch` over keys compares them one at a time, and a key the model does not have (a name the
/// template finds in an outer context, such as a page's `csrf` inside every row) compares them all.
///
/// ```swift
/// enum Field: CaseIterable { case title, detail }
/// static let fields = KeyMap<Field>(["title": .title, "detail": .detail])
/// switch Self.fields[key] { case .title?: …; case .detail?: …; case nil: nil }
/// ```
public struct KeyMap<Slot: Sendable>: Sendable {
    @usableFromInline
    let slots: [Slot?]

    /// A map from each key to its slot.
    public init(_ pairs: [(MustacheKey, Slot)]) {
        var slots = [Slot?](repeating: nil, count: (pairs.map(\.0.id).max() ?? -1) + 1)
        for (key, slot) in pairs {
            precondition(slots[key.id] == nil, "KeyMap: \(key) mapped twice")
            slots[key.id] = slot
        }
        self.slots = slots
    }

    /// The slot of `key`, or nil when the view model has no such key.
    @inlinable
    public subscript(key: MustacheKey) -> Slot? {
        key.id < slots.count ? slots[key.id] : nil
    }
}
