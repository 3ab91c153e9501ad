import Testing
import TableModel

/// SPEC §10, the position picker: the places a row can reach in one move follow the move rules (§2 "Editing").
/// The `queue` section is `head` (locked), m1, m2, `pillar` (locked), m3, m4.
@Suite struct MovePlacesTests {
    let initial = RulesTable.initial

    @Test func aRowReachesItsRunBetweenLockedRowsAndNothingPastThem() throws {
        let state = try initial.after(.setEditMode(.sort))
        let m1 = try #require(state.movePlaces(ofRow: "m1"))
        #expect(m1.reach == .run(1...2))
        #expect(m1.places(in: 0...5) == [2], "its own index is not a place; head and pillar are not passed")
        let m4 = try #require(state.movePlaces(ofRow: "m4"))
        #expect(m4.places(in: 0...5) == [4])
    }

    @Test func deletingALockedRowJoinsTheRuns() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "pillar"))
        let m4 = try #require(state.movePlaces(ofRow: "m4"))
        #expect(m4.reach == .run(1...4))
        #expect(m4.places(in: 0...4) == [1, 2, 3])
    }

    @Test func everyPlaceIsAMoveTheRulesAccept() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "pillar"))
        let m2 = try #require(state.movePlaces(ofRow: "m2"))
        for place in m2.places(in: 0...4) {
            let moved = try state.after(m2.action(movingTo: place))
            #expect(moved.index(ofRow: "m2") == place)
            #expect(moved.index(ofRow: "head") == 0, "the locked row keeps its index")
        }
    }

    @Test func aPlaceIsNamedByTheRowsTheMovedRowComesToRestBetween() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "pillar"))
        let m2 = try #require(state.movePlaces(ofRow: "m2"))
        // The others, in order: head, m1, m3, m4. At index 1, m2 rests between head and m1.
        #expect(m2.rowAfter(place: 1)?.id == "head")
        #expect(m2.rowBefore(place: 1)?.id == "m1")
        #expect(m2.rowBefore(place: 4) == nil, "the end of the section")
        #expect(m2.rowAfter(place: 4)?.id == "m4")
        #expect(m2.rowAfter(place: 0) == nil)
    }

    @Test func aLockedRowHasNoPlaces() throws {
        let places = try #require(try initial.after(.setEditMode(.sort)).movePlaces(ofRow: "pillar"))
        #expect(places.reach == .rowNotMovable)
        #expect(!places.hasPlaces)
        #expect(places.places(in: 0...5).isEmpty)
    }

    @Test func rowsHaveNoPlacesOutsideTheModesThatReorder() throws {
        for mode in [EditMode.off, .delete] {
            let state = mode == .off ? initial : try initial.after(.setEditMode(mode))
            #expect(state.movePlaces(ofRow: "m1")?.reach == .notInReorderingMode)
        }
        #expect(try initial.after(.setEditMode(.all)).movePlaces(ofRow: "m1")?.hasPlaces == true)
    }

    @Test func aDeletedRowHasNoPlacesAndAnUnknownRowNoPicker() throws {
        let state = try initial.after(.setEditMode(.all), .delete(row: "m1"))
        #expect(state.movePlaces(ofRow: "m1")?.reach == .rowIsDeleted)
        #expect(state.movePlaces(ofRow: "nope") == nil)
    }

    @Test func placesComeInGroupsOfAtMostFifty() {
        #expect(MovePlaces.groups(of: 0...49, maximum: 50) == [0...49])
        let groups = MovePlaces.groups(of: 0...1999, maximum: 50)
        #expect(groups.count == 40)
        #expect(groups.first == 0...49 && groups.last == 1950...1999)
        let run = MovePlaces.groups(of: 3...1005, maximum: 50)
        #expect(run.first == 3...52 && run.last == 1003...1005, "groups start at the run's first index")
        let huge = MovePlaces.groups(of: 0...99_999, maximum: 50)
        #expect(huge.count == 40 && huge[0] == 0...2499, "a 100,000-row section: 40 groups of 2,500")
        #expect(MovePlaces.groups(of: huge[0], maximum: 50).count == 50)
    }
}
