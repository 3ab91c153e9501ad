"""Edit modes (SPEC §2 Editing): the controls each mode shows, moves of free rows and refusals around locked
ones, delete and undo, reset.

Some refusals need a page that no longer matches the state: a second tab of the same browser, left open while
the first one changes the table, as a visitor with two tabs would.
"""

from tableview_e2e import techniques as t

DEMO_UNDELETABLE = {"財布", "鍵"}
DEMO_IMMOVABLE = {"財布", "鍵", "北欧"}
SALT = 'Salt & "pepper" <mix>'
PANTRY_UNDELETABLE = {"Sugar", SALT}
PANTRY_IMMOVABLE = {"Sugar", "Plums"}


def test_demo_edit_modes(browsers, demo):
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    initial = page.state()
    assert [button.name for button in page.edit_mode_buttons()] == list(t.MODES)
    assert initial["edit mode"] == ["Off"]
    t.edit_controls(page, "Off", DEMO_UNDELETABLE, DEMO_IMMOVABLE)
    for mode in ("All", "Delete only", "Reorder only", "Off"):
        t.set_mode(page, mode)
        t.edit_controls(page, mode, DEMO_UNDELETABLE, DEMO_IMMOVABLE)
        assert t.checked(page, "持ち物") == ["財布"], "checkmarks stay in every mode"
    t.set_mode(page, "Reorder only")
    t.reset(page, initial)


def test_demo_moves_and_refusals(browsers, demo):
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    initial = page.state()
    t.set_mode(page, "Reorder only")
    t.move(page, "持ち物", "シャンプー", "up")
    t.move(page, "持ち物", "タオル", "down")
    assert page.row_titles("持ち物") == ["財布", "鍵", "シャンプー", "タオル", "石鹸", "着替え", "小銭"]
    assert not page.find("button", "Move シャンプー up").enabled, "moving under a locked row is not offered"
    t.move(page, "回る順番", "文化浴泉", "down")
    assert page.row_titles("回る順番") == ["八幡湯", "文化浴泉", "大黒湯", "北欧"]
    assert not page.find("button", "Move 大黒湯 down").enabled, "moving past the locked 北欧 is not offered"
    t.edit_controls(page, "Reorder only", DEMO_UNDELETABLE, DEMO_IMMOVABLE)

    # A stale tab offers a move of a row that another tab's deletion has shifted since: refused as a stale form
    # (the order changed), nothing moves.
    stale = page.new_tab("stale").open("/tables/edit", "a second tab of the same visitor")
    t.set_mode(page, "All")
    t.delete(page, "回る順番", "八幡湯")
    assert page.row_titles("回る順番") == ["文化浴泉", "大黒湯", "北欧"]
    stale.tap(stale.find("button", "Move 文化浴泉 down"), "move 文化浴泉 down from the stale tab")
    t.expect_message(stale, "alert", "文化浴泉", "order")
    assert stale.row_titles("回る順番") == ["文化浴泉", "大黒湯", "北欧"], "the refused move changed nothing"

    # Selecting while editing, and deleting outside the deleting modes, from stale tabs.
    t.set_mode(page, "Off")
    stale.open("/tables/edit", "reload the second tab: edit mode Off")
    t.set_mode(page, "Delete only")
    stale.tap(stale.selection_control("持ち物", "石鹸"), "select 石鹸 from the stale tab")
    t.expect_message(stale, "alert", "while editing")
    assert t.checked(stale, "持ち物") == ["財布"]
    stale.open("/tables/edit", "reload the second tab: edit mode Delete only")
    t.set_mode(page, "Reorder only")
    stale.tap(stale.find("button", "Delete タオル"), "delete タオル from the stale tab")
    t.expect_message(stale, "alert", "deleted only")
    assert "タオル" in stale.row_titles("持ち物")
    assert stale.state()["edit mode"] == ["Reorder only"]
    t.reset(stale, initial)


def test_demo_delete_and_undo(browsers, demo):
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    initial = page.state()
    t.tap_row(page, "持ち物", "石鹸", "select 石鹸")
    t.set_mode(page, "Delete only")
    t.delete(page, "持ち物", "石鹸")
    assert t.checked(page, "持ち物") == ["財布"]
    t.undo(page, "持ち物", "石鹸", 3)
    assert t.checked(page, "持ち物") == ["財布", "石鹸"], "undo brings the row back with its checkmark"
    t.delete(page, "持ち物", "タオル")
    assert page.row_titles("持ち物")[2] == "石鹸"
    t.delete(page, "回る順番", "北欧")
    assert page.row_titles("回る順番") == ["文化浴泉", "八幡湯", "大黒湯"]
    t.undo(page, "回る順番", "北欧", 3)
    t.reset(page, initial)


def test_undo_reaches_earlier_deletions(browsers, demo):
    """SPEC §2: "At least the last 20 deletions of a table can be undone, one at a time." After one Undo, the
    page must offer Undo for the deletion before it."""
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    t.set_mode(page, "Delete only")
    t.delete(page, "持ち物", "石鹸")
    t.delete(page, "持ち物", "シャンプー")
    t.undo(page, "持ち物", "シャンプー", 3)
    assert page.find_all("button", "Undo delete “石鹸”"), \
        "after undoing シャンプー, the toolbar offers no Undo for the earlier deletion of 石鹸"
    t.undo(page, "持ち物", "石鹸", 3)


