/// One shown row and the controls it gets in the current edit mode.
public struct RowPresentation: Sendable, Equatable {
    /// The row's definition (id, title, detail, whether it is deletable and movable).
    public let row: RowDefinition
    /// Its index among the rows now in its section.
    public let index: Int
    /// Whether it shows a checkmark.
    public let isSelected: Bool
    /// The row as a selection control, or `nil` in a `none` section (a plain cell).
    public let selectionControl: SelectionControl?
    /// The Delete control, in the All and Delete only modes; disabled for a row that is not deletable, so the
    /// rows stay aligned.
    public let deleteControl: DeleteControl?
    /// "Move up", in the All and Reorder only modes; disabled when the move is not allowed.
    public let moveUp: MoveControl?
    /// "Move down", in the All and Reorder only modes; disabled when the move is not allowed.
    public let moveDown: MoveControl?
    /// "Move to top": to the first index of the row's run between locked rows; disabled when it is there.
    public let moveToTop: MoveControl?
    /// "Move to bottom": to the last index of the row's run between locked rows; disabled when it is there.
    public let moveToBottom: MoveControl?
    /// Every index the row may move to (its run between locked rows, its own index included), in the modes that
    /// reorder; `nil` for a locked row or in the other modes. For controls such as "to top".
    public let moveRange: ClosedRange<Int>?
}

/// How a selectable row is announced: a checkbox in a multiple section, a radio button in a single one.
public enum SelectionRole: String, Sendable, Hashable {
    /// A row of a multiple section.
    case checkbox
    /// A row of a single section (inside a radiogroup labelled by the section title).
    case radio
}

/// A selectable row's control.
public struct SelectionControl: Sendable, Hashable {
    /// `checkbox` or `radio`.
    public let role: SelectionRole
    /// Whether it is checked (`aria-checked`).
    public let isChecked: Bool
    /// The selection a tap requests: in a single section that needs a selection, the selected row requests
    /// `true` again (it stays selected); otherwise the opposite of `isChecked`.
    public let requestsSelected: Bool
    /// `false` while an edit mode is active (rows are not selectable then; the checkmark stays).
    public let isEnabled: Bool
    /// The action a tap requests.
    public let action: TableAction
}

/// A row's Delete control.
public struct DeleteControl: Sendable, Hashable {
    /// `false` for a row that is not deletable.
    public let isEnabled: Bool
    /// The action a tap requests.
    public let action: TableAction
}

/// A move control (up, down, to top, to bottom). Its action names the row's current index as well as the target,
/// so a form from a page the order has changed since is refused instead of moving the row elsewhere.
public struct MoveControl: Sendable, Hashable {
    /// The index the row moves to, or `nil` when this move is not allowed (the control is disabled).
    public let targetIndex: Int?
    /// The action a tap requests, when enabled.
    public let action: TableAction?

    /// Whether the control can be used.
    public var isEnabled: Bool {
        targetIndex != nil
    }
}
