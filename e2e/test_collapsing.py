"""Collapsible sections (SPEC §2 Collapsing): header buttons with aria-expanded, the fragment the round trip
lands on, rows and selection kept while collapsed, Expand all / Collapse all."""

from tableview_e2e import techniques as t


def test_demo_collapsing(browsers, demo):
    page = browsers(demo).open("/tables/accordion", "open 文化浴泉のご案内")
    initial = page.state()
    assert t.collapsible_headers(page) == {"営業時間": True, "料金": False, "お風呂": False, "アクセス": True,
                                           "次に行く日": False}
    t.set_expanded(page, "料金", True)
    assert page.row_titles("料金") == ["大人", "中人", "小人", "サウナ"]
    t.set_expanded(page, "営業時間", False)
    # Selection survives collapsing.
    t.set_expanded(page, "お風呂", True)
    t.tap_row(page, "お風呂", "ジェット風呂", "select ジェット風呂")
    t.tap_row(page, "お風呂", "水風呂", "select 水風呂")
    t.set_expanded(page, "お風呂", False)
    assert "4 rows, 2 selected" in page.section_header("お風呂").name
    t.set_expanded(page, "お風呂", True)
    assert t.checked(page, "お風呂") == ["ジェット風呂", "水風呂"]
    t.all_expanded(page, False)
    t.all_expanded(page, True)
    assert page.row_titles("次に行く日") == ["土曜日", "日曜日", "祝日"]
    t.set_expanded(page, "アクセス", False)
    t.reset(page, initial)


def test_fixture_collapsing(browsers, picnic):
    page = browsers(picnic).open("/tables/picnic", "open the picnic table")
    initial = page.state()
    assert t.collapsible_headers(page) == {"Day": True, "Start time": False, "Games": True, "הערות": False}
    assert "Basket" not in t.collapsible_headers(page), "a section that does not collapse has no header button"
    t.set_expanded(page, "Day", False)
    assert "3 rows, 1 selected" in page.section_header("Day").name
    t.set_expanded(page, "הערות", True)
    t.set_expanded(page, "Games", False)
    t.all_expanded(page, True)
    t.tap_row(page, "Start time", "9:00", "select 9:00")
    t.all_expanded(page, False)
    assert "3 rows, 1 selected" in page.section_header("Start time").name
    t.set_expanded(page, "Start time", True)
    assert t.checked(page, "Start time") == ["9:00"]
    t.reset(page, initial)
