/// The catalogue keys the Swift code formats (the templates name theirs as `{{>ui/KEY}}` partials), with the
/// placeholders each one is given. Every catalogue must have every key, with exactly these placeholders.
enum UIText: String, CaseIterable, Sendable {
    case allTables = "all-tables"
    case editModeOff = "edit-mode.off"
    case editModeAll = "edit-mode.all"
    case editModeDelete = "edit-mode.delete"
    case editModeSort = "edit-mode.sort"
    case rowCountOne = "count.rows.one"
    case rowCountOther = "count.rows.other"
    case selectedCount = "count.selected"
    case deleted = "status.deleted"
    case restored = "status.restored"
    case restoredUnselectedOne = "status.restored-unselected.one"
    case restoredUnselectedOther = "status.restored-unselected.other"
    case reset = "status.reset"
    case resetUndone = "status.reset-undone"
    case nothingToReset = "status.nothing-to-reset"
    case selectionLimitOne = "refusal.selection-limit.one"
    case selectionLimitOther = "refusal.selection-limit.other"
    case notSelectableWhileEditing = "refusal.not-selectable-while-editing"
    case editModeNotOffered = "refusal.edit-mode-not-offered"
    case notInDeletingMode = "refusal.not-in-deleting-mode"
    case notInReorderingMode = "refusal.not-in-reordering-mode"
    case rowNotDeletable = "refusal.row-not-deletable"
    case rowNotMovable = "refusal.row-not-movable"
    case lockedRowWouldMove = "refusal.locked-row-would-move"
    case rowIsDeleted = "refusal.row-is-deleted"
    case orderChanged = "refusal.order-changed"
    case pickerNowhere = "picker.nowhere"
    case unknownRow = "invalid.unknown-row"
    case unknownSection = "invalid.unknown-section"
    case indexOutOfRange = "invalid.index-out-of-range"
    case rowNotSelectable = "invalid.row-not-selectable"
    case sectionNotCollapsible = "invalid.section-not-collapsible"
    case noCollapsibleSections = "invalid.no-collapsible-sections"
    case statusOther = "error.status.other"
    case advice400 = "error.advice.400"
    case advice403 = "error.advice.403"
    case advice404 = "error.advice.404"
    case advice405 = "error.advice.405"
    case advice413 = "error.advice.413"
    case advice415 = "error.advice.415"
    case adviceOther = "error.advice.other"
    case message400 = "error.message.400"
    case message403 = "error.message.403"
    case message404 = "error.message.404"
    case message405 = "error.message.405"
    case message413 = "error.message.413"
    case message415 = "error.message.415"
    case messageOther = "error.message.other"
    case backToTable = "error.back-to-table"
    case noTable = "error.no-table"
    case notSaved = "error.not-saved"
    case findCountOne = "find.count.one"
    case findCountOther = "find.count.other"
    case findCapped = "find.capped"
    case findNone = "find.none"
    case findTooLong = "find.too-long"

    /// The placeholders the code fills in.
    var placeholders: Set<String> {
        switch self {
        case .rowCountOne, .rowCountOther, .selectedCount: ["count"]
        case .deleted, .restored, .rowNotDeletable, .rowNotMovable, .rowIsDeleted, .orderChanged, .rowNotSelectable,
            .pickerNowhere:
            ["row"]
        case .restoredUnselectedOne, .restoredUnselectedOther: ["row", "max", "section"]
        case .selectionLimitOne, .selectionLimitOther: ["max", "section"]
        case .editModeNotOffered: ["mode"]
        case .lockedRowWouldMove: ["row", "locked"]
        case .unknownRow, .unknownSection, .noTable: ["id"]
        case .indexOutOfRange: ["row", "last", "index"]
        case .sectionNotCollapsible: ["section"]
        case .findCountOne, .findCountOther: ["count", "total"]
        case .findCapped: ["shown"]
        case .findNone: ["query"]
        case .findTooLong: ["max"]
        default: []
        }
    }

    /// The reason phrases of the statuses an error page may show, `error.status.CODE`; others get `statusOther`.
    static let statusCodes = [400, 403, 404, 405, 408, 413, 414, 415, 429, 431, 500, 501, 503]

    /// Every key the code needs: the cases and the status lines.
    static var requiredKeys: [String] {
        allCases.map(\.rawValue) + statusCodes.map { "error.status.\($0)" }
    }
}
