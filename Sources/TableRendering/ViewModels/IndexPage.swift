import Mustache
import TableModel

/// The list of tables (docs/HTML.md, `IndexPage`).
struct IndexPage: MustacheContext {
    let tables: MustacheValue

    init(_ tables: [TableTexts], language: UILanguage) {
        self.tables = .list(tables.map { TableLink($0, language: language) })
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return key == keys.tables ? tables : nil
    }
}

/// One table of the index: its id for `/tables/{id}`, its title and the title's `lang` where it differs from the
/// page's.
struct TableLink: MustacheContext {
    let texts: TableTexts
    let textLanguage: MustacheText?

    init(_ texts: TableTexts, language: UILanguage) {
        self.texts = texts
        textLanguage = texts.textLanguages[language.index]
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.id: .borrowing(texts.tableID)
        case keys.title: .borrowing(texts.title)
        case keys.textLanguage: textLanguage.map { .borrowing($0) } ?? .null
        default: nil
        }
    }
}
