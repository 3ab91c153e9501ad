/// Validates a parsed definition file into tables, logging each problem at its path. Decoding goes on after a
/// problem wherever the rest can still be checked, so a file's problems are all reported at once.
struct DefinitionDecoder {
    let log: ProblemLog

    static let tableFields = ["id", "title", "language", "editModes", "sections"]
    static let sectionFields = [
        "id", "title", "footer", "indexTitle", "selection", "allowsEmptySelection", "maxSelected", "collapsible",
        "expanded",
        "rows",
    ]
    static let rowFields = ["id", "title", "detail", "selected", "deletable", "movable"]

    /// The file's tables; `nil` or incomplete only when problems were logged.
    func decodeFile(_ root: JSONNode) -> [TableDefinition]? {
        guard case .object(let members) = root.value, members.contains(where: { $0.key == "tables" }) else {
            var tableIDs = Set<String>()
            return decodeTable(root, at: .root, tableIDs: &tableIDs).map { [$0] }
        }
        let expectation = #"{"tables": [...]} (or one table object)"#
        guard let file = ObjectReader(root, at: .root, expecting: expectation, fields: ["tables"], log: log),
            let nodes = file.array("tables", required: true)
        else { return nil }
        if nodes.isEmpty {
            file.report("tables", "a file needs at least one table")
        }
        var tableIDs = Set<String>()
        let tables = nodes.enumerated().compactMap { index, node in
            decodeTable(node, at: file.path.appending("tables").appending(index), tableIDs: &tableIDs)
        }
        return tables.count == nodes.count ? tables : nil
    }

    private func decodeTable(_ node: JSONNode, at path: JSONPath, tableIDs: inout Set<String>) -> TableDefinition? {
        let expectation = path.components.isEmpty ? #"a table object (or {"tables": [...]})"# : "a table object"
        guard let table = ObjectReader(node, at: path, expecting: expectation, fields: Self.tableFields, log: log)
        else { return nil }
        let id = table.id("id")
        if let id, !tableIDs.insert(id).inserted {
            table.report("id", "duplicate table id \(TextRules.quoted(id))")
        }
        let title = table.text("title", required: true)
        let language = table.string("language", required: false)
        // Absent is fine; present, it must be a string holding a well-formed tag.
        var languageIsValid = language != nil || !table.contains("language")
        if let language, let problem = TextRules.languageTagProblem(language) {
            table.report("language", problem)
            languageIsValid = false
        }
        let editModes = decodeEditModes(table)
        let sectionNodes = table.array("sections", required: true)
        if sectionNodes?.isEmpty == true {
            table.report("sections", "a table needs at least one section")
        }
        let nodes = sectionNodes ?? []
        var sectionIDs = Set<String>()
        var rowIDs = Set<String>()
        var firstRowIndex = 0
        var sections: [SectionDefinition] = []
        for (index, node) in nodes.enumerated() {
            let context = SectionContext(index: index, firstRowIndex: firstRowIndex)
            let section = decodeSection(node, at: path.appending("sections").appending(index), context: context,
                                        sectionIDs: &sectionIDs, rowIDs: &rowIDs)
            firstRowIndex += section?.rows.count ?? 0
            section.map { sections.append($0) }
        }
        guard let id, let title, let editModes, sections.count == nodes.count else { return nil }
        guard languageIsValid else { return nil }
        return TableDefinition(id: id, title: title, language: language, editModes: editModes, sections: sections)
    }

    private func decodeEditModes(_ table: ObjectReader) -> [EditMode]? {
        guard let nodes = table.array("editModes", required: false) else {
            return table.contains("editModes") ? nil : []
        }
        var modes: [EditMode] = []
        for (index, node) in nodes.enumerated() {
            let path = table.path.appending("editModes").appending(index)
            let allowed = #"expected "all", "delete" or "sort""#
            guard case .string(let name) = node.value else {
                log.report(path, at: node.offset, "\(allowed), found \(node.value.kindDescription)")
                continue
            }
            guard let mode = EditMode(rawValue: name), mode != .off else {
                let message = name == EditMode.off.rawValue
                    ? #""off" is always offered; list only "all", "delete" or "sort""#
                    : "unknown edit mode \(TextRules.quoted(name)): \(allowed)"
                log.report(path, at: node.offset, message)
                continue
            }
            if modes.contains(mode) {
                log.report(path, at: node.offset, "duplicate edit mode \(TextRules.quoted(name))")
            }
            modes.append(mode)
        }
        return modes.count == nodes.count ? modes : nil
    }
}
