import HTTPServer
import TableModel
import Testing
@testable import TableviewApp

@Suite struct ActionFormTests {
    private func fields(_ pairs: (String, String)...) -> FormFields {
        FormFields(URLEncodedForm(pairs.map { NameValuePair(name: $0.0, value: $0.1) }))
    }

    @Test func everyEndpointStatesATargetState() throws {
        #expect(try ActionEndpoint.select.action(row: "a", section: nil, fields: fields()) == .select(row: "a"))
        #expect(try ActionEndpoint.deselect.action(row: "a", section: nil, fields: fields()) == .deselect(row: "a"))
        #expect(try ActionEndpoint.sectionExpansion.action(row: nil, section: "s", fields: fields(("expanded", "false")))
            == .setExpanded(section: "s", expanded: false))
        #expect(try ActionEndpoint.tableExpansion.action(row: nil, section: nil, fields: fields(("expanded", "true")))
            == .setAllExpanded(true))
        #expect(try ActionEndpoint.editMode.action(row: nil, section: nil, fields: fields(("mode", "sort")))
            == .setEditMode(.sort))
        #expect(try ActionEndpoint.position.action(row: "a", section: nil, fields: fields(("index", "12"), ("from", "3")))
            == .move(row: "a", toIndex: 12, fromIndex: 3))
        #expect(throws: MalformedForm.self) {
            try ActionEndpoint.position.action(row: "a", section: nil, fields: fields(("index", "12")))
        }
        #expect(try ActionEndpoint.deletion.action(row: "a", section: nil, fields: fields()) == .delete(row: "a"))
        #expect(try ActionEndpoint.undo.action(row: nil, section: nil, fields: fields(("row", "a")))
            == .undoDeletion(row: "a"))
        #expect(try ActionEndpoint.reset.action(row: nil, section: nil, fields: fields()) == .reset)
        #expect(try ActionEndpoint.undoReset.action(row: nil, section: nil, fields: fields()) == .undoReset)
    }

    @Test func otherFieldsSuchAsTheTokenAreIgnored() throws {
        let form = fields(("csrf", "x"), ("expanded", "true"), ("extra", "1"))
        #expect(try ActionEndpoint.sectionExpansion.action(row: nil, section: "s", fields: form)
            == .setExpanded(section: "s", expanded: true))
    }

    @Test(arguments: [
        ("expanded", [("expanded", "yes")]),
        ("expanded", []),
        ("expanded", [("expanded", "true"), ("expanded", "false")]),
        ("index", [("index", "-1")]),
        ("index", [("index", "1e3")]),
        ("index", [("index", "")]),
        ("index", [("index", "9999999999")]),
        ("mode", [("mode", "edit")]),
        ("mode", [("mode", "Off")]),
    ])
    func malformedFieldsAreRefusedByName(_ field: String, _ pairs: [(String, String)]) {
        let endpoint: ActionEndpoint = switch field {
        case "index": .position
        case "mode": .editMode
        default: .sectionExpansion
        }
        let form = FormFields(URLEncodedForm(pairs.map { NameValuePair(name: $0.0, value: $0.1) }))
        #expect {
            try endpoint.action(row: "a", section: nil, fields: form)
        } throws: { error in
            (error as? MalformedForm)?.message.contains("“\(field)”") == true
        }
    }

    @Test func echoedValuesAreCutShort() {
        #expect(echo(String(repeating: "x", count: 1000)).count < 50)
        #expect(echo("off!") == "“off!”")
    }
}
