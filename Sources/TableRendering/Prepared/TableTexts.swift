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
    /// The toolbar for each current mode (it depends on nothing else), by `UILanguage.index`; for Off alone when
    /// the table offers no edit modes.
    let toolbars: [[(mode: EditMode, toolbar: PreparedValue)]]
    /// The `lang` of the table's own texts on a page in each language, by `UILanguage.index`: the definition's
    /// `language` where it differs from the page's, else `nil` (the texts are in the page's language, or in one
    /// the definition does not name).
    let textLanguages: [MustacheText?]

    init(_ definition: TableDefinition, catalogues: StringCatalogues) {
        self.definition = definition
        title = MustacheText(definition.title)
        tableID = MustacheText(definition.id)
        sections = definition.sections.map { [tableID] in SectionTexts($0, tableID: tableID, catalogues: catalogues) }
        toolbars = UILanguage.allCases.map { [tableID] in
            Self.toolbars(of: definition, tableID: tableID, catalogue: catalogues[$0])
        }
        textLanguages = UILanguage.allCases.map { language in
            definition.language.flatMap { Self.isSameLanguage($0, language) ? nil : MustacheText($0) }
        }
    }

    /// The toolbar when `mode` is the current one.
    func toolbar(in mode: EditMode, language: UILanguage) -> MustacheValue {
        toolbars[language.index].first { $0.mode == mode }?.toolbar.borrowed ?? .null
    }

    /// Whether a text tagged `tag` is in `language`: `ja-JP` is, on a Japanese page (the primary subtag decides;
    /// tags are case-insensitive).
    static func isSameLanguage(_ tag: String, _ language: UILanguage) -> Bool {
        tag.split(separator: "-").first?.lowercased() == language.rawValue
    }

    /// The toolbar in each mode the table offers, its switch as the model presents it (``TableState/editModeChoices``,
    /// not the whole presentation: on a table of 100,000 rows, presenting every row for each mode was a fifth of the
    /// start-up).
    private static func toolbars(of definition: TableDefinition, tableID: MustacheText, catalogue: StringCatalogue)
        -> [(mode: EditMode, toolbar: PreparedValue)]
    {
        let initial = TableState(definition: definition)
        let hasCollapsibleSections = definition.sections.contains(where: \.isCollapsible)
        let modes = definition.editModeChoices.isEmpty ? [EditMode.off] : definition.editModeChoices
        return modes.compactMap { mode in
            guard case .success(let outcome) = initial.applying(.setEditMode(mode)) else { return nil }
            let buttons = outcome.state.editModeChoices.map { choice in
                EditModeButton(choice, label: catalogue.name(of: choice.mode))
            }
            return (mode, PreparedValue(Toolbar(tableID: tableID, editModes: buttons,
                                                hasCollapsibleSections: hasCollapsibleSections)))
        }
    }
}
