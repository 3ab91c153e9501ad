/// One key of a name used in templates (`title` in `{{title}}`, `row` and `title` in `{{row.title}}`).
///
/// A key hashes its name once, when it is made: templates make their keys when they load, view models keep theirs
/// in `static let` constants, so a lookup compares two integers and only confirms a match by comparing names.
///
/// ```swift
/// enum Keys {
///     static let title = MustacheKey("title")
/// }
/// ```
public struct MustacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The key as written in the template.
    public let name: String
    /// FNV-1a hash of the name's UTF-8 bytes; equal names give equal hashes.
    let hash: UInt64

    /// Makes a key for a name; keep it in a constant rather than making it per lookup.
    public init(_ name: String) {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in name.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        self.name = name
        self.hash = hash
    }

    public static func == (lhs: MustacheKey, rhs: MustacheKey) -> Bool {
        // Different hashes settle almost every comparison; equal hashes are confirmed by the names.
        lhs.hash == rhs.hash && lhs.name == rhs.name
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    public var description: String { name }
}
