import Mustache
import TableModel

/// One table definition's texts, escaped once when the renderer starts: titles, details, footers and ids never
/// change per request, so a page render only copies references to them.
final class TableTexts: Sendable {
    let definition: TableDefinition
    let title: MustacheText
    let tableID: MustacheText
    /// By section index.
    let sections: [SectionTexts]
    /// The edit-mode switch for each current mode (the switch depends on nothing else); empty when the table
    /// offers no edit modes.
    let editModeSwitches: [(mode: EditMode, buttons: PreparedValue)]

    init(_ definition: TableDefinition) {
        self.definition = definition
        title = MustacheText(definition.title)
        tableID = MustacheText(definition.id)
        sections = definition.sections.map(SectionTexts.init)
        editModeSwitches = Self.editModeSwitches(of: definition)
    }

    /// The edit-mode buttons when `mode` is the current one.
    func editModeButtons(in mode: EditMode) -> MustacheValue {
        editModeSwitches.first { $0.mode == mode }?.buttons.value ?? .null
    }

    /// The texts of a row of this table.
    func row(_ row: RowDefinition) -> RowTexts {
        sections[row.sectionIndex].rows[row.indexInSection]
    }

    /// The switch as the model presents it in each mode the table offers.
    private static func editModeSwitches(of definition: TableDefinition) -> [(mode: EditMode, buttons: PreparedValue)] {
        let initial = TableState(definition: definition)
        return definition.editModeChoices.compactMap { mode in
            guard case .success(let outcome) = initial.applying(.setEditMode(mode)) else { return nil }
            return (mode, PreparedValue(list: outcome.state.presentation.editModeChoices.map(EditModeButton.init)))
        }
    }
}

/// One section's texts, and its rows boxed for the Off mode.
final class SectionTexts: Sendable {
    let id: MustacheText
    let title: MustacheText
    let footer: MustacheText?
    /// By index in the section's definition.
    let rows: [RowTexts]
    /// "0 rows", "1 row", "2 rows"… for every count the section can have.
    let rowCounts: [String]
    /// ", 0 selected", ", 1 selected"… for a section that selects; empty otherwise.
    let selectedCounts: [String]
    /// Each row boxed in every look it can have in the Off mode (checked or not, and the selection a tap asks
    /// for), by index in the section's definition: a page in the Off mode, the common case, boxes no row.
    let offModeRows: [[(flags: Row.Flags, value: PreparedValue)]]

    init(_ section: SectionDefinition) {
        id = MustacheText(section.id)
        title = MustacheText(section.title)
        footer = section.footer.map { MustacheText($0) }
        let rows = section.rows.map(RowTexts.init)
        self.rows = rows
        rowCounts = (0...section.rows.count).map { $0 == 1 ? "1 row" : "\($0) rows" }
        selectedCounts = section.selection == .none ? [] : (0...section.rows.count).map { ", \($0) selected" }
        // Every combination of the flags a row can show while not editing; a page takes a prepared one only when
        // the row the model presents has exactly these flags.
        var looks: [Row.Flags] = [[]]
        if section.selection != .none {
            let base: Row.Flags = section.selection == .single ? [.selectable, .radio] : [.selectable]
            looks = [base, base.union(.checked), base.union(.requestsSelected), base.union([.checked, .requestsSelected])]
        }
        offModeRows = rows.map { texts in
            looks.map { flags in (flags, PreparedValue(Row(texts: texts, flags: flags, upIndex: 0, downIndex: 0))) }
        }
    }

    /// The counts a header shows: `"5 rows, 1 selected"`, or `"3 rows"` / `"1 row"` / `"0 rows"` for a section
    /// that does not select.
    func counts(rows: Int, selected: Int) -> String {
        let rowText = rowCounts.indices.contains(rows) ? rowCounts[rows] : "\(rows) rows"
        guard !selectedCounts.isEmpty else { return rowText }
        return rowText + (selectedCounts.indices.contains(selected) ? selectedCounts[selected] : ", \(selected) selected")
    }

    /// The row at `index` in the section's definition, boxed: prepared when it looks as in the Off mode.
    func value(of row: Row, at index: Int) -> MustacheValue {
        if row.upIndex == 0, row.downIndex == 0, offModeRows.indices.contains(index),
            let prepared = offModeRows[index].first(where: { $0.flags == row.flags })
        {
            return prepared.value.value
        }
        return .context(row)
    }
}

/// One row's texts: one reference for a row view model to hold.
final class RowTexts: Sendable {
    let id: MustacheText
    let title: MustacheText
    let detail: MustacheText?

    init(_ row: RowDefinition) {
        id = MustacheText(row.id)
        title = MustacheText(row.title)
        detail = row.detail.map { MustacheText($0) }
    }
}
