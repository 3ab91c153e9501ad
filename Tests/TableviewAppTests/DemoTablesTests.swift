import TableModel
import Testing
@testable import TableviewApp

/// SPEC §7: the built-in demo, one table per technique.
@Suite struct DemoTablesTests {
    private let catalog = try! DefinitionLoader.load(DemoTables.json).get()

    @Test func demoDefinitionIsValid() {
        #expect(DefinitionLoader.check(Array(DemoTables.json.utf8)).isValid)
        #expect(catalog.tables.map(\.id) == ["sento", "edit", "accordion"])
    }

    @Test func sentoHasTheSingleChoiceSectionAndALimitedMultipleOne() throws {
        let sento = try #require(catalog.table(id: "sento"))
        let favorite = try #require(sento.sections.first { $0.title == "お好きな銭湯" })
        #expect(favorite.selection == .single)
        #expect(Array(favorite.rows.map(\.title).prefix(3)) == ["文化浴泉", "八幡湯", "北欧"])
        #expect(sento.sections.contains { $0.selection == .multiple && $0.maxSelected != nil })
        #expect(sento.sections.contains { $0.selection == .multiple && $0.maxSelected == nil })
    }

    @Test func editOffersEveryModeWithTheTopTwoRowsLocked() throws {
        let edit = try #require(catalog.table(id: "edit"))
        #expect(Set(edit.editModes) == [.all, .delete, .sort])
        let rows = edit.sections[0].rows
        #expect(rows.prefix(2).allSatisfy { row in !row.isMovable && !row.isDeletable })
        #expect(rows.dropFirst(2).allSatisfy { row in row.isMovable && row.isDeletable })
    }

    @Test func accordionHasCollapsibleSectionsSomeCollapsedAtStart() throws {
        let accordion = try #require(catalog.table(id: "accordion"))
        #expect(accordion.sections.count >= 3)
        #expect(accordion.sections.allSatisfy { $0.isCollapsible })
        #expect(accordion.sections.contains { !$0.isInitiallyExpanded })
        #expect(accordion.sections.contains { $0.isInitiallyExpanded })
    }
}
