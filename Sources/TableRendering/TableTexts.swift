import Mustache
import TableModel

/// One table definition's texts, escaped once when the renderer starts: titles, details, footers and ids never
/// change per request, so a page render only copies references to them.
final class TableTexts: Sendable {
    let definition: TableDefinition
    let title: MustacheText
    let tableID: MustacheText
    /// By section index.
    let sections: [SectionTexts]
    /// The edit-mode switch for each current mode (the switch depends on nothing else); empty when the table
    /// offers no edit modes.
    let editModeButtons: [EditMode: [EditModeButton]]

    init(_ definition: TableDefinition) {
        self.definition = definition
        title = MustacheText(definition.title)
        tableID = MustacheText(definition.id)
        sections = definition.sections.map(SectionTexts.init)
        editModeButtons = Self.editModeButtons(of: definition)
    }

    /// The texts of a row of this table.
    func row(_ row: RowDefinition) -> RowTexts {
        sections[row.sectionIndex].rows[row.indexInSection]
    }

    /// The switch as the model presents it in each mode the table offers.
    private static func editModeButtons(of definition: TableDefinition) -> [EditMode: [EditModeButton]] {
        var buttons: [EditMode: [EditModeButton]] = [:]
        let initial = TableState(definition: definition)
        for mode in definition.editModeChoices {
            guard case .success(let outcome) = initial.applying(.setEditMode(mode)) else { continue }
            let choices = outcome.state.presentation.editModeChoices
            buttons[mode] = choices.map(EditModeButton.init)
        }
        return buttons
    }
}

/// One section's texts.
final class SectionTexts: Sendable {
    let id: MustacheText
    let title: MustacheText
    let footer: MustacheText?
    /// By index in the section's definition.
    let rows: [RowTexts]

    init(_ section: SectionDefinition) {
        id = MustacheText(section.id)
        title = MustacheText(section.title)
        footer = section.footer.map { MustacheText($0) }
        rows = section.rows.map(RowTexts.init)
    }
}

/// One row's texts: one reference for a row view model to hold.
final class RowTexts: Sendable {
    let id: MustacheText
    let title: MustacheText
    let detail: MustacheText?

    init(_ row: RowDefinition) {
        id = MustacheText(row.id)
        title = MustacheText(row.title)
        detail = row.detail.map { MustacheText($0) }
    }
}
