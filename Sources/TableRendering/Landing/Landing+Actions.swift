import TableModel

extension Landing {
    /// The band of the window a predicted landing may use (CSS px from the window's top): from just below its top
    /// edge to a row above the bottom of the smallest window planned for.
    static let band = 8...(PageLayout.assumedWindowHeight - (PageLayout.rowHeight + 2) * PageLayout.unitPixels)
    /// Where a control lands when the server cannot tell where it was: the upper middle of the window, close to
    /// where most taps happen, with room above and below for the next taps in the same section.
    static let preferredOffset = 300
    /// How far (CSS px) a tap's position may be from the predicted one for the prediction to count as confirmed.
    static let agreement = 2

    /// The landing after `action`, chosen so that the tapped control does not move.
    ///
    /// A pointer tap reports where in the window it landed (`tap`): the tapped control, or what stands in its
    /// place (the Undo button for a deleted row, the restored row for an Undo, the moved row's next control), lands
    /// with its middle at that height. Without a tap (a keyboard, a text browser) the server predicts where the
    /// control was: it knows where it landed the page last time (`previous`) and the page's layout
    /// (`PageLayout`), so it can tell where the tapped control was — if the reader has not scrolled since —
    /// whenever no footer lies between the two. When a tap agrees with the prediction to within ``agreement``,
    /// the prediction is used: it is exact, where the tap says only where the finger was. When neither is known
    /// the control lands at `preferredOffset`; a toolbar control lands with the page at its top, where the reader
    /// found it.
    ///
    /// - Parameters:
    ///   - action: the action the form asked for (applied, refused or changing nothing).
    ///   - fromPicker: the action came from the row's position picker: the reader left the table at the row's
    ///     "Move X…" link, which is where the page lands.
    ///   - tap: where in the window the pointer tap that asked for the action landed, if the browser said.
    ///   - before: the page the reader tapped on.
    ///   - after: the page after the action; nil when the action changed nothing, so the page is `before`.
    ///   - previous: the landing of the page the reader tapped on, if the server made it.
    public static func after(
        _ action: TableAction,
        fromPicker: Bool = false,
        tap: TapPosition? = nil,
        before: TablePresentation,
        after: TablePresentation?,
        previous: Landing?,
        showsIndexLink: Bool
    ) -> Landing {
        // Undo stands where the row was on the page right after a deletion (landed on it), in the toolbar later.
        let oldLayout = PageLayout(before, showsIndexLink: showsIndexLink,
                                   showsUndoPlaceholder: previous?.target == .undo)
        var deletes = false
        if case .delete(let row) = action, (after ?? before).undoableDeletion?.row.id == row, after != nil {
            deletes = true
        }
        let newLayout = PageLayout(after ?? before, showsIndexLink: showsIndexLink, showsUndoPlaceholder: deletes)
        var tapped = tappedTarget(of: action, in: before)
        if fromPicker, case .move(let row, _, _) = action { tapped = .rowControl(row: row, .move) }
        let target = standIn(for: tapped, after: action, in: after ?? before)
        let height = newLayout.pixelHeight(of: target)
        guard let position = newLayout.position(of: target) else {
            return Landing(target: target, offset: preferredOffset, byPointer: tap != nil, targetHeight: height)
        }
        // Another control of the tapped one's row stands in for it (a disabled "up" gives way to "down", Delete of a
        // locked row to its move line): it lands where it is in the row, relative to where the tapped one was.
        var shift = 0
        if case .rowControl(let row, _) = tapped, case .rowControl(row, _) = target,
            let from = newLayout.position(of: tapped), let distance = position.distance(from: from)
        {
            shift = distance * PageLayout.unitPixels
        }
        // Where the document's top is above the target: exact without a footer above it, else a lower bound.
        let documentTop = position.units * PageLayout.unitPixels
        var predicted: Int?
        if let previous, let from = oldLayout.position(of: previous.target), let tappedAt = oldLayout.position(of: tapped),
            let distance = tappedAt.distance(from: from)
        {
            predicted = previous.offset + distance * PageLayout.unitPixels + shift
        }
        // The undo-reset control sits in a message fixed to the window: its place says nothing of its stand-in's.
        if let tap, !fromPicker, tapped != .undoReset {
            let tapped = max(0, tap.y - oldLayout.pixelHeight(of: tapped) / 2 + shift)
            let top = predicted.flatMap { abs($0 - tapped) <= agreement ? $0 : nil } ?? tapped
            // With too little document above the target the browser stops at the top, the target at its place.
            return Landing(target: target, offset: position.footersAbove == 0 ? min(top, documentTop) : top,
                           requestedOffset: top, byPointer: true, targetHeight: height)
        }
        if target.isInToolbar {
            // Scrolled to the top: the browser stops there, with the control at its place in the document.
            return Landing(target: target, offset: documentTop, requestedOffset: maximumOffset, byPointer: tap != nil,
                           targetHeight: height)
        }
        let offset = predicted.flatMap { band.contains($0) ? $0 : nil } ?? preferredOffset
        // Never ask for more room above the target than the document has: the browser would stop at the top and
        // the target would rest higher than planned. (`documentTop` is exact or a lower bound of the true position.)
        return Landing(target: target, offset: min(offset, documentTop), byPointer: tap != nil, targetHeight: height)
    }

