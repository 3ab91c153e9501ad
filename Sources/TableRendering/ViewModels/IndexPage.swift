import Mustache
import TableModel

/// The list of tables (docs/HTML.md, `IndexPage`).
struct IndexPage: MustacheContext {
    let tables: MustacheValue

    init(_ tables: [TableTexts]) {
        self.tables = .list(tables.map(TableLink.init))
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return key == keys.tables ? tables : nil
    }
}

/// One table of the index: its id for `/tables/{id}` and its title.
struct TableLink: MustacheContext {
    let texts: TableTexts

    init(_ texts: TableTexts) {
        self.texts = texts
    }

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        let keys = Vocabulary.shared
        return switch key {
        case keys.id: .text(texts.tableID)
        case keys.title: .text(texts.title)
        default: nil
        }
    }
}
