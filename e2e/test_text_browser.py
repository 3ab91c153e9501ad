"""Text browsers (SPEC §3: the page stays usable in w3m and lynx): the dump of each table lists every section
title and every row title, in order; lynx shows buttons by their labels, not their values."""

import pytest

from tableview_e2e import textbrowser

DEMO = ["sento", "edit", "accordion"]
FIXTURES = [("picnic", "picnic"), ("pantry", "pantry"), ("pantry", "spares")]


def expect_every_title(page) -> None:
    """Expands every section (as this visitor), then checks each text browser's dump with the same cookie."""
    if page.find_all("button", "Expand all"):
        page.tap(page.find("button", "Expand all"), "expand all, for the text browsers")
    expected = textbrowser.titles(page.source)
    assert any(kind == "row" for kind, _ in expected)
    for tool in textbrowser.TOOLS:
        textbrowser.check_order(tool, textbrowser.dump(tool, page.url, page.session_cookies), expected)
        page.recorder.text_browsers[tool]["tables"] += 1
        page.recorder.text_browsers[tool]["titles"] += len(expected)


@pytest.mark.parametrize("table", DEMO)
def test_demo_in_text_browsers(browsers, demo, table):
    page = browsers(demo).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)


@pytest.mark.parametrize("server, table", FIXTURES)
def test_fixture_in_text_browsers(browsers, request, server, table):
    page = browsers(request.getfixturevalue(server)).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)


@pytest.mark.xfail(reason="SPEC §3: buttons still carry name/value pairs, which lynx shows ('(true) 鍵'); the split "
                          "forms on main remove them: drop this mark after the merge", strict=False)
def test_lynx_shows_labels_not_values(demo):
    values = {table: textbrowser.button_values(textbrowser.dump("lynx", f"{demo.url}tables/{table}", []))
              for table in DEMO}
    assert not any(values.values()), f"lynx shows internal values on buttons: {values}"
