import Foundation
import TableModel
@testable import TableRendering
import Testing

/// SPEC §2 "Keeping the reader's place", on the server's side: which element a page lands on after an action
/// and at what height, so that a second action next to the first moves nothing. (The browser suite measures
/// the result in real browsers.) `editing`: gear (with a footer) = passport, tickets (locked), camera, book,
/// umbrella; route = train, hotel (locked), bus, ferry; to do = water-plants, lock-door.
@Suite struct LandingTests {
    private let table: TableDefinition
    init() throws { table = try Fixtures.table("editing") }

    /// A layout length in CSS px.
    private static let row = PageLayout.rowHeight * PageLayout.unitPixels

    /// The landing after `action` on `state`, given the landing of the page it was tapped on and where the tap
    /// landed in the window, if the browser said.
    private func landing(_ action: TableAction, on state: TableState, previous: Landing?, tapAt y: Int? = nil)
        -> Landing
    {
        let after = (try? state.applying(action).get())?.state ?? state
        return Landing.after(action, tap: y.flatMap(TapPosition.init(y:)), before: state.presentation,
                             after: after.presentation, previous: previous, showsIndexLink: false)
    }

    private func state(_ actions: TableAction...) throws -> TableState {
        var state = TableState(definition: table)
        for action in actions { state = try state.applying(action).get().state }
        return state
    }

    /// A repeated tap that changed nothing, on the control the page landed on, lands as the full computation does.
    @Test func aRepeatedTapLandsWhereTheFullComputationDoes() throws {
        let selected = try state(.select(row: "train"))
        let first = landing(.select(row: "train"), on: try state(), previous: nil)
        let full = Landing.after(.select(row: "train"), before: selected.presentation, after: nil, previous: first,
                                 showsIndexLink: false)
        #expect(Landing.repeated(.select(row: "train"), previous: first) == full)
        #expect(full == first)
        // Another control than the one landed on needs the layout.
        #expect(Landing.repeated(.select(row: "ferry"), previous: first) == nil)
        #expect(Landing.repeated(.reset, previous: first) == nil)
        #expect(Landing.repeated(.select(row: "train"), previous: nil) == nil)
    }

    @Test func theFirstTapLandsTheControlInTheUpperMiddleOfTheWindow() throws {
        let first = landing(.select(row: "train"), on: try state(), previous: nil)
        #expect(first.target == .rowControl(row: "train", .select))
        #expect(first.fragment == "row_train_select")
        #expect(first.offset == Landing.preferredOffset)
    }

    @Test func anotherRowOfTheSameSectionStaysWhereItWas() throws {
        let start = try state()
        let first = landing(.select(row: "train"), on: start, previous: nil)
        let second = landing(.select(row: "ferry"), on: try state(.select(row: "train")), previous: first)
        // Ferry is three rows below Train: it was there in the window, and stays there.
        #expect(second.target == .rowControl(row: "ferry", .select))
        #expect(second.offset == first.offset + 3 * Self.row)
    }

    @Test func theSameHeaderTwiceStays() throws {
        let accordion = try Fixtures.table("accordion")
        let start = TableState(definition: accordion)
        let expand = TableAction.setExpanded(section: "prices", expanded: true)
        let expanded = try start.applying(expand).get().state
        let first = Landing.after(expand, before: start.presentation, after: expanded.presentation, previous: nil,
                                  showsIndexLink: false)
        let collapse = TableAction.setExpanded(section: "prices", expanded: false)
        let collapsed = try expanded.applying(collapse).get().state
        let second = Landing.after(collapse, before: expanded.presentation, after: collapsed.presentation,
                                   previous: first, showsIndexLink: false)
        #expect(first.target == .header(section: "prices") && second.target == first.target)
        #expect(second.offset == first.offset)
    }

    @Test func deleteLandsOnUndoWhereTheRowWasAndUndoOnTheRestoredRow() throws {
        let editing = try state(.setEditMode(.all))
        let deleted = landing(.delete(row: "ferry"), on: editing, previous: nil)
        #expect(deleted.target == .undo)
        let undone = landing(.undoDeletion(row: "ferry"), on: try state(.setEditMode(.all), .delete(row: "ferry")),
                             previous: deleted)
        #expect(undone.target == .rowControl(row: "ferry", .delete), "the restored row's first enabled control")
        #expect(undone.offset == deleted.offset)
        // Bus, the row above, cannot be deleted: the refusal lands on its first enabled control, in place — "down",
        // on the line of move controls under Bus's text, right above Ferry.
        let refused = landing(.delete(row: "bus"), on: editing, previous: undone)
        #expect(refused.target == .rowControl(row: "bus", .down))
        #expect(refused.offset == undone.offset - PageLayout.moveLineHeight * PageLayout.unitPixels)
    }

