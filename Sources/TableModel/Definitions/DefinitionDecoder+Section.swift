/// Where a section sits in its table, for the indices its rows are given.
struct SectionContext {
    var index: Int
    var firstRowIndex: Int
}

extension DefinitionDecoder {
    func decodeSection(
        _ node: JSONNode,
        at path: JSONPath,
        context: SectionContext,
        sectionIDs: inout Set<String>,
        rowIDs: inout Set<String>
    ) -> SectionDefinition? {
        guard let section = ObjectReader(node, at: path, expecting: "a section object", fields: Self.sectionFields,
                                         log: log)
        else { return nil }
        let id = section.id("id")
        if let id, !sectionIDs.insert(id).inserted {
            section.report("id", "duplicate section id \(TextRules.quoted(id))")
        }
        let title = section.text("title", required: true)
        let footer = section.text("footer", required: false)
        let indexTitle = section.text("indexTitle", required: false)
        if let indexTitle, indexTitle.count > SectionDefinition.maximumIndexTitleLength {
            section.report("indexTitle", "has \(indexTitle.count) characters: a label of the section index has at most "
                + "\(SectionDefinition.maximumIndexTitleLength)")
        }
        let kind = decodeSelectionKind(section)
        let allowsEmptySelection = section.bool("allowsEmptySelection")
        if section.contains("allowsEmptySelection"), let kind, kind != .single {
            section.report("allowsEmptySelection", #"applies only to single sections ("selection": "single")"#)
        }
        let maxSelected = section.integer("maxSelected", required: false, in: 1...Int.max)
        if section.contains("maxSelected"), let kind, kind != .multiple {
            section.report("maxSelected", #"applies only to multiple sections ("selection": "multiple")"#)
        }
        let collapsible = section.bool("collapsible")
        let expanded = section.bool("expanded")
        let collapsibleIsValid = collapsible != nil || !section.contains("collapsible")
        if section.contains("expanded"), collapsibleIsValid, collapsible != true {
            section.report("expanded", #"applies only to collapsible sections ("collapsible": true)"#)
        }
        let nodes = section.array("rows", required: true) ?? []
        var rows: [RowDefinition] = []
        var tally = InitialSelectionTally(kind: kind, maxSelected: maxSelected)
        for (index, node) in nodes.enumerated() {
            let location = RowLocation(sectionIndex: context.index, indexInSection: index,
                                       tableIndex: context.firstRowIndex + index)
            let row = decodeRow(node, at: path.appending("rows").appending(index), location: location,
                                tally: &tally, rowIDs: &rowIDs)
            row.map { rows.append($0) }
        }
        guard let id, let title, let kind, rows.count == nodes.count, section.contains("rows") else { return nil }
        return SectionDefinition(
            id: id,
            title: title,
            footer: footer,
            indexTitle: indexTitle ?? SectionDefinition.defaultIndexTitle(of: title),
            selection: kind,
            allowsEmptySelection: allowsEmptySelection ?? false,
            maxSelected: maxSelected,
            isCollapsible: collapsible ?? false,
            isInitiallyExpanded: expanded ?? true,
            rows: rows,
            index: context.index
        )
    }

    /// The section's selection kind (`none` when absent), or `nil` when the value is not one.
    private func decodeSelectionKind(_ section: ObjectReader) -> SelectionKind? {
        let allowed = #""none", "single" or "multiple""#
        guard let name = section.value("selection", required: false, expecting: allowed, {
            if case .string(let name) = $0 { name } else { nil }
        }) else {
            return section.contains("selection") ? nil : SelectionKind.none
        }
        guard let kind = SelectionKind(rawValue: name) else {
            section.report("selection", "expected \(allowed), found \(TextRules.quoted(name))")
            return nil
        }
        return kind
    }
}
