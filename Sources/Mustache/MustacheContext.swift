/// A value that templates can look names up in: a view model.
///
/// Conform a struct by answering for the keys it has and returning `nil` for the others, so that the lookup
/// goes on down the context stack as the Mustache spec requires. Compare against `MustacheKey` constants:
///
/// ```swift
/// struct RowView: MustacheContext {
///     enum Keys {
///         static let title = MustacheKey("title")
///         static let selected = MustacheKey("selected")
///     }
///     var title: MustacheText
///     var selected: Bool
///
///     func mustacheValue(for key: MustacheKey) -> MustacheValue? {
///         switch key {
///         case Keys.title: .text(title)
///         case Keys.selected: .bool(selected)
///         default: nil
///         }
///     }
/// }
/// ```
///
/// Return `.null` rather than `nil` for a key the view model has but that is empty now, or an outer context's
/// value of the same name shows through.
public protocol MustacheContext {
    /// The value for `key`, or `nil` when this context has no such key.
    func mustacheValue(for key: MustacheKey) -> MustacheValue?
}

/// A dictionary is a context keyed by name: convenient for data decoded at run time (the spec's JSON),
/// slower than a view model because every lookup fetches the key's name from the interned names (under a lock)
/// and hashes it.
extension Dictionary: MustacheContext where Key == String, Value == MustacheValue {
    public func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        self[key.name]
    }
}