    @Test func theMovedRowStaysUnderTheFinger() throws {
        let sorting = try state(.setEditMode(.sort))
        let first = landing(.move(row: "camera", toIndex: 3, fromIndex: 2), on: sorting, previous: nil)
        #expect(first.target == .rowControl(row: "camera", .down))
        let moved = try state(.setEditMode(.sort), .move(row: "camera", toIndex: 3, fromIndex: 2))
        let second = landing(.move(row: "camera", toIndex: 4, fromIndex: 3), on: moved, previous: first)
        #expect(second.offset == first.offset)
        // At the bottom of its run "down" is disabled: the row's "up" stands in, at the same height.
        #expect(second.target == .rowControl(row: "camera", .up))
    }

    @Test func aFooterBetweenMakesTheDistanceUnknown() throws {
        let start = try state()
        let first = landing(.select(row: "book"), on: start, previous: nil)
        // Gear has a footer, so how far Train is below Book depends on how the footer wraps.
        let second = landing(.select(row: "train"), on: try state(.select(row: "book")), previous: first)
        #expect(second.offset == Landing.preferredOffset)
        #expect(PageLayout(start.presentation, showsIndexLink: false, showsUndoPlaceholder: false)
            .position(of: .rowControl(row: "train", .select))?
            .footersAbove == 1)
    }

    @Test func toolbarControlsLandWithThePageAtItsTop() throws {
        let switched = landing(.setEditMode(.all), on: try state(), previous: nil)
        #expect(switched.target == .editMode(.all))
        #expect(switched.requestedOffset == Landing.maximumOffset)
        #expect(switched.offset
            == (PageLayout.pageTop + PageLayout.titleBlock + PageLayout.captionHeight) * PageLayout.unitPixels)
        // Undo reset disappears once used: Reset stands in for it.
        let reset = try state(.select(row: "book"), .reset)
        #expect(landing(.undoReset, on: reset, previous: switched).target == .reset)
    }

    @Test func theToolbarsUndoHasALineOfItsOwnUnderTheActions() throws {
        let layout = { (state: TableState) in
            PageLayout(state.presentation, showsIndexLink: false, showsUndoPlaceholder: false)
        }
        let line = PageLayout.toolbarLine + PageLayout.toolbarGap
        let before = try state(.setEditMode(.all))
        let after = try state(.setEditMode(.all), .delete(row: "ferry"), .setEditMode(.off))
        let reset = try #require(layout(after).position(of: .reset))
        #expect(layout(after).position(of: .undo) == PageLayout.Position(units: reset.units + line, footersAbove: 0))
        // Everything below moves down by that line, and stays known: "Ferry" surely fits.
        let passport = try #require(layout(before).position(of: .row("passport")))
        #expect(layout(after).position(of: .row("passport"))
            == PageLayout.Position(units: passport.units + line, footersAbove: 0))

        // A title that may wrap the label to a third line makes what is below unknown.
        let json = String(decoding: try Fixtures.bytes("editing.json"), as: UTF8.self)
            .replacingOccurrences(of: #""Ferry""#, with: #""Ferry to the far islands, with a stop at every harbour""#)
        let long = try #require(try DefinitionLoader.load(Array(json.utf8)).get().tables.first)
        var state = TableState(definition: long)
        for action: TableAction in [.setEditMode(.all), .delete(row: "ferry"), .setEditMode(.off)] {
            state = try state.applying(action).get().state
        }
        #expect(layout(state).position(of: .undo)?.footersAbove == 0)
        #expect(layout(state).position(of: .row("passport"))?.footersAbove == 1)
    }

    @Test func aControlNearTheTopNeverAsksForMoreRoomThanTheDocumentHas() throws {
        // A table without edit modes: its first row is nearer the top than the preferred landing height.
        let start = TableState(definition: try Fixtures.table("selection"))
        let first = Landing.after(.select(row: "bunka"), before: start.presentation, after: nil, previous: nil,
                                  showsIndexLink: false)
        let position = try #require(PageLayout(start.presentation, showsIndexLink: false, showsUndoPlaceholder: false)
            .position(of: .rowControl(row: "bunka", .select)))
        #expect(position.units * PageLayout.unitPixels < Landing.preferredOffset)
        #expect(first.offset == position.units * PageLayout.unitPixels, "the page stays at its top, the row where it was")
    }

    @Test func offsetsBecomeClassesOneBitEachOfUnitsThenPixels() {
        #expect(Landing(target: .undo, offset: 304).offsetClasses == "at4 at8 at64")
        #expect(Landing(target: .undo, offset: 307).offsetClasses == "at4 at8 at64 px1 px2")
        #expect(Landing(target: .undo, offset: 0).offsetClasses == "")
        #expect(Landing(target: .undo, offset: 99_999).offsetClasses
            == "at1 at2 at4 at8 at16 at32 at64 at128 at256 px1 px2")
    }

    // A pointer tap reports where in the window it landed: the control lands with its middle there.

    @Test func aFirstTapLandsItsControlWhereItWasTapped() throws {
        // The middle of Ferry's 44 px row was at 427 px: its top was at 405.
        let first = landing(.select(row: "ferry"), on: try state(), previous: nil, tapAt: 427)
        #expect(first.target == .rowControl(row: "ferry", .select))
        #expect(first.offset == 405 && first.requestedOffset == 405)
        #expect(first.offsetClasses == "at1 at4 at32 at64 px1")
    }

    @Test func aTapAfterAScrollLandsWhereItWasNotWherePredicted() throws {
        let first = landing(.select(row: "train"), on: try state(), previous: nil, tapAt: 322)
        // Ferry is three rows below Train (predicted at 300 + 156 px), but the reader scrolled by 137 px.
        let scrolled = 300 + 3 * Self.row - 137
        let second = landing(.select(row: "ferry"), on: try state(.select(row: "train")), previous: first,
                             tapAt: scrolled + Self.row / 2)
        #expect(second.offset == scrolled)
    }

    @Test func aTapThatAgreesWithThePredictionTakesThePrediction() throws {
        let first = landing(.select(row: "train"), on: try state(), previous: nil, tapAt: 322)
        #expect(first.offset == 300)
        // Two pixels off the predicted middle: the prediction, exact, wins; three pixels off, the tap.
        let near = landing(.select(row: "ferry"), on: try state(.select(row: "train")), previous: first,
                           tapAt: 300 + 3 * Self.row + Self.row / 2 + 2)
        #expect(near.offset == 300 + 3 * Self.row)
        let far = landing(.select(row: "ferry"), on: try state(.select(row: "train")), previous: first,
                          tapAt: 300 + 3 * Self.row + Self.row / 2 + 3)
        #expect(far.offset == 300 + 3 * Self.row + 3)
    }

    @Test func aTappedToolbarControlStaysWhereItWasTapped() throws {
        // The page was scrolled down by 20 px: the switch's segment (44 px high) was tapped at 82.
        let switched = landing(.setEditMode(.all), on: try state(), previous: nil, tapAt: 82)
        #expect(switched.target == .editMode(.all))
        #expect(switched.requestedOffset == 60)
        // Tapped where the page at its top has it: the browser stops at the top, the segment at its place.
        let documentTop = (PageLayout.pageTop + PageLayout.titleBlock + PageLayout.captionHeight)
            * PageLayout.unitPixels
        let atTop = landing(.setEditMode(.all), on: try state(), previous: nil, tapAt: documentTop + 62)
        #expect(atTop.offset == documentTop && atTop.requestedOffset == documentTop + 40)
    }

    @Test func deleteTappedLandsUndoAtTheTapAndUndoTheRow() throws {
        let editing = try state(.setEditMode(.all))
        let deleted = landing(.delete(row: "ferry"), on: editing, previous: nil, tapAt: 522)
        #expect(deleted.target == .undo && deleted.offset == 500)
        let undone = landing(.undoDeletion(row: "ferry"), on: try state(.setEditMode(.all), .delete(row: "ferry")),
                             previous: deleted, tapAt: 522)
        #expect(undone.target == .rowControl(row: "ferry", .delete) && undone.offset == 500)
    }

    @Test func aTapNearTheWindowsTopKeepsTheControlInside() throws {
        // Ferry's top was 10 px above the window; the reader tapped its visible part.
        let landed = landing(.select(row: "ferry"), on: try state(), previous: nil, tapAt: 12)
        #expect(landed.offset == 0)
    }

    @Test func aPointerTapsLandingMarksThePageForNoFocusRing() throws {
        let tapped = landing(.select(row: "ferry"), on: try state(), previous: nil, tapAt: 431)
        #expect(tapped.byPointer && tapped.pageClasses.hasSuffix(" tapped"))
        let pressed = landing(.select(row: "ferry"), on: try state(), previous: nil)
        #expect(!pressed.byPointer && !pressed.pageClasses.contains("tapped"))
        // A repeated tap keeps its landing, made by whichever way the tap came.
        let again = TapPosition(y: pressed.offset + Self.row / 2)
        #expect(Landing.repeated(.select(row: "ferry"), tap: again, previous: pressed)?.byPointer == true)
        #expect(Landing.repeated(.select(row: "ferry"), previous: tapped)?.byPointer == false)
    }

    @Test func undoResetIgnoresItsTapInTheFixedMessage() throws {
        let reset = try state(.select(row: "book"), .reset)
        let undone = landing(.undoReset, on: reset, previous: nil, tapAt: 660)
        #expect(undone.target == .reset && undone.requestedOffset == Landing.maximumOffset)
    }

    @Test func aRepeatedTapElsewhereThanLandedNeedsTheFullComputation() throws {
        let first = landing(.select(row: "train"), on: try state(), previous: nil, tapAt: 322)
        #expect(Landing.repeated(.select(row: "train"), tap: TapPosition(y: 323), previous: first) == first)
        #expect(Landing.repeated(.select(row: "train"), tap: TapPosition(y: 400), previous: first) == nil)
    }

    @Test func onlyAWindowsCoordinatesAreATap() {
        #expect(TapPosition(x: "12", y: "431")?.y == 431)
        #expect(TapPosition(x: "0", y: "0")?.y == 0)
        for (x, y) in [("12", nil), (nil, "431"), ("12", "-4"), ("12", "4.5"), ("12", ""), ("12", "99999"),
                       ("12", "123456"), ("x", "431"), ("12", " 431"), ("12", "４３１")] as [(String?, String?)]
        {
            #expect(TapPosition(x: x, y: y) == nil, "x \(x ?? "nil"), y \(y ?? "nil")")
        }
    }

    @Test func thePageCarriesTheLandingOnItsMain() throws {
        let landed = Landing(target: .rowControl(row: "book", .select), offset: 304)
        let renderer = try Fixtures.renderer(for: [table])
        var html: [UInt8] = []
        try renderer.renderTable(try state(), csrf: "t", landing: landed, showsIndexLink: false, language: .en, into: &html)
        let page = try CheckedPage(html, snapshot: false)
        #expect(try page.values("class", of: "//main") == ["at4 at8 at64"])
        #expect(try page.nodes("//button[@id = 'row_book_select']").count == 1)
    }
}

