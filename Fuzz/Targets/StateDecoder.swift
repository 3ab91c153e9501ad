import TableModel

/// libFuzzer target `state-decoder`: `TableState.decode(json:in:)` on arbitrary bytes, as `tableview render
/// --state FILE` and the session state file read them, against a fixed catalog with every kind of section.
///
/// A refused state must name a problem. An accepted one must survive the format: exported, decoded and exported
/// again, it is the same state and the same text (the export is canonical).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStateDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    switch TableState.decode(json: bytes, in: StateFuzzing.catalog) {
    case .success(let state):
        StateFuzzing.checkRoundTrip(state, in: StateFuzzing.catalog)
    case .failure(let problems):
        if problems.problems.isEmpty { preconditionFailure("a refused state names no problem") }
        _ = problems.description
    }
    return 0
}
