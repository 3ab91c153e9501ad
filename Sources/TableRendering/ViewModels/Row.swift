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
    }

    let texts: RowTexts
    let flags: Flags
    /// The `index` the move buttons post; 0 without move buttons.
    let upIndex: Int
    let downIndex: Int

    init(texts: RowTexts, flags: Flags, upIndex: Int, downIndex: Int) {
        self.texts = texts
        self.flags = flags
        self.upIndex = upIndex
        self.downIndex = downIndex
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
        var upIndex = 0
        var downIndex = 0
        if presentation.pointee.moveUp != nil, presentation.pointee.moveDown != nil {
            let up = presentation.pointee.moveUp?.targetIndex
            let down = presentation.pointee.moveDown?.targetIndex
            // The model gives a locked row no range to move in: it keeps a spacer where the buttons would be.
            flags.insert(presentation.pointee.moveRange == nil ? .moveSpacer : .moveControls)
            if up == nil { flags.insert(.upDisabled) }
            if down == nil { flags.insert(.downDisabled) }
            // A disabled button posts nothing, but its value must still be a number.
            upIndex = up ?? presentation.pointee.index
            downIndex = down ?? presentation.pointee.index
        }
        self.init(texts: texts, flags: flags, upIndex: upIndex, downIndex: downIndex)
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
        case keys.upIndex: .int(upIndex)
        case keys.upDisabled: .bool(flags.contains(.upDisabled))
        case keys.downIndex: .int(downIndex)
        case keys.downDisabled: .bool(flags.contains(.downDisabled))
        default: nil
        }
    }
}
