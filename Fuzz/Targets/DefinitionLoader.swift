import TableModel

/// libFuzzer target `definition-loader`: `DefinitionLoader.load` on arbitrary bytes, as `--tables FILE` and
/// `tableview check` read them.
///
/// A refused file must come with at least one problem, each rendered as text. An accepted one must give tables
/// whose initial state is initial and survives the state file format: exported, decoded against the catalog and
/// exported again, it is the same state and the same text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDefinitionLoader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch DefinitionLoader.load(bytes) {
    case .success(let catalog):
        _ = catalog.summary
        for table in catalog.tables {
            let state = TableState(definition: table)
            if !state.isInitial { preconditionFailure("a fresh state of \(table.id) is not initial") }
            StateFuzzing.checkRoundTrip(state, in: catalog)
        }
    case .failure(let problems):
        if problems.problems.isEmpty { preconditionFailure("a refused definition names no problem") }
        _ = problems.description
    }
    return 0
}