    /// The landing after a row's selection control was tapped again with nothing changed — a repeated form, a double
    /// tap — when the page was landed on that very control: the same landing, found without laying the page out
    /// (it is the page that landing was made for), and the tap, if the browser reported it, was where that landing
    /// put the control. Nil when the full ``after(_:fromPicker:tap:before:after:previous:showsIndexLink:)`` is needed.
    public static func repeated(_ action: TableAction, tap: TapPosition? = nil, previous: Landing?) -> Landing? {
        guard let last = previous else { return nil }
        if let tap, abs(tap.y - last.targetHeight / 2 - last.offset) > agreement {
            return nil
        }
        switch action {
        case .select(let row), .deselect(let row):
            return last.target == .rowControl(row: row, .select) ? last.by(pointer: tap != nil) : nil
        default:
            return nil
        }
    }

    /// The control the reader tapped to ask for `action`, on the page before it.
    static func tappedTarget(of action: TableAction, in page: TablePresentation) -> LandingTarget {
        switch action {
        case .select(let row), .deselect(let row):
            return .rowControl(row: row, .select)
        case .delete(let row):
            return .rowControl(row: row, .delete)
        case .move(let row, let to, let from):
            let current = from ?? page.row(row)?.index ?? to
            let control: RowControl
            switch to - current {
            case -1: control = .up
            case 1: control = .down
            // A longer move comes from the position picker (to top, to bottom, a place): the row's "Move X…".
            default: control = .move
            }
            return .rowControl(row: row, control)
        case .setExpanded(let section, _):
            return page.section(section)?.toggle == nil ? .section(section) : .header(section: section)
        case .setAllExpanded(let expanded):
            return expanded ? .expandAll : .collapseAll
        case .setEditMode(let mode):
            return .editMode(mode)
        case .undoDeletion:
            return .undo
        case .reset:
            return .reset
        case .undoReset:
            return .undoReset
        }
    }

    /// What stands in for the tapped control on the page after the action: the control itself while the page
    /// shows it enabled; else the Undo button of a deleted row, the restored row's first enabled control, the
    /// moved row's next enabled control, the section of a row the page does not show.
    static func standIn(for tapped: LandingTarget, after action: TableAction, in page: TablePresentation)
        -> LandingTarget
    {
        switch (tapped, action) {
        case (.rowControl(let row, .delete), _):
            if page.row(row) == nil, page.undoableDeletion?.row.id == row { return .undo }
            return rowStandIn(row, preferring: [.delete], in: page)
        case (.rowControl(let row, let control), _):
            let preferences: [RowControl] = switch control {
            case .up: [.up, .down, .move]
            case .down: [.down, .up, .move]
            case .move: [.move, .up, .down]
            case .select, .delete: [control]
            }
            return rowStandIn(row, preferring: preferences, in: page)
        case (.undo, .undoDeletion(let row)):
            if page.row(row) != nil { return rowStandIn(row, preferring: [], in: page) }
            if page.undoableDeletion != nil { return .undo }
            return rowStandIn(row, preferring: [], in: page)
        case (.undoReset, _):
            return page.canUndoReset ? .undoReset : .reset
        case (.expandAll, _), (.collapseAll, _):
            return page.expansionControls == nil ? .reset : tapped
        default:
            return tapped
        }
    }

    /// A control of `row` on `page`: the first enabled one of `preferring`, else the first enabled one of all;
    /// the row's list item when none is enabled; its section when the page does not show the row.
    private static func rowStandIn(_ row: String, preferring: [RowControl], in page: TablePresentation)
        -> LandingTarget
    {
        guard let presentation = page.row(row) else {
            guard let section = page.sectionOfRow(row) else { return .reset }
            return section.toggle == nil ? .section(section.section.id) : .header(section: section.section.id)
        }
        let enabled = RowControl.allCases.filter { presentation.isEnabled($0) }
        if let control = preferring.first(where: enabled.contains) ?? enabled.first(where: { $0 != .select })
            ?? enabled.first
        {
            return .rowControl(row: row, control)
        }
        return .row(row)
    }
}

extension RowPresentation {
    /// Whether the row shows `control` and it can be used.
    func isEnabled(_ control: RowControl) -> Bool {
        switch control {
        case .select: selectionControl?.isEnabled == true
        case .delete: deleteControl?.isEnabled == true
        case .up: moveUp?.isEnabled == true
        case .down: moveDown?.isEnabled == true
        case .move: (moveRange?.count ?? 0) > 1
        }
    }
}

extension TablePresentation {
    /// The row as the page shows it, or `nil` when it is deleted or its section collapsed.
    func row(_ id: String) -> RowPresentation? {
        for section in sections {
            if let row = section.rows.first(where: { $0.row.id == id }) { return row }
        }
        return nil
    }

    func section(_ id: String) -> SectionPresentation? {
        sections.first { $0.section.id == id }
    }

    /// The section the row (shown or not) belongs to.
    func sectionOfRow(_ id: String) -> SectionPresentation? {
        guard let row = table.row(id: id) else { return nil }
        return sections.indices.contains(row.sectionIndex) ? sections[row.sectionIndex] : nil
    }
}
