/// The tables of one definition file, in file order, looked up by id.
public struct TableCatalog: Sendable {
    /// The tables in file order.
    public let tables: [TableDefinition]
    private let indexByID: [String: Int]

    init(tables: [TableDefinition]) {
        self.tables = tables
        indexByID = Dictionary(tables.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The table with this id.
    public func table(id: String) -> TableDefinition? {
        indexByID[id].map { tables[$0] }
    }

    /// The number of sections in all tables.
    public var sectionCount: Int {
        tables.reduce(0) { $0 + $1.sections.count }
    }

    /// The number of rows in all tables.
    public var rowCount: Int {
        tables.reduce(0) { $0 + $1.rows.count }
    }

    /// What `tableview check` prints for a valid file, each count with its noun in the singular or plural:
    /// `ok: 1 table, 2 sections, 9 rows`. It stays English, as all command-line output does.
    public var summary: String {
        "ok: " + [(tables.count, "table"), (sectionCount, "section"), (rowCount, "row")]
            .map { count, noun in "\(count) \(noun)\(count == 1 ? "" : "s")" }
            .joined(separator: ", ")
    }
}
