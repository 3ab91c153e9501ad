import Mustache
import TableModel

/// One row of a section (docs/HTML.md, `Row`), from the model's `RowPresentation`.
struct Row: MustacheContext {
    /// The row's flags, packed so that copying a row copies one word besides its texts.
    struct Flags: OptionSet {
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
    }

    let texts: RowTexts
    let flags: Flags
    let upIndex: Int
    let downIndex: Int

    init(_ row: RowPresentation, texts: RowTexts) {
        self.texts = texts
        var flags: Flags = []
        if let control = row.selectionControl {
            flags.insert(.selectable)
            if control.role == .radio { flags.insert(.radio) }
            if control.isChecked { flags.insert(.checked) }
            if control.requestsSelected { flags.insert(.requestsSelected) }
            if !control.isEnabled { flags.insert(.selectionDisabled) }
        }
        if let delete = row.deleteControl {
            flags.insert(delete.isEnabled ? .deleteControl : .deleteSpacer)
        }
        if let up = row.moveUp, let down = row.moveDown {
            // The model gives a locked row no range to move in: it keeps a spacer where the buttons would be.
            flags.insert(row.moveRange == nil ? .moveSpacer : .moveControls)
            if !up.isEnabled { flags.insert(.upDisabled) }
            if !down.isEnabled { flags.insert(.downDisabled) }
        }
        self.flags = flags
        // A disabled button posts nothing, but its value must still be a number.
        upIndex = row.moveUp?.targetIndex ?? row.index
        downIndex = row.moveDown?.targetIndex ?? row.index
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.id: .text(texts.id)
        case Keys.title: .text(texts.title)
        case Keys.detail: texts.detail.map { .text($0) } ?? .null
        case Keys.selectable: .bool(flags.contains(.selectable))
        case Keys.selectionRole: .text(flags.contains(.radio) ? Words.radio : Words.checkbox)
        case Keys.ariaChecked: Words.word(flags.contains(.checked))
        case Keys.selectValue: Words.word(flags.contains(.requestsSelected))
        case Keys.checked: .bool(flags.contains(.checked))
        case Keys.selectionDisabled: .bool(flags.contains(.selectionDisabled))
        case Keys.deleteControl: .bool(flags.contains(.deleteControl))
        case Keys.deleteSpacer: .bool(flags.contains(.deleteSpacer))
        case Keys.moveControls: .bool(flags.contains(.moveControls))
        case Keys.moveSpacer: .bool(flags.contains(.moveSpacer))
        case Keys.upIndex: .int(upIndex)
        case Keys.upDisabled: .bool(flags.contains(.upDisabled))
        case Keys.downIndex: .int(downIndex)
        case Keys.downDisabled: .bool(flags.contains(.downDisabled))
        default: nil
        }
    }
}
