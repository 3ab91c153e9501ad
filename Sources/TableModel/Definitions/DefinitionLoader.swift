/// Reads table definition files (SPEC §1): one table object, or `{"tables": [table, ...]}`.
///
/// Every rule of the format is checked and every problem of a file is reported, each naming its JSON path from the
/// file's root (`tables[0].sections[2].rows[1].id: duplicate row id "bunka"`, or `sections[2]…` when the file holds
/// one table). Decisions beyond the spec's table of fields:
/// - a file holds at least one table and a table at least one section; a section may have no rows (it shows its
///   empty note, as a section whose rows were all deleted does);
/// - titles, details and footers must not be empty or only white space;
/// - `editModes` may not list `"off"` (always offered) nor a mode twice; the switch shows modes in the order
///   Off, All, Delete only, Reorder only whatever the file's order;
/// - a field that does not apply (`allowsEmptySelection` outside single sections, `maxSelected` outside multiple
///   ones, `selected` in a `none` section, `expanded` without `"collapsible": true`) is refused even when it holds
///   the default value;
/// - a duplicate key in a JSON object is refused (the first one is kept for the remaining checks).
public enum DefinitionLoader {
    /// The file's tables, or every problem found.
    public static func load(_ bytes: [UInt8]) -> Result<TableCatalog, DecodingProblems> {
        let log = ProblemLog(bytes)
        guard let root = log.parse(bytes) else {
            return .failure(log.problems)
        }
        let tables = DefinitionDecoder(log: log).decodeFile(root)
        guard log.isEmpty, let tables else {
            return .failure(log.problems)
        }
        return .success(TableCatalog(tables: tables))
    }

    /// The tables of a definition given as text.
    public static func load(_ text: String) -> Result<TableCatalog, DecodingProblems> {
        load(Array(text.utf8))
    }

    /// What `tableview check FILE` prints, and whether the file is valid (exit status 0, else 1). With `file`,
    /// each line names it as compilers do: `FILE: ok: …`, or `FILE:LINE:COLUMN: path: message` per problem.
    public static func check(_ bytes: [UInt8], file: String? = nil) -> DefinitionCheck {
        switch load(bytes) {
        case .success(let catalog):
            DefinitionCheck(isValid: true, output: file.map { "\($0): " + catalog.summary } ?? catalog.summary)
        case .failure(let problems):
            DefinitionCheck(isValid: false, output: file.map(problems.located(in:)) ?? problems.description)
        }
    }
}

/// The outcome of `tableview check`.
public struct DefinitionCheck: Sendable, Hashable {
    /// Whether the file is a valid definition.
    public let isValid: Bool
    /// `ok: 1 table, 2 sections, 9 rows`, or every problem, one per line (no trailing newline); each line starts
    /// with the file's name when one was given.
    public let output: String

    /// The process exit status `tableview check` ends with.
    public var exitStatus: Int32 {
        isValid ? 0 : 1
    }
}
