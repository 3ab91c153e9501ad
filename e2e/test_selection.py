"""Per-section selection (SPEC §2 Selection): single with and without an empty selection, multiple, limited."""

from tableview_e2e import techniques as t


def test_demo_selection(browsers, demo):
    page = browsers(demo)
    page.open("/", "the index lists the demo's tables")
    assert [link.name for link in page.controls("link")] == ["銭湯めぐり", "お風呂セット", "文化浴泉のご案内"]
    page.tap(page.find("link", "銭湯めぐり"), "open 銭湯めぐり from the index")
    assert page.path == "/tables/sento"
    initial = page.state()
    t.single_required(page, "お好きな銭湯", "八幡湯")
    t.single_optional(page, "行く時間帯", "朝湯", "昼下がり")
    t.multiple(page, "欲しい設備", "水風呂", "サウナ")
    t.limited(page, "湯上がりの一杯", 2)
    t.plain_rows(page, "入浴のマナー")
    assert page.find_all("group", "Edit mode") == [], "sento offers no edit modes"
    assert page.find_all("button", "Expand all") == [] == page.find_all("button", "Collapse all")
    t.reset(page, initial)


def test_fixture_selection(browsers, picnic):
    page = browsers(picnic)
    page.open("/", "a file of one table: / shows that table")
    assert page.path == "/tables/picnic"
    assert page.find("heading", 'Picnic <plan> & "extras"').element.tag_name == "h1"
    initial = page.state()
    t.single_required(page, "Day", "Saturday")
    t.set_expanded(page, "Start time", True)
    t.single_optional(page, "Start time", "9:00", "12:00")
    t.limited(page, "Basket", 1)
    t.multiple(page, "Games", "Frisbee", "Kite")
    t.set_expanded(page, "הערות", True)
    t.plain_rows(page, "הערות")
    t.reset(page, initial)
