/// The state file format: what `GET /tables/{id}/state.json` answers and `tableview render --state FILE` reads.
///
/// ```json
/// {
///   "table": "sento",
///   "editMode": "off",
///   "selected": ["bunka"],
///   "collapsed": ["extras"],
///   "order": {"favorite": ["hachiman", "bunka"]},
///   "deleted": ["kitano"],
///   "undo": [{"row": "kitano", "section": "favorite", "index": 2, "selected": false}]
/// }
/// ```
/// Every field is required, so a file says exactly what it means:
/// - `table`: the table's id;
/// - `editMode`: `"off"`, or one of the modes the table offers;
/// - `selected`: every selected row (none deleted, none in a `none` section, at most one per single section, at
///   most `maxSelected` per multiple section);
/// - `collapsed`: the collapsible sections that are collapsed (all others, and every section that does not
///   collapse, are expanded);
/// - `order`: for sections whose rows are no longer in the definition's order (one that only lost rows is not
///   named), the rows now in the section, in order: row ids, or ranges `"FIRST..LAST"` for the rows of the
///   definition from FIRST through LAST (export writes runs of three rows or more so);
///   it lists every row of the section that is not deleted, with the locked rows (`"movable": false`) in their
///   defined order and no row past a locked row that cannot be deleted. A section not named keeps its defined
///   order, less its deleted rows;
/// - `deleted`: every deleted row;
/// - `undo`: the deletions Undo can reverse, oldest first (the last is what Undo restores), at most
///   `TableState.undoLimit`; each names a deleted row, its section, its index when deleted and whether it was
///   selected.
///
/// Export lists rows and sections in definition order and writes `order` only where it differs, so equal states
/// export equal text.
extension TableState {
    /// The state as JSON text (see the format above), indented when `pretty`.
    public func exportJSON(pretty: Bool = false) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.beginObject()
        writer.key("table")
        writer.string(definition.id)
        writer.key("editMode")
        writer.string(editMode.rawValue)
        writer.key("selected")
        writer.stringArray(selectedRowIDs)
        writer.key("collapsed")
        writer.stringArray(definition.sections.filter { $0.isCollapsible && !isExpanded($0) }.map(\.id))
        writer.key("order")
        writer.beginObject()
        for order in orders {
            let section = definition.sections[Int(order.section)]
            writer.key(section.id)
            // Runs of three rows or more as ranges, so a move in a large section writes a few strings, not every id.
            writer.stringArray(order.runs.flatMap { run -> [String] in
                let rows = section.rows[Int(run.start)..<Int(run.start + run.count)]
                return rows.count >= 3 ? ["\(rows.first!.id)..\(rows.last!.id)"] : rows.map(\.id)
            })
        }
        writer.endObject()
        writer.key("deleted")
        writer.stringArray(deletedRowIDs)
        writer.key("undo")
        writer.beginArray()
        for deletion in undoHistory {
            writer.beginObject()
            writer.key("row")
            writer.string(deletion.row.id)
            writer.key("section")
            writer.string(definition.sections[deletion.row.sectionIndex].id)
            writer.key("index")
            writer.integer(deletion.index)
            writer.key("selected")
            writer.bool(deletion.wasSelected)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.output
    }

    /// Reads a state file for one of the catalog's tables (named by its `table` field), or every problem found.
    public static func decode(json bytes: [UInt8], in catalog: TableCatalog) -> Result<TableState, DecodingProblems> {
        decode(bytes, table: catalog.table(id:)) { id in
            "unknown table \(TextRules.quoted(id))"
        }
    }

    /// Reads a state file that must be of `definition`'s table, or every problem found.
    public static func decode(json bytes: [UInt8], for definition: TableDefinition)
        -> Result<TableState, DecodingProblems>
    {
        decode(bytes, table: { $0 == definition.id ? definition : nil }) { id in
            "the state is of table \(TextRules.quoted(id)), not \(TextRules.quoted(definition.id))"
        }
    }

    private static func decode(
        _ bytes: [UInt8],
        table: (String) -> TableDefinition?,
        unknownTable: (String) -> String
    ) -> Result<TableState, DecodingProblems> {
        let log = ProblemLog(bytes)
        guard let root = log.parse(bytes),
            let reader = ObjectReader(root, at: .root, expecting: "a state object", fields: StateDecoder.fields,
                                      log: log),
            let id = reader.string("table", required: true)
        else {
            return .failure(log.problems)
        }
        guard let definition = table(id) else {
            reader.report("table", unknownTable(id))
            return .failure(log.problems)
        }
        let state = StateDecoder(definition: definition, reader: reader, log: log).decode()
        guard log.isEmpty, let state else {
            return .failure(log.problems)
        }
        return .success(state)
    }
}
