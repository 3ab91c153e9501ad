import TableModel

extension StringCatalogue {
    /// The label of an edit mode's button: "Off", "All", "Delete only", "Reorder only" in English.
    func name(of mode: EditMode) -> String {
        switch mode {
        case .off: text(.editModeOff)
        case .all: text(.editModeAll)
        case .delete: text(.editModeDelete)
        case .sort: text(.editModeSort)
        }
    }

    /// "1 row", "2 rows"; 「3件」.
    func rowCount(_ count: Int) -> String {
        text(count == 1 ? .rowCountOne : .rowCountOther, ["count": String(count)])
    }

    /// A page that finds: "12 of 2,000 rows" (「2,000件中12件」), the numbers grouped by thousands.
    func findCount(_ count: Int, of total: Int) -> String {
        text(total == 1 ? .findCountOne : .findCountOther, ["count": Self.grouped(count), "total": Self.grouped(total)])
    }

    /// A page that shows only the first `shown` of its matches.
    func findCapped(_ shown: Int) -> String {
        text(.findCapped, ["shown": Self.grouped(shown)])
    }

    /// A page that found nothing for `query`.
    func findNone(_ query: String) -> String {
        text(.findNone, ["query": query])
    }

    /// The 400 of a query longer than `maximum` characters.
    public func findTooLong(maximum: Int) -> String {
        text(.findTooLong, ["max": Self.grouped(maximum)])
    }

    /// `number` with its thousands grouped by commas, as both languages write them: "2,000", 「2,000件」.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var grouped = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { grouped.append(",") }
            grouped.append(digit)
        }
        return number < 0 ? "-" + grouped : grouped
    }

    /// What follows the row count in a section that selects: ", 1 selected"; 「、1件選択」.
    func selectedCount(_ count: Int) -> String {
        text(.selectedCount, ["count": String(count)])
    }

    /// The sentence for a refusal (an alert) or an invalid action (a 400 page), naming rows and sections by title.
    public func message(for error: ActionError, in table: TableDefinition) -> String {
        switch error {
        case .invalid(let invalid): message(for: invalid, in: table)
        case .refused(let refusal): message(for: refusal, in: table)
        }
    }

    private func message(for invalid: InvalidAction, in table: TableDefinition) -> String {
        switch invalid {
        case .unknownRow(let id): text(.unknownRow, ["id": Self.cut(id)])
        case .unknownSection(let id): text(.unknownSection, ["id": Self.cut(id)])
        case .indexOutOfRange(let row, let index, let count):
            text(.indexOutOfRange, ["row": Self.row(row, in: table), "last": String(count - 1), "index": String(index)])
        case .rowNotSelectable(let row): text(.rowNotSelectable, ["row": Self.row(row, in: table)])
        case .sectionNotCollapsible(let section):
            text(.sectionNotCollapsible, ["section": Self.section(section, in: table)])
        case .noCollapsibleSections: text(.noCollapsibleSections)
        }
    }

    private func message(for refusal: ActionRefusal, in table: TableDefinition) -> String {
        switch refusal {
        case .selectionLimitReached(let max, let section):
            text(max == 1 ? .selectionLimitOne : .selectionLimitOther,
                 ["max": String(max), "section": Self.section(section, in: table)])
        case .notSelectableWhileEditing: text(.notSelectableWhileEditing)
        case .editModeNotOffered(let mode): text(.editModeNotOffered, ["mode": name(of: mode)])
        case .notInDeletingMode: text(.notInDeletingMode)
        case .notInReorderingMode: text(.notInReorderingMode)
        case .rowNotDeletable(let row): text(.rowNotDeletable, ["row": Self.row(row, in: table)])
        case .rowNotMovable(let row): text(.rowNotMovable, ["row": Self.row(row, in: table)])
        case .lockedRowWouldMove(let row, let lockedRow):
            text(.lockedRowWouldMove, ["row": Self.row(row, in: table), "locked": Self.row(lockedRow, in: table)])
        case .rowIsDeleted(let row): text(.rowIsDeleted, ["row": Self.row(row, in: table)])
        case .orderChanged(let row): text(.orderChanged, ["row": Self.row(row, in: table)])
        }
    }

    /// The 404 page's sentence for a table id the catalog lacks (`id` as the page may show it).
    public func noTableMessage(_ id: String) -> String {
        text(.noTable, ["id": id])
    }

    /// The 503 page's sentence for an action whose change could not be committed (`serve --database`).
    public var notSavedMessage: String {
        text(.notSaved)
    }

    /// A sentence for an error page whose own message is in another language: what a status means.
    public func generalErrorMessage(for status: Int) -> String {
        switch status {
        case 400: text(.message400)
        case 403: text(.message403)
        case 404: text(.message404)
        case 405: text(.message405)
        case 413: text(.message413)
        case 415: text(.message415)
        default: text(.messageOther)
        }
    }

    /// The status after an action that did `effect`, or `nil` when the page itself shows the change (a
    /// checkmark, an expanded section, a moved row).
    public func statusMessage(for effect: ActionEffect, in table: TableDefinition) -> String? {
        switch effect {
        case .deleted(let row):
            text(.deleted, ["row": Self.row(row, in: table)])
        case .restored(let row, _, .unselectedAtLimit(let max, let section)):
            text(max == 1 ? .restoredUnselectedOne : .restoredUnselectedOther,
                 ["row": Self.row(row, in: table), "max": String(max), "section": Self.section(section, in: table)])
        case .restored(let row, _, _):
            text(.restored, ["row": Self.row(row, in: table)])
        case .reset:
            text(.reset)
        case .resetUndone:
            text(.resetUndone)
        case .nothingChanged, .selected, .deselected, .expansionChanged, .editModeChanged, .moved:
            nil
        }
    }

    /// A row's title, or the id when the table has no such row.
    private static func row(_ id: String, in table: TableDefinition) -> String {
        table.row(id: id)?.title ?? cut(id)
    }

    private static func section(_ id: String, in table: TableDefinition) -> String {
        table.section(id: id)?.title ?? cut(id)
    }

    /// An id a request named but the table lacks: at most 40 Unicode scalars of it (combining marks cannot
    /// stretch it), with `…` when cut. The page that shows it replaces what XML cannot carry.
    static func cut(_ id: String) -> String {
        guard id.unicodeScalars.count > 40 else { return id }
        var prefix = String.UnicodeScalarView()
        prefix.append(contentsOf: id.unicodeScalars.prefix(40))
        return String(prefix) + "…"
    }
}
