/// The edit mode of a table; the raw values are the JSON `editModes` values and the form values of the web layer.
public enum EditMode: String, Sendable, Hashable, CaseIterable {
    /// Not editing: rows are selectable, no edit controls.
    case off
    /// Delete and reorder.
    case all
    /// Delete only.
    case delete
    /// Reorder only.
    case sort

    /// Whether rows get Delete controls in this mode.
    public var allowsDeletion: Bool {
        self == .all || self == .delete
    }

    /// Whether rows get move controls in this mode.
    public var allowsMoving: Bool {
        self == .all || self == .sort
    }

    /// Whether this is an edit mode at all; rows are not selectable while editing.
    public var isEditing: Bool {
        self != .off
    }
}
