/// The names SPEC §3 gives the contract's controls, in each language of SPEC §9's table, written here apart from
/// the server's catalogues so that the checker holds the server to the spec. A page's `<html lang>` chooses them.
struct ContractNames: Sendable {
    /// The edit-mode group's label.
    let editMode: String
    /// The edit-mode buttons in the switch's order (Off, All, Delete only, Reorder only) with the `mode` each sends.
    let editModes: [(name: String, mode: String)]
    let expandAll: String
    let collapseAll: String
    let reset: String
    let undo: String
    let undoReset: String
    /// "Undo delete “X”": the toolbar's Undo of the most recent deletion, once the page after it has been left.
    let undoDelete: @Sendable (String) -> String
    /// "Delete X".
    let delete: @Sendable (String) -> String
    /// "Move X up", "Move X down" (on the row), "Move X to top", "Move X to bottom" (on its position picker).
    let moves: @Sendable (String) -> [String]
    /// "Move X…": the link to the row's position picker (SPEC §3, U+2026).
    let moveLink: @Sendable (String) -> String

    static let english = ContractNames(
        editMode: "Edit mode",
        editModes: [("Off", "off"), ("All", "all"), ("Delete only", "delete"), ("Reorder only", "sort")],
        expandAll: "Expand all", collapseAll: "Collapse all", reset: "Reset", undo: "Undo", undoReset: "Undo reset",
        undoDelete: { "Undo delete “\($0)”" },
        delete: { "Delete \($0)" },
        moves: { title in ["up", "down", "to top", "to bottom"].map { "Move \(title) \($0)" } },
        moveLink: { "Move \($0)\u{2026}" }
    )

    static let japanese = ContractNames(
        editMode: "編集モード",
        editModes: [("オフ", "off"), ("すべて", "all"), ("削除のみ", "delete"), ("並べ替えのみ", "sort")],
        expandAll: "すべて開く", collapseAll: "すべて閉じる", reset: "リセット", undo: "取り消す",
        undoReset: "リセットを取り消す",
        undoDelete: { "「\($0)」の削除を取り消す" },
        delete: { "\($0)を削除" },
        moves: { title in ["上へ", "下へ", "先頭へ", "末尾へ"].map { "\(title)を\($0)" } },
        moveLink: { "\($0)を移動\u{2026}" }
    )

    /// The names for a page whose `<html lang>` is `tag` (`ja`, `ja-JP`…); `nil` for a language the spec does not
    /// name.
    static func forLanguage(_ tag: String) -> ContractNames? {
        switch tag.split(separator: "-").first?.lowercased() {
        case "en": english
        case "ja": japanese
        default: nil
        }
    }

    /// The `mode` the edit-mode button named `name` must send.
    func mode(named name: String) -> String? {
        editModes.first { $0.name == name }?.mode
    }
}
