import TableModel
import TableRendering
import Testing
@testable import TableviewApp

/// The domain decision of a form: from the visitor, the action and the page it came from to the visitor after it,
/// the landing and the message — without HTTP.
@Suite struct FormOutcomeTests {
    private let catalog = try! DefinitionLoader.load(Fixtures.tables).get()

    private func page(_ table: String, tap: TapPosition? = nil) -> FormPage {
        FormPage(table: catalog.table(id: table)!, showsIndexLink: true, tap: tap)
    }

    private func decided(_ action: TableAction, visitor: Visitor? = nil, on table: String = "picks") -> FormOutcome? {
        if case .done(let outcome) = FormOutcome.decide(action, visitor: visitor, from: page(table)) { return outcome }
        return nil
    }

    @Test func aSelectionChangesTheStateAndLandsOnTheTappedControl() throws {
        let outcome = try #require(decided(.select(row: "b")))
        #expect(outcome.changesPage)
        let visitor = try #require(outcome.visitor)
        #expect(visitor.state(of: catalog.table(id: "picks")!).isSelected(row: "b"))
        #expect(outcome.landing.target == .rowControl(row: "b", .select))
        #expect(visitor.landings["picks"] == outcome.landing)
        #expect(outcome.window == nil)
    }

    @Test func aRefusedActionKeepsTheStateAndLeavesAnAlert() throws {
        let outcome = try #require(decided(.delete(row: "a")))
        let visitor = try #require(outcome.visitor)
        #expect(visitor.states.isEmpty)
        #expect(outcome.message?.message?.kind == .alert)
        #expect(visitor.pending?.tableID == "picks")
    }

    @Test func aDeletionLeavesAStatusWithUndoAndLandsOnUndo() throws {
        let editing = try #require(decided(.setEditMode(.all), on: "list")?.visitor)
        let outcome = try #require(decided(.delete(row: "camera"), visitor: editing, on: "list"))
        #expect(outcome.message?.message?.kind == .status)
        #expect(outcome.message?.message?.undoRowID == "camera")
        #expect(outcome.landing.target == .undo)
        #expect(outcome.changesPage, "the site gives the visitor a new version")
    }

    /// The decision is a pure function of its inputs: deciding twice gives the same visitor, landing and message.
    @Test func theSameInputsGiveTheSameOutcome() throws {
        let editing = try #require(decided(.setEditMode(.all), on: "list")?.visitor)
        let first = try #require(decided(.delete(row: "camera"), visitor: editing, on: "list"))
        let second = try #require(decided(.delete(row: "camera"), visitor: editing, on: "list"))
        #expect(first.visitor?.version == second.visitor?.version)
        #expect(first.visitor?.states == second.visitor?.states)
        #expect(first.landing == second.landing && first.window == second.window)
        #expect(first.message?.message == second.message?.message)
    }

    @Test func repeatingTheLastTapChangesNothingAndKeepsTheVersion() throws {
        let first = try #require(decided(.select(row: "b"))?.visitor)
        var shown = first
        shown.pending = nil
        let again = try #require(decided(.select(row: "b"), visitor: shown))
        #expect(!again.changesPage)
        #expect(again.message == nil)
        #expect(again.visitor?.version == shown.version)
        #expect(again.landing == shown.landings["picks"])
    }

    @Test func anActionOnSomethingThatCannotExistIsInvalid() {
        guard case .invalid(let invalid) = FormOutcome.decide(.select(row: "nope"), visitor: nil, from: page("picks"))
        else {
            Issue.record("expected an invalid action")
            return
        }
        #expect(invalid == .unknownRow("nope"))
    }

    @Test func aVisitorBackAtTheInitialStateWithNothingToShowKeepsOnlyTheLanding() throws {
        let changed = try #require(decided(.select(row: "b"))?.visitor)
        let back = try #require(decided(.select(row: "a"), visitor: changed))
        let visitor = try #require(back.visitor)
        #expect(visitor.states.isEmpty)
        #expect(visitor.landings["picks"] == back.landing)
    }

    @Test func aPointerTapLandsTheControlWhereTheTapWas() throws {
        let tap = try #require(TapPosition(x: "10", y: "422"))
        guard case .done(let outcome) = FormOutcome.decide(.select(row: "b"), visitor: nil, from: page("picks", tap: tap))
        else {
            Issue.record("expected an outcome")
            return
        }
        #expect(outcome.landing.byPointer)
        // The tap is taken to be at the control's middle, as the page before the tap lays it out.
        let before = TableState(definition: catalog.table(id: "picks")!).presentation(windowing: RowWindowing(), focus: nil)
        let layout = PageLayout(before, showsIndexLink: true, showsUndoPlaceholder: false)
        #expect(outcome.landing.requestedOffset == 422 - layout.pixelHeight(of: .rowControl(row: "b", .select)) / 2)
    }
}
