import TableModel
import TableRendering

/// What an action does to a visitor: the visitor after it, the message it leaves and where the page after it lands.
/// Decided by ``decide(_:visitor:from:)`` from the visitor's state, the action and the page it came from alone — a
/// pure function: the same inputs give the same outcome — so the whole domain decision is tested without HTTP; the
/// site only reads the form, checks it, gives a changed visitor a new version and stores the result.
struct FormOutcome: Sendable {
    /// The visitor after the action; nil when nothing is left to keep. Carries the visitor's CSRF token as it was.
    let visitor: Visitor?
    /// Whether the page after the action differs from the one before: false for a tap that changed nothing, left no
    /// message and lands where the last one did, which keeps the visitor's version (and so the cached page); true
    /// when the site must give the visitor a new version (``Visitor/bumpVersion()``).
    let changesPage: Bool
    /// Where the page after the action lands.
    let landing: Landing
    /// The query of the page after the action: the window of a long section it opens (`section=…&from=…`), or the
    /// search whose results it shows (`q=…`), if any.
    let window: String?
    /// The one-shot message for the next page, if any.
    let message: PendingMessage?

    /// What ``decide(_:visitor:from:)`` decides.
    enum Decision: Sendable {
        /// The action was applied, refused by a rule or changed nothing: the site answers 303 either way.
        case done(FormOutcome)
        /// The action names something that cannot exist (answered 400); nothing changes.
        case invalid(InvalidAction)
    }

    /// The outcome of `action` for `visitor` (nil: nothing stored yet) on `page`.
    ///
    /// A refused action leaves the state as it was, with an alert; an action that changes nothing lands where the
    /// last one did when it repeats it (``Landing/repeated(_:tap:previous:)``), without laying the page out.
    static func decide(_ action: TableAction, visitor: Visitor?, from page: FormPage) -> Decision {
        let table = page.table
        // The state is changed in place (`TableState.apply`), so a tap that changes nothing copies no state; a
        // change, which needs the state before as well, reads that again from the visitor.
        func stateBefore() -> TableState { visitor?.state(of: table) ?? TableState(definition: table) }
        var state = stateBefore()
        let result = state.apply(action)
        let previous = visitor?.landings[table.id]
        // The window the page after the action opens: the row's, or that of the page the form was on.
        func focusAfter(_ state: TableState) -> WindowFocus? { rowFocus(of: action, in: state) ?? page.focus }
        // From the page before the action and the page after it (nil: the same page, laid out once), each with the
        // window it shows.
        func landing(before: TableState, after: TableState?) -> Landing {
            let beforeFocus = page.focus ?? rowFocus(of: action, in: before)
            let afterFocus = focusAfter(after ?? before)
            return Landing.after(
                action, fromPicker: page.fromPicker, tap: page.tap,
                before: before.presentation(windowing: page.windowing, focus: beforeFocus,
                                            filter: page.find?.filter(in: before)),
                after: after == nil && afterFocus == beforeFocus
                    ? nil : (after ?? before).presentation(windowing: page.windowing, focus: afterFocus,
                                                           filter: page.find?.filter(in: after ?? before)),
                previous: previous, showsIndexLink: page.showsIndexLink
            )
        }
        var after: TableState?
        var message: PendingMessage?
        let landed: Landing
        var changedNothing = false
        switch result {
        case .failure(.invalid(let invalid)):
            return .invalid(invalid)
        case .success(let effect):
            message = PendingMessage(
                tableID: table.id,
                message: PageMessage(applied: action, effect: effect, in: table),
                justExpanded: expandedSections(by: effect),
                // From the position picker the page before is another page, which shares no element with the table.
                changed: effect != .nothingChanged && !page.fromPicker
            )
            if case .nothingChanged = effect {
                changedNothing = true
                landed = Landing.repeated(action, tap: page.tap, previous: previous) ?? landing(before: state, after: nil)
            } else {
                landed = landing(before: stateBefore(), after: state)
                after = state
            }
        case .failure(let refusal):
            message = PendingMessage(
                tableID: table.id, message: PageMessage(refused: action, error: refusal, in: table), justExpanded: [],
                changed: false
            )
            // A refusal leaves the state as it was: the same page, laid out once.
            landed = landing(before: state, after: nil)
        }
        if message?.message == nil && message?.justExpanded.isEmpty == true && message?.changed == false {
            message = nil
        }
        // A page that finds returns to its results, which show every row of theirs whole.
        let window = page.find?.query.urlQuery ?? page.windowing.query(of: focusAfter(state), in: state)
        let changesPage = !(changedNothing && visitor?.pending == nil && message == nil && previous == landed)
        guard changesPage else {
            return .done(FormOutcome(visitor: visitor, changesPage: false, landing: landed, window: window,
                                          message: nil))
        }
        var changed = visitor ?? Visitor()
        if let after { changed.store(after) }
        changed.pending = message
        changed.landings[table.id] = landed
        return .done(FormOutcome(visitor: changed.isEmpty ? nil : changed, changesPage: true, landing: landed,
                                      window: window, message: message))
    }

    /// The window that holds the row `action` names, in `state`: where the row is, or where it was deleted from;
    /// nil for an action on no row.
    static func rowFocus(of action: TableAction, in state: TableState) -> WindowFocus? {
        let id: String
        switch action {
        case .select(let row), .deselect(let row), .delete(let row), .undoDeletion(let row), .move(let row, _, _):
            id = row
        default:
            return nil
        }
        guard let row = state.definition.row(id: id) else { return nil }
        let section = state.definition.sections[row.sectionIndex].id
        if let index = state.index(ofRow: id) { return WindowFocus(sectionID: section, position: index) }
        guard let deletion = state.undoableDeletion, deletion.row.id == id else { return nil }
        return WindowFocus(sectionID: section, position: deletion.index)
    }

    private static func expandedSections(by effect: ActionEffect) -> Set<String> {
        if case .expansionChanged(let sections, true) = effect { return Set(sections) }
        return []
    }
}

extension RowWindowing {
    /// The query of the page that shows `focus`'s window in `state` (`section=…&from=…`, the window's first row),
    /// or nil when its section is shown whole or collapsed. It counts the rows, without presenting the section.
    func query(of focus: WindowFocus?, in state: TableState) -> String? {
        guard let focus, state.isExpanded(section: focus.sectionID),
            let count = state.rowCount(inSection: focus.sectionID)
        else { return nil }
        if let window = window(holding: focus.position, among: count) {
            return "section=\(focus.sectionID)&from=\(window.rows.lowerBound + 1)"
        }
        // A section shown whole, on a page of the table other than the first (`pageRows`).
        guard state.definition.rows.count > pageRows, let section = state.definition.section(id: focus.sectionID),
            state.sectionPages(windowing: self)[section.index] != 0
        else { return nil }
        return "section=\(focus.sectionID)&from=1"
    }
}
