"""A text browser (SPEC §3: the page stays usable in w3m): `w3m -dump` of each table lists every section
title and every row title, in order."""

import pytest

from tableview_e2e import textbrowser


def expect_every_title(page) -> None:
    """Expands every section (as this visitor), then checks w3m's dump of the page with the same cookie."""
    if page.find_all("button", "Expand all"):
        page.tap(page.find("button", "Expand all"), "expand all, for w3m")
    expected = textbrowser.titles(page.source)
    assert any(kind == "row" for kind, _ in expected)
    textbrowser.check_order(textbrowser.dump(page.url, page.session_cookies), expected)
    page.recorder.w3m["tables"] += 1
    page.recorder.w3m["titles"] += len(expected)


@pytest.mark.parametrize("table", ["sento", "edit", "accordion"])
def test_demo_in_w3m(browsers, demo, table):
    page = browsers(demo).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)


@pytest.mark.parametrize("server, table", [("picnic", "picnic"), ("pantry", "pantry"), ("pantry", "spares")])
def test_fixture_in_w3m(browsers, request, server, table):
    page = browsers(request.getfixturevalue(server)).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)
