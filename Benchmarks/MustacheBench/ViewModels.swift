import Mustache

/// View models as the product writes them: structs answering through key constants.
struct PageView: MustacheContext {
    enum Keys {
        static let id = MustacheKey("id")
        static let tableID = MustacheKey("tableID")
        static let title = MustacheKey("title")
        static let csrf = MustacheKey("csrf")
        static let editing = MustacheKey("editing")
        static let message = MustacheKey("message")
        static let sections = MustacheKey("sections")
    }

    var id: MustacheText
    var title: MustacheText
    var csrf: MustacheText
    var editing: Bool
    var message: String?
    var sections: [MustacheValue]

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.id, Keys.tableID: .text(id)
        case Keys.title: .text(title)
        case Keys.csrf: .text(csrf)
        case Keys.editing: .bool(editing)
        case Keys.message: .string(message)
        case Keys.sections: .list(sections)
        default: nil
        }
    }
}

struct SectionView: MustacheContext {
    enum Keys {
        static let id = MustacheKey("id")
        static let title = MustacheKey("title")
        static let footer = MustacheKey("footer")
        static let rows = MustacheKey("rows")
    }

    /// Rows prepared as values once, or view models turned into values on every render (one box each).
    enum Rows {
        case values([MustacheValue])
        case views([RowView])
    }

    var id: MustacheText
    var title: MustacheText
    var footer: String?
    var rows: Rows

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.id: .text(id)
        case Keys.title: .text(title)
        case Keys.footer: .string(footer)
        case Keys.rows:
            switch rows {
            case .values(let values): .list(values)
            case .views(let views): .list(views)
            }
        default: nil
        }
    }
}

struct RowView: MustacheContext {
    enum Keys {
        static let id = MustacheKey("id")
        static let title = MustacheKey("title")
        static let detail = MustacheKey("detail")
        static let selected = MustacheKey("selected")
    }

    var id: MustacheText
    var title: String
    var detail: String?
    var selected: Bool

    func mustacheValue(for key: MustacheKey) -> MustacheValue? {
        switch key {
        case Keys.id: .text(id)
        case Keys.title: .string(title)
        case Keys.detail: .string(detail)
        case Keys.selected: .bool(selected)
        default: nil
        }
    }
}

extension PageView {
    /// Three sections of ten rows; titles carry characters that need escaping.
    static func sample(preparingRows: Bool) -> PageView {
        let sections = (1...3).map { section in
            let rows = (1...10).map { row in
                RowView(
                    id: MustacheText("r\(section)-\(row)"),
                    title: "Row \(row) of \"section\" \(section)",
                    detail: row.isMultiple(of: 3) ? "£\(row * 3)" : nil,
                    selected: row == 2
                )
            }
            return SectionView(
                id: MustacheText("s\(section)"),
                title: MustacheText("Section \(section) – Fish & Chips"),
                footer: section == 3 ? "Prices include <VAT>" : nil,
                rows: preparingRows ? .values(rows.map { .context($0) }) : .views(rows)
            )
        }
        return PageView(
            id: MustacheText("menu"),
            title: MustacheText("Menu"),
            csrf: MustacheText("Zm9vYmFyYmF6cXV1eA"),
            editing: false,
            message: nil,
            sections: sections.map { .context($0) }
        )
    }
}
