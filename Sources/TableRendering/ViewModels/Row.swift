import Mustache
import TableModel

/// One row of a section (docs/HTML.md, `Row`), from the model's `RowPresentation`.
struct Row: MustacheContext, Sendable {
    /// The row's flags, packed so that copying a row copies one word besides its texts.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16

        init(rawValue: UInt16) {
            self.rawValue = rawValue
        }

        static let selectable = Flags(rawValue: 1 << 0)
        static let radio = Flags(rawValue: 1 << 1)
        static let checked = Flags(rawValue: 1 << 2)
        static let requestsSelected = Flags(rawValue: 1 << 3)
        static let selectionDisabled = Flags(rawValue: 1 << 4)
        static let deleteControl = Flags(rawValue: 1 << 5)
        static let deleteSpacer = Flags(rawValue: 1 << 6)
        static let moveControls = Flags(rawValue: 1 << 7)
        static let moveSpacer = Flags(rawValue: 1 << 8)
        static let upDisabled = Flags(rawValue: 1 << 9)
        static let downDisabled = Flags(rawValue: 1 << 10)
        static let topDisabled = Flags(rawValue: 1 << 11)
        static let bottomDisabled = Flags(rawValue: 1 << 12)
        static let pickerLink = Flags(rawValue: 1 << 13)

        /// The flags of a selection control that looks so; none without one.
        init(selection: SelectionControl.Look?) {
            self = []
            guard let selection else { return }
            insert(.selectable)
            if selection.role == .radio { insert(.radio) }
            if selection.isChecked { insert(.checked) }
            if selection.requestsSelected { insert(.requestsSelected) }
            if !selection.isEnabled { insert(.selectionDisabled) }
        }
    }

    /// The indices the move buttons post: `from` is the row's index now, the others the targets (the row's own
    /// index for a disabled button, which posts nothing). All 0 without move buttons.
    struct MoveIndices: Sendable, Equatable {
        var from = 0, up = 0, down = 0, top = 0, bottom = 0
    }

    let texts: RowTexts
    let flags: Flags
    let moves: MoveIndices

    init(texts: RowTexts, flags: Flags, moves: MoveIndices = MoveIndices()) {
        self.texts = texts
        self.flags = flags
        self.moves = moves
    }

    /// How the model presents the row: its flags and its move buttons' indices.
    static func look(of presentation: RowPresentation) -> (flags: Flags, moves: MoveIndices) {
        var flags = Flags(selection: presentation.selectionControl?.look)
        if let delete = presentation.deleteControl {
            flags.insert(delete.isEnabled ? .deleteControl : .deleteSpacer)
        }
        var moves = MoveIndices()
        if let moveUp = presentation.moveUp, let moveDown = presentation.moveDown {
            let index = presentation.index
            let up = moveUp.targetIndex
            let down = moveDown.targetIndex
            let top = presentation.moveToTop?.targetIndex
            let bottom = presentation.moveToBottom?.targetIndex
            // The model gives a locked row no range to move in: it keeps a spacer where the buttons would be.
            flags.insert(presentation.moveRange == nil ? .moveSpacer : .moveControls)
            if up == nil { flags.insert(.upDisabled) }
            if down == nil { flags.insert(.downDisabled) }
            if top == nil { flags.insert(.topDisabled) }
            if bottom == nil { flags.insert(.bottomDisabled) }
            // The picker lists the run's other places: none in a run of one, so no link there.
            if (presentation.moveRange?.count ?? 0) > 1 { flags.insert(.pickerLink) }
            // A disabled button posts nothing, but its form's field must still be a number.
            moves = MoveIndices(from: index, up: up ?? index, down: down ?? index, top: top ?? index,
                                bottom: bottom ?? index)
        }
        return (flags, moves)
    }

    /// The names a row answers (docs/HTML.md).
    enum Field: Sendable {
        case tableID, id, title, isolateTitle, detail, isolateDetail, selectable, selectionRole, ariaChecked
        case selectAction, checked, selectionDisabled
        case deleteControl, deleteSpacer, moveControls, moveSpacer, index, upIndex, upDisabled, downIndex
        case downDisabled, topIndex, topDisabled, bottomIndex, bottomDisabled, pickerLink
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        guard let field = keys.rowFields[key] else { return nil }
        return switch field {
        case .tableID: .borrowing(texts.tableID)
        case .id: .borrowing(texts.id)
        case .title: .borrowing(texts.title)
        case .isolateTitle: .bool(texts.isolatesTitle)
        case .detail: texts.detail.map { .borrowing($0) } ?? .null
        case .isolateDetail: .bool(texts.isolatesDetail)
        case .selectable: .bool(flags.contains(.selectable))
        case .selectionRole: .borrowing(flags.contains(.radio) ? keys.radio : keys.checkbox)
        case .ariaChecked: keys.word(flags.contains(.checked))
        case .selectAction: .borrowing(flags.contains(.requestsSelected) ? keys.selectWord : keys.deselectWord)
        case .checked: .bool(flags.contains(.checked))
        case .selectionDisabled: .bool(flags.contains(.selectionDisabled))
        case .deleteControl: .bool(flags.contains(.deleteControl))
        case .deleteSpacer: .bool(flags.contains(.deleteSpacer))
        case .moveControls: .bool(flags.contains(.moveControls))
        case .moveSpacer: .bool(flags.contains(.moveSpacer))
        case .index: .int(moves.from)
        case .upIndex: .int(moves.up)
        case .upDisabled: .bool(flags.contains(.upDisabled))
        case .downIndex: .int(moves.down)
        case .downDisabled: .bool(flags.contains(.downDisabled))
        case .topIndex: .int(moves.top)
        case .topDisabled: .bool(flags.contains(.topDisabled))
        case .bottomIndex: .int(moves.bottom)
        case .bottomDisabled: .bool(flags.contains(.bottomDisabled))
        case .pickerLink: .bool(flags.contains(.pickerLink))
        }
    }
}
