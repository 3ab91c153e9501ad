/// How a section's rows are selected; the raw values are the JSON values of `selection`.
public enum SelectionKind: String, Sendable, Hashable, CaseIterable {
    /// Plain cells, not controls.
    case none
    /// Radio-like: at most one selected row.
    case single
    /// Checkbox-like: each row flips, up to `maxSelected`.
    case multiple
}