/// The lengths `PageLayout` plans with are the ones `Public/style.css` gives the page.
@Suite struct StylesheetGeometryTests {
    private static func customProperties() throws -> [String: String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Public/style.css")
        let css = try String(contentsOf: url, encoding: .utf8)
        var properties: [String: String] = [:]
        for line in css.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("--"), let colon = trimmed.firstIndex(of: ":") else { continue }
            let name = String(trimmed[..<colon])
            let value = trimmed[trimmed.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            properties[name] = properties[name] ?? String(value.dropLast())  // the first (light) definition
        }
        return properties
    }

    /// A length in rem as layout units (0.25rem).
    private static func units(_ value: String?) -> Int? {
        guard let value, value.hasSuffix("rem"), let rem = Double(value.dropLast(3)) else { return nil }
        return Int((rem * 4).rounded())
    }

    @Test func everyLengthOfTheLayoutIsTheStylesheets() throws {
        let css = try Self.customProperties()
        #expect(Self.units(css["--row-height"]) == PageLayout.rowHeight)
        #expect(Self.units(css["--detail-row-height"]) == PageLayout.detailRowHeight)
        #expect(Self.units(css["--move-line"]) == PageLayout.moveLineHeight)
        #expect(Self.units(css["--caption-height"]) == PageLayout.captionHeight)
        #expect(Self.units(css["--header-height"]) == PageLayout.headerHeight)
        #expect(Self.units(css["--section-gap"]) == PageLayout.sectionGap)
        #expect(Self.units(css["--page-top"]) == PageLayout.pageTop)
        #expect(Self.units(css["--back-height"]) == PageLayout.backLinkHeight)
        let title = [css["--title-margin-top"], css["--title-height"], css["--title-margin-bottom"]]
            .compactMap { Self.units($0) }.reduce(0, +)
        #expect(title == PageLayout.titleBlock)
        #expect(Self.units(css["--toolbar-line"]) == PageLayout.toolbarLine)
        #expect(Self.units(css["--toolbar-gap"]) == PageLayout.toolbarGap)
        #expect(Self.units(css["--window-line"]) == PageLayout.windowLineHeight)
        #expect(Self.units(css["--find-line"]) == PageLayout.findLine)
        #expect(Self.units(css["--index-line"]) == PageLayout.indexLine)
    }
}