def test_fixture_edit_modes(browsers, pantry):
    page = browsers(pantry).open("/", "the index lists the file's tables")
    assert [link.name for link in page.controls("link")] == ["Pantry", "Spares", "Notes"]
    page.tap(page.find("link", "Pantry"), "open Pantry")
    initial = page.state()
    assert [button.name for button in page.edit_mode_buttons()] == list(t.MODES), "modes in a fixed order"
    for mode in ("Delete only", "All", "Reorder only", "Off"):
        t.set_mode(page, mode)
        t.edit_controls(page, mode, PANTRY_UNDELETABLE, PANTRY_IMMOVABLE)
        if mode == "Delete only":
            # A row titled "only": its Delete button has the name of an edit mode, told apart by the group.
            assert len(page.find_all("button", "Delete only")) == 2
            page.find("button", "Delete only", page.region("Shelf"))
            assert page.edit_mode("Delete only").pressed == "true"
    t.reset(page, initial)

    page.tap(page.find("link", "All tables"), "back to the index")
    page.tap(page.find("link", "Spares"), "open Spares")
    assert [button.name for button in page.edit_mode_buttons()] == ["Off", "Reorder only"]
    t.set_mode(page, "Reorder only")
    t.edit_controls(page, "Reorder only", set(), {"Candles"})
    t.move(page, "Drawer", "String", "up")
    assert not page.find("button", "Move String up").enabled, "Candles is locked at the top"

    page.open("/tables/notes", "open Notes")
    assert page.find_all("group", "Edit mode") == [], "no edit modes offered: no switch"
    assert page.find_all("button", "Expand all") == [] == page.find_all("button", "Collapse all")
    t.plain_rows(page, "List")


def test_fixture_moves_and_refusals(browsers, pantry):
    page = browsers(pantry).open("/tables/pantry", "open Pantry")
    initial = page.state()
    t.set_mode(page, "Reorder only")
    assert not page.find("button", "Move only down").enabled, "Sugar, locked, sits below"
    assert not page.find("button", "Move Rice up").enabled, "Sugar, locked, sits above"
    t.move(page, "Shelf", "Flour", "down")
    t.move(page, "Shelf", SALT, "up")
    assert page.row_titles("Shelf") == ["only", "Flour", "Sugar", SALT, "Rice"]
    t.move(page, "Fruit bowl", "Pears", "up")
    assert page.row_titles("Fruit bowl") == ["Pears", "Apples", "Plums"]

    # Flour goes; a tab opened now offers Rice a move up from an index Rice no longer has once Flour is back:
    # refused as a stale form (the order changed), and Sugar, locked, stays put.
    t.set_mode(page, "All")
    t.delete(page, "Shelf", "Flour")
    stale = page.new_tab("stale").open("/tables/pantry", "a second tab of the same visitor")
    assert stale.row_titles("Shelf") == ["only", "Sugar", SALT, "Rice"]
    t.undo(page, "Shelf", "Flour", 1)
    stale.tap(stale.find("button", "Move Rice up"), "move Rice up from the stale tab")
    t.expect_message(stale, "alert", "Rice", "order")
    assert stale.row_titles("Shelf") == ["only", "Flour", "Sugar", SALT, "Rice"], "Sugar stays at index 2"
    t.reset(stale, initial)


def test_fixture_delete_and_undo(browsers, pantry):
    page = browsers(pantry).open("/tables/pantry", "open Pantry")
    initial = page.state()
    t.set_mode(page, "Delete only")
    t.delete(page, "Shelf", "only")
    t.undo(page, "Shelf", "only", 1)

    # In a single section the restored row is the selection again.
    t.delete(page, "Fruit bowl", "Apples")
    assert t.checked(page, "Fruit bowl") == []
    t.undo(page, "Fruit bowl", "Apples", 0)
    assert t.checked(page, "Fruit bowl") == ["Apples"]

    # In a multiple section at its limit the restored row comes back unselected, with a note.
    t.delete(page, "Fridge", "Milk")
    other = page.new_tab("other").open("/tables/pantry", "a second tab of the same visitor")
    t.set_mode(other, "Off")
    t.tap_row(other, "Fridge", "Butter", "select Butter")
    t.undo(page, "Fridge", "Milk", 0)
    t.expect_message(page, "status", "unselected", "at most 1 row")
    assert t.checked(page, "Fridge") == ["Butter"]

    # A section whose rows are all deleted keeps its header and says it is empty.
    t.set_mode(page, "Delete only")
    t.delete(page, "Crumbs", "Crumb")
    assert page.find("heading", "Crumbs 0 rows")
    assert "No rows" in page.region("Crumbs").element.text
    t.undo(page, "Crumbs", "Crumb", 0)
    t.reset(page, initial)
