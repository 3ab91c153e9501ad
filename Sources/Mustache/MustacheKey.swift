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
