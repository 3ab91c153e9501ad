import Mustache
import TableModel

/// A table page (docs/HTML.md, `TablePage`), from the model's `TablePresentation`.
struct TablePage: MustacheContext {
    let texts: TableTexts
    let csrf: MustacheText
    let showsIndexLink: Bool
    let offersEditModes: Bool
    let hasCollapsibleSections: Bool
    let editModes: MustacheValue
    let pageMessage: MustacheValue
    let sections: MustacheValue

    /// The page for `presentation`; `message` goes under the header of section `message.sectionID` when the table
    /// has it, else to the top of the page.
    init(
        _ presentation: TablePresentation,
        texts: TableTexts,
        csrf: MustacheText,
        message: PageMessage?,
        justExpanded: Set<String>,
        showsIndexLink: Bool
    ) {
        self.texts = texts
        self.csrf = csrf
        self.showsIndexLink = showsIndexLink
        offersEditModes = !presentation.editModeChoices.isEmpty
        hasCollapsibleSections = presentation.expansionControls != nil
        editModes = texts.editModeButtons(in: presentation.editMode)
        let sectionIndex = message?.sectionID.flatMap { presentation.table.section(id: $0)?.index }
        let view = message.map(Message.init)
        pageMessage = sectionIndex == nil ? view.map { .context($0) } ?? .null : .null
        sections = .list(presentation.sections.map { section in
            Section(
                section,
                texts: texts.sections[section.section.index],
                message: section.section.index == sectionIndex ? view : nil,
                justExpanded: !justExpanded.isEmpty && justExpanded.contains(section.section.id)
            )
        })
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = texts.vocabulary
        return switch key {
        case keys.tableID: .text(texts.tableID)
        case keys.csrf: .text(csrf)
        case keys.title: .text(texts.title)
        case keys.sections: sections
        case keys.showsIndexLink: .bool(showsIndexLink)
        case keys.offersEditModes: .bool(offersEditModes)
        case keys.editModes: editModes
        case keys.hasCollapsibleSections: .bool(hasCollapsibleSections)
        case keys.pageMessage: pageMessage
        default: nil
        }
    }
}
