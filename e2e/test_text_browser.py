"""Text browsers (SPEC §3: the page stays usable in w3m and lynx): `w3m -dump` of each table lists every section
title and every row title, in order; neither w3m nor lynx shows an internal value (`true`, an index) as a
button's label, and both separate a row's title from its detail, in every edit mode."""

import pytest

from tableview_e2e import textbrowser


def expect_every_title(page) -> None:
    """Expands every section (as this visitor), then checks w3m's dump of the page with the same cookie."""
    if page.find_all("button", "Expand all"):
        page.tap(page.find("button", "Expand all"), "expand all, for w3m")
    expected = textbrowser.titles(page.source)
    assert any(kind == "row" for kind, _ in expected)
    w3m = textbrowser.dump(page.url, page.session_cookies)
    textbrowser.check_order(w3m, expected)
    page.recorder.w3m["tables"] += 1
    page.recorder.w3m["titles"] += len(expected)
    expect_readable(page, w3m)


def expect_readable(page, w3m: str) -> None:
    """No internal values as labels and titles apart from details, in w3m's and lynx's dumps of this page."""
    lynx = textbrowser.lynx_dump(page.source)
    pairs = textbrowser.details(page.source)
    for name, dump in (("w3m", w3m), ("lynx", lynx)):
        textbrowser.check_no_internal_values(dump, name)
        textbrowser.check_details_separated(dump, pairs, name)


@pytest.mark.parametrize("mode", ["All", "Reorder only"])
def test_edit_modes_in_text_browsers(browsers, demo, mode):
    """The controls of the edit modes (Delete, four moves, the edit-mode switch) show labels only."""
    page = browsers(demo).open("/tables/edit", "open edit")
    page.tap(page.edit_mode(mode), f"edit mode {mode}")
    expect_readable(page, textbrowser.dump(page.url, page.session_cookies))


@pytest.mark.parametrize("table", ["sento", "edit", "accordion"])
def test_demo_in_w3m(browsers, demo, table):
    page = browsers(demo).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)


@pytest.mark.parametrize("server, table", [("picnic", "picnic"), ("pantry", "pantry"), ("pantry", "spares")])
def test_fixture_in_w3m(browsers, request, server, table):
    page = browsers(request.getfixturevalue(server)).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)
