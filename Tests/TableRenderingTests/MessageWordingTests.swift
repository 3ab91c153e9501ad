import TableModel
import TableRendering
import Testing

/// The sentences of messages and error pages come from the catalogue of the page's language, naming rows and
/// sections by title.
@Suite struct MessageWordingTests {
    private let table: TableDefinition
    private let english: StringCatalogue
    private let japanese: StringCatalogue

    init() throws {
        table = try Fixtures.table("rules")
        english = try Fixtures.catalogues.get()[.en]
        japanese = try Fixtures.catalogues.get()[.ja]
    }

    @Test func invalidRequestsNameWhatCannotExist() {
        let invalid: [(InvalidAction, String, String)] = [
            (.unknownRow("x"), "This table has no row “x”.", "この表に行「x」はありません。"),
            (.unknownSection("x"), "This table has no section “x”.", "この表にセクション「x」はありません。"),
            (.indexOutOfRange(row: "m1", index: 9, count: 6), "“M1” can move to an index from 0 to 5, not 9.",
             "「M1」を移動できる位置は0から5までです（9は範囲外です）。"),
            (.rowNotSelectable(row: "m1"), "“M1” is not selectable.", "「M1」は選択できません。"),
            (.sectionNotCollapsible("extras"), "“Extras” does not collapse.", "「Extras」は閉じられません。"),
        ]
        for (error, inEnglish, inJapanese) in invalid {
            #expect(english.message(for: .invalid(error), in: table) == inEnglish)
            #expect(japanese.message(for: .invalid(error), in: table) == inJapanese)
        }
    }

    @Test func refusalsExplainTheRuleInEachLanguage() {
        let refusals: [(ActionRefusal, String, String)] = [
            (.selectionLimitReached(max: 1, section: "toppings"), "You can select at most 1 row in “Toppings”.",
             "「Toppings」で選べるのは1件までです。"),
            (.selectionLimitReached(max: 2, section: "toppings"), "You can select at most 2 rows in “Toppings”.",
             "「Toppings」で選べるのは2件までです。"),
            (.notSelectableWhileEditing, "Rows cannot be selected while editing. Switch the edit mode to Off first.",
             "編集中は行を選べません。先に編集モードを「オフ」にしてください。"),
            (.editModeNotOffered(.delete), "This table does not offer the edit mode “Delete only”.",
             "この表には編集モード「削除のみ」がありません。"),
            (.notInDeletingMode, "Rows can be deleted only in the edit modes “All” and “Delete only”.",
             "行を削除できるのは、編集モードが「すべて」か「削除のみ」のときだけです。"),
            (.notInReorderingMode, "Rows can be moved only in the edit modes “All” and “Reorder only”.",
             "行を移動できるのは、編集モードが「すべて」か「並べ替えのみ」のときだけです。"),
            (.rowNotDeletable(row: "milk"), "“Milk” cannot be deleted.", "「Milk」は削除できません。"),
            (.rowNotMovable(row: "head"), "“Head” cannot be moved.", "「Head」は移動できません。"),
            (.lockedRowWouldMove(row: "m1", lockedRow: "head"), "“M1” cannot move there: “Head” stays in place.",
             "「M1」はそこへは移動できません。「Head」の位置は変えられません。"),
            (.rowIsDeleted(row: "m1"), "“M1” has been deleted.", "「M1」は削除されています。"),
        ]
        for (refusal, inEnglish, inJapanese) in refusals {
            #expect(english.message(for: .refused(refusal), in: table) == inEnglish)
            #expect(japanese.message(for: .refused(refusal), in: table) == inJapanese)
        }
    }

    @Test func statusMessagesNameTheRow() {
        let statuses: [(ActionEffect, String, String)] = [
            (.deleted(row: "towel"), "Deleted “Towel”.", "「Towel」を削除しました。"),
            (.restored(row: "soap", index: 1, selection: .selected), "Restored “Soap”.", "「Soap」を元に戻しました。"),
            (.restored(row: "nori", index: 0, selection: .unselectedAtLimit(max: 2, section: "toppings")),
             "Restored “Nori” unselected: you can select at most 2 rows in “Toppings”.",
             "「Nori」を元に戻しました。「Toppings」で選べるのは2件までなので、選択は外してあります。"),
            (.reset, "The table is back to its initial state.", "表を最初の状態に戻しました。"),
        ]
        for (effect, inEnglish, inJapanese) in statuses {
            #expect(english.statusMessage(for: effect, in: table) == inEnglish)
            #expect(japanese.statusMessage(for: effect, in: table) == inJapanese)
        }
        #expect(english.statusMessage(for: .moved(row: "m1", from: 1, to: 2), in: table) == nil)
    }

    @Test func resetsAndStaleMovesAreWordedInEachLanguage() {
        let undone = PageMessage(kind: .status, content: .applied(.resetUndone))
        #expect(undone.text(in: english, table: table) == "The table is back as it was before the reset.")
        #expect(undone.text(in: japanese, table: table) == "表をリセットする前の状態に戻しました。")
        let unchanged = PageMessage(kind: .status, content: .nothingToReset)
        #expect(unchanged.text(in: english, table: table) == "Nothing to reset: the table is as it was defined.")
        #expect(unchanged.text(in: japanese, table: table) == "表は最初の状態のままなので、リセットするものはありません。")
        let stale = ActionError.refused(.orderChanged(row: "m4"))
        #expect(english.message(for: stale, in: table) == "The order of the rows changed since this page was loaded, "
            + "so “M4” was not moved. Check its place and move it again.")
        #expect(japanese.message(for: stale, in: table)
            == "このページを読み込んだ後に行の順序が変わったため、「M4」は移動しませんでした。位置を確かめて、もう一度移動してください。")
    }

    @Test func anUnknownIDIsCutInAMessage() {
        let id = String(repeating: "x", count: 60)
        #expect(english.message(for: .invalid(.unknownRow(id)), in: table)
            == "This table has no row “\(String(repeating: "x", count: 40))…”.")
    }
}
