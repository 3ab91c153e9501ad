import Mustache
import TableModel

/// One row of a section (docs/HTML.md, `Row`), from the model's `RowPresentation`.
struct Row: MustacheContext, Sendable {
    /// The row's flags, packed so that copying a row copies one word besides its texts.
    struct Flags: OptionSet, Sendable {
        let rawValue: UInt16

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

    /// The row as the model presents it, read in place: copying the presentation or its controls would copy the
    /// actions' strings.
    init(_ presentation: UnsafePointer<RowPresentation>, texts: RowTexts) {
        var flags: Flags = []
        if let role = presentation.pointee.selectionControl?.role {
            flags.insert(.selectable)
            if role == .radio { flags.insert(.radio) }
            if presentation.pointee.selectionControl?.isChecked == true { flags.insert(.checked) }
            if presentation.pointee.selectionControl?.requestsSelected == true { flags.insert(.requestsSelected) }
            if presentation.pointee.selectionControl?.isEnabled == false { flags.insert(.selectionDisabled) }
        }
        if let isEnabled = presentation.pointee.deleteControl?.isEnabled {
            flags.insert(isEnabled ? .deleteControl : .deleteSpacer)
        }
        var moves = MoveIndices()
        if presentation.pointee.moveUp != nil, presentation.pointee.moveDown != nil {
            let index = presentation.pointee.index
            let up = presentation.pointee.moveUp?.targetIndex
            let down = presentation.pointee.moveDown?.targetIndex
            let top = presentation.pointee.moveToTop?.targetIndex
            let bottom = presentation.pointee.moveToBottom?.targetIndex
            // The model gives a locked row no range to move in: it keeps a spacer where the buttons would be.
            flags.insert(presentation.pointee.moveRange == nil ? .moveSpacer : .moveControls)
            if up == nil { flags.insert(.upDisabled) }
            if down == nil { flags.insert(.downDisabled) }
            if top == nil { flags.insert(.topDisabled) }
            if bottom == nil { flags.insert(.bottomDisabled) }
            // The picker lists the run's other places: none in a run of one, so no link there.
            if (presentation.pointee.moveRange?.count ?? 0) > 1 { flags.insert(.pickerLink) }
            // A disabled button posts nothing, but its form's field must still be a number.
            moves = MoveIndices(from: index, up: up ?? index, down: down ?? index, top: top ?? index,
                                bottom: bottom ?? index)
        }
        self.init(texts: texts, flags: flags, moves: moves)
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        return switch key {
        case keys.id: .text(texts.id)
        case keys.title: .text(texts.title)
        case keys.detail: texts.detail.map { .text($0) } ?? .null
        case keys.selectable: .bool(flags.contains(.selectable))
        case keys.selectionRole: .text(flags.contains(.radio) ? keys.radio : keys.checkbox)
        case keys.ariaChecked: keys.word(flags.contains(.checked))
        case keys.selectValue: keys.word(flags.contains(.requestsSelected))
        case keys.checked: .bool(flags.contains(.checked))
        case keys.selectionDisabled: .bool(flags.contains(.selectionDisabled))
        case keys.deleteControl: .bool(flags.contains(.deleteControl))
        case keys.deleteSpacer: .bool(flags.contains(.deleteSpacer))
        case keys.moveControls: .bool(flags.contains(.moveControls))
        case keys.moveSpacer: .bool(flags.contains(.moveSpacer))
        case keys.index: .int(moves.from)
        case keys.upIndex: .int(moves.up)
        case keys.upDisabled: .bool(flags.contains(.upDisabled))
        case keys.downIndex: .int(moves.down)
        case keys.downDisabled: .bool(flags.contains(.downDisabled))
        case keys.topIndex: .int(moves.top)
        case keys.topDisabled: .bool(flags.contains(.topDisabled))
        case keys.bottomIndex: .int(moves.bottom)
        case keys.bottomDisabled: .bool(flags.contains(.bottomDisabled))
        case keys.pickerLink: .bool(flags.contains(.pickerLink))
        default: nil
        }
    }
}
