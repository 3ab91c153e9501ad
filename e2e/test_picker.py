"""The position picker (SPEC §10, "Move X…"): a plain GET page of the places a row can reach in its section, each
a button that moves it there in one submission and lands back on the row. Short: the model, the page contract and
the 2,000-row grouping are covered by the Swift tests; here a real browser follows the link, moves the row and
comes back."""

from tableview_e2e import techniques as t


def test_picker_moves_a_row_in_one_tap_and_lands_back_on_it(browsers, demo):
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    initial = page.state()
    t.set_mode(page, "Reorder only")
    assert page.row_titles("持ち物") == ["財布", "鍵", "タオル", "石鹸", "シャンプー", "着替え", "小銭"]
    page.absent("link", "Move 鍵…")
    page.tap(page.find("link", "Move シャンプー…"), "open the picker of シャンプー")
    assert page.path == "/tables/edit/rows/shampoo/position"
    # To top and to bottom of its run first; then, not past the locked 財布 and 鍵, positions 3 to 7, シャンプー's
    # own (5) is no button.
    places = [control.name for control in page.controls("button")]
    assert places == ["Move シャンプー to top", "Move シャンプー to bottom", "Position 3, before “タオル”",
                      "Position 4, before “石鹸”", "Position 6, before “小銭”", "Position 7, after “小銭”"], places

    page.tap(page.find("button", "Position 3, before “タオル”"), "move シャンプー to position 3")
    page.landed_at("row_shampoo_move")
    assert page.row_titles("持ち物") == ["財布", "鍵", "シャンプー", "タオル", "石鹸", "着替え", "小銭"]
    t.expect_no_message(page)

    # To bottom: one tap from the picker, to the end of its run.
    page.tap(page.find("link", "Move シャンプー…"), "open the picker of シャンプー again")
    page.tap(page.find("button", "Move シャンプー to bottom"), "move シャンプー to the bottom")
    page.landed_at("row_shampoo_move")
    assert page.row_titles("持ち物") == ["財布", "鍵", "タオル", "石鹸", "着替え", "小銭", "シャンプー"]

    # The picker's link back to the table lands on the row too.
    page.tap(page.find("link", "Move シャンプー…"), "open the picker again")
    page.tap(page.find("link", "Back to the table"), "back to the table")
    page.landed_at("row_shampoo_move")
    t.reset(page, initial)
