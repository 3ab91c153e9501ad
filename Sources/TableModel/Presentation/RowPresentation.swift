/// One shown row and the controls it gets in the current edit mode.
///
/// It holds what decides its controls — a few flags besides the row — and makes a control when asked for it, its
/// action only when that is asked for too: a page reads whether each control is enabled and where it goes, and
/// the actions are for the rules and their tests. So a page copies and tears down one reference per row, and the
/// controls are inlinable: a page that reads a control's flags builds no control at all.
public struct RowPresentation: Sendable, Equatable {
    /// The row's definition (id, title, detail, whether it is deletable and movable).
    public let row: RowDefinition
    /// Its index among the rows now in its section.
    public let index: Int
    /// Whether it shows a checkmark.
    public let isSelected: Bool
    /// Every index the row may move to (its run between locked rows, its own index included), in the modes that
    /// reorder; `nil` for a locked row or in the other modes. For controls such as "to top".
    public let moveRange: ClosedRange<Int>?
    /// `nil` in a `none` section.
    @usableFromInline let selectionRole: SelectionRole?
    /// The selection a tap requests (``SelectionControl/requestsSelected``).
    @usableFromInline let requestsSelected: Bool
    /// Whether an edit mode is active (rows are not selectable then).
    @usableFromInline let isEditing: Bool
    /// Whether the mode deletes rows, and whether it moves them.
    @usableFromInline let showsDeleteControl: Bool
    @usableFromInline let showsMoveControls: Bool

    @usableFromInline
    init(row: RowDefinition, index: Int, isSelected: Bool, moveRange: ClosedRange<Int>?, selectionRole: SelectionRole?,
         requestsSelected: Bool, isEditing: Bool, showsDeleteControl: Bool, showsMoveControls: Bool)
    {
        self.row = row
        self.index = index
        self.isSelected = isSelected
        self.moveRange = moveRange
        self.selectionRole = selectionRole
        self.requestsSelected = requestsSelected
        self.isEditing = isEditing
        self.showsDeleteControl = showsDeleteControl
        self.showsMoveControls = showsMoveControls
    }

    /// The row as a selection control, or `nil` in a `none` section (a plain cell).
    @inlinable
    public var selectionControl: SelectionControl? {
        selectionRole.map { role in
            SelectionControl(role: role, isChecked: isSelected, requestsSelected: requestsSelected,
                             isEnabled: !isEditing, rowID: row.id)
        }
    }

    /// The Delete control, in the All and Delete only modes; disabled for a row that is not deletable, so the
    /// rows stay aligned.
    @inlinable
    public var deleteControl: DeleteControl? {
        showsDeleteControl ? DeleteControl(isEnabled: row.isDeletable, rowID: row.id) : nil
    }

    /// "Move up", in the All and Reorder only modes; disabled when the move is not allowed.
    @inlinable
    public var moveUp: MoveControl? {
        moveControl(to: index - 1)
    }

    /// "Move down", in the All and Reorder only modes; disabled when the move is not allowed.
    @inlinable
    public var moveDown: MoveControl? {
        moveControl(to: index + 1)
    }

    /// "Move to top": to the first index of the row's run between locked rows; disabled when it is there.
    @inlinable
    public var moveToTop: MoveControl? {
        moveControl(to: moveRange?.lowerBound ?? index)
    }

    /// "Move to bottom": to the last index of the row's run between locked rows; disabled when it is there.
    @inlinable
    public var moveToBottom: MoveControl? {
        moveControl(to: moveRange?.upperBound ?? index)
    }

    /// A move to `target`, in the modes that move rows: disabled when it would leave the row's run or change
    /// nothing.
    @inlinable
    func moveControl(to target: Int) -> MoveControl? {
        guard showsMoveControls else { return nil }
        let isAllowed = moveRange?.contains(target) == true && target != index
        return MoveControl(targetIndex: isAllowed ? target : nil, rowID: row.id, fromIndex: index)
    }
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
    @usableFromInline let rowID: String

    @usableFromInline
    init(role: SelectionRole, isChecked: Bool, requestsSelected: Bool, isEnabled: Bool, rowID: String) {
        self.role = role
        self.isChecked = isChecked
        self.requestsSelected = requestsSelected
        self.isEnabled = isEnabled
        self.rowID = rowID
    }

    /// The action a tap requests.
    public var action: TableAction {
        requestsSelected ? .select(row: rowID) : .deselect(row: rowID)
    }

    /// What the control shows, without the row it acts on.
    @inlinable
    public var look: Look {
        Look(role: role, isChecked: isChecked, requestsSelected: requestsSelected, isEnabled: isEnabled)
    }

    /// What a selection control shows: everything but its row.
    public struct Look: Sendable, Hashable {
        public let role: SelectionRole
        public let isChecked: Bool
        public let requestsSelected: Bool
        public let isEnabled: Bool

        @inlinable
        init(role: SelectionRole, isChecked: Bool, requestsSelected: Bool, isEnabled: Bool) {
            self.role = role
            self.isChecked = isChecked
            self.requestsSelected = requestsSelected
            self.isEnabled = isEnabled
        }
    }
}

/// A row's Delete control.
public struct DeleteControl: Sendable, Hashable {
    /// `false` for a row that is not deletable.
    public let isEnabled: Bool
    @usableFromInline let rowID: String

    @usableFromInline
    init(isEnabled: Bool, rowID: String) {
        self.isEnabled = isEnabled
        self.rowID = rowID
    }

    /// The action a tap requests.
    public var action: TableAction {
        .delete(row: rowID)
    }
}

/// A move control (up, down, to top, to bottom). Its action names the row's current index as well as the target,
/// so a form from a page the order has changed since is refused instead of moving the row elsewhere.
public struct MoveControl: Sendable, Hashable {
    /// The index the row moves to, or `nil` when this move is not allowed (the control is disabled).
    public let targetIndex: Int?
    @usableFromInline let rowID: String
    /// The row's index now.
    @usableFromInline let fromIndex: Int

    @usableFromInline
    init(targetIndex: Int?, rowID: String, fromIndex: Int) {
        self.targetIndex = targetIndex
        self.rowID = rowID
        self.fromIndex = fromIndex
    }

    /// The action a tap requests, when enabled.
    public var action: TableAction? {
        targetIndex.map { .move(row: rowID, toIndex: $0, fromIndex: fromIndex) }
    }

    /// Whether the control can be used.
    @inlinable
    public var isEnabled: Bool {
        targetIndex != nil
    }
}
