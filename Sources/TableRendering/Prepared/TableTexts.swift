import Synchronization
import Mustache
import TableModel

/// One table definition's texts, escaped once when the renderer starts: titles, details, footers and ids never
/// change per request, so a page render only copies references to them.
final class TableTexts: Sendable {
    let vocabulary = Vocabulary.shared
    let definition: TableDefinition
    /// The size of this table's last page: the next render starts with that much room, so a large page is not
    /// copied through a series of doubling buffers (a 4 MB page went through nine).
    let pageSizeHint = Atomic<Int>(0)
    let title: MustacheText
    let tableID: MustacheText
    /// By section index.
    let sections: [SectionTexts]
    /// The edit-mode switch for each current mode (the switch depends on nothing else); empty when the table
    /// offers no edit modes.
    let editModeSwitches: [(mode: EditMode, buttons: PreparedValue)]

    init(_ definition: TableDefinition) {
        self.definition = definition
        title = MustacheText(definition.title)
        tableID = MustacheText(definition.id)
        sections = definition.sections.map(SectionTexts.init)
        editModeSwitches = Self.editModeSwitches(of: definition)
    }

    /// The edit-mode buttons when `mode` is the current one.
    func editModeButtons(in mode: EditMode) -> MustacheValue {
        editModeSwitches.first { $0.mode == mode }?.buttons.value ?? .null
    }

    /// The switch as the model presents it in each mode the table offers.
    private static func editModeSwitches(of definition: TableDefinition)
        -> [(mode: EditMode, buttons: PreparedValue)]
    {
        let initial = TableState(definition: definition)
        return definition.editModeChoices.compactMap { mode in
            guard case .success(let outcome) = initial.applying(.setEditMode(mode)) else { return nil }
            return (mode, PreparedValue(list: outcome.state.presentation.editModeChoices.map(EditModeButton.init)))
        }
    }
}
