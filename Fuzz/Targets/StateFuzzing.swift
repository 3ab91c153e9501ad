import TableModel

/// What the two table-model targets share: the state round trip and the catalog states are decoded against.
enum StateFuzzing {
    /// Exports `state`, decodes the export and exports that again: the state and the text must not change.
    static func checkRoundTrip(_ state: TableState, in catalog: TableCatalog) {
        let text = state.exportJSON()
        switch TableState.decode(json: Array(text.utf8), in: catalog) {
        case .success(let decoded):
            if decoded != state { preconditionFailure("state changed through its export: \(text)") }
            if decoded.exportJSON() != text { preconditionFailure("export is not canonical: \(text)") }
        case .failure(let problems):
            preconditionFailure("an exported state does not decode: \(problems)\n\(text)")
        }
    }

    /// Two tables: single, multiple (with and without a limit) and plain sections, collapsible ones expanded and
    /// collapsed, rows locked against deletion and moving, every edit mode on one table and none on the other.
    static let catalog: TableCatalog = {
        switch DefinitionLoader.load(definitions) {
        case .success(let catalog): return catalog
        case .failure(let problems): preconditionFailure("the fuzzing catalog does not load: \(problems)")
        }
    }()

    static let definitions = """
        {"tables": [
          {"id": "sento", "title": "銭湯めぐり", "editModes": ["all", "delete", "sort"], "sections": [
            {"id": "favorite", "title": "Favourite", "selection": "single", "collapsible": true, "rows": [
              {"id": "bunka", "title": "文化浴泉", "detail": "Meguro", "deletable": false, "movable": false},
              {"id": "hachiman", "title": "八幡湯", "selected": true},
              {"id": "hokuo", "title": "北欧"}]},
            {"id": "extras", "title": "Extras", "selection": "multiple", "maxSelected": 2, "collapsible": true,
             "expanded": false, "rows": [
              {"id": "sauna", "title": "Sauna", "selected": true, "movable": false},
              {"id": "cold", "title": "Cold bath"},
              {"id": "milk", "title": "Milk"},
              {"id": "towel", "title": "Towel", "deletable": false}]},
            {"id": "any", "title": "Any", "selection": "multiple", "rows": [
              {"id": "a1", "title": "A1"}, {"id": "a2", "title": "A2"}]},
            {"id": "notes", "title": "Notes", "footer": "Plain rows", "rows": [
              {"id": "n1", "title": "N1"}, {"id": "n2", "title": "N2", "movable": false}]},
            {"id": "empty", "title": "Empty", "selection": "single", "allowsEmptySelection": true, "rows": []}]},
          {"id": "plain", "title": "Plain", "sections": [
            {"id": "only", "title": "Only", "selection": "single", "rows": [
              {"id": "p1", "title": "P1"}, {"id": "p2", "title": "P2"}]}]}
        ]}
        """
}
