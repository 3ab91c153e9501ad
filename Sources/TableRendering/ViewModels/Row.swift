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
        static let upDisabled = Flags(rawValue: 1 << 9)
        static let downDisabled = Flags(rawValue: 1 << 10)
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
    /// index for a disabled button, which posts nothing). All 0 without move buttons. To top and to bottom are the
    /// position picker's.
    struct MoveIndices: Sendable, Equatable {
        var from = 0, up = 0, down = 0
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
            // The model gives a locked row no range to move in: no line of move buttons under its text.
            if presentation.moveRange != nil { flags.insert(.moveControls) }
            if up == nil { flags.insert(.upDisabled) }
            if down == nil { flags.insert(.downDisabled) }
            // The picker lists the run's other places: none in a run of one, so no link there.
            if (presentation.moveRange?.count ?? 0) > 1 { flags.insert(.pickerLink) }
            // A disabled button posts nothing, but its form's field must still be a number.
            moves = MoveIndices(from: index, up: up ?? index, down: down ?? index)
        }
        return (flags, moves)
    }

    /// The names a row answers (docs/HTML.md).
    enum Field: Sendable {
        case tableID, id, title, shownTitle, isolateTitle, detail, isolateDetail, selectable, selectionRole, ariaChecked
        case selectAction, checked, selectionDisabled
        case deleteControl, deleteSpacer, moveControls, index, upIndex, upDisabled, downIndex, downDisabled
        case pickerLink
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        guard let field = keys.rowFields[key] else { return nil }
        return switch field {
        case .tableID: .borrowing(texts.tableID)
        case .id: .borrowing(texts.id)
        case .title: .borrowing(texts.title)
        case .shownTitle: .borrowing(texts.shownTitle)
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
        case .index: .int(moves.from)
        case .upIndex: .int(moves.up)
        case .upDisabled: .bool(flags.contains(.upDisabled))
        case .downIndex: .int(moves.down)
        case .downDisabled: .bool(flags.contains(.downDisabled))
        case .pickerLink: .bool(flags.contains(.pickerLink))
        }
    }
}
