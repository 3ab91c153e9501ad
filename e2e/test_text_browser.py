"""Text browsers (SPEC §3: the page stays usable in w3m and lynx): `w3m -dump` of each table lists every section
title and every row title, in order; neither w3m nor lynx shows an internal value (`true`, an index) as a
button's label, and both separate a row's title from its detail, in every edit mode; a row's button pressed
in either selects the row (the form's POST, its 303 and the page after it); and a search typed into either finds
rows whose buttons still work, the page after a tap showing the same results (SPEC §10, "Find")."""

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
    dumps = {}
    for tool in textbrowser.TOOLS:
        dumps[tool] = textbrowser.dump(tool, page.url, page.session_cookies)
        textbrowser.check_order(tool, dumps[tool], expected)
        page.recorder.text_browsers[tool]["tables"] += 1
        page.recorder.text_browsers[tool]["titles"] += len(expected)
    expect_readable(page, dumps)


def expect_readable(page, dumps: dict[str, str]) -> None:
    """No internal values as labels, and titles apart from details, in each text browser's dump of this page."""
    pairs = textbrowser.details(page.source)
    for tool, dump in dumps.items():
        assert not textbrowser.button_values(dump), f"{tool} shows internal values: {textbrowser.button_values(dump)}"
        textbrowser.check_details_separated(tool, dump, pairs)


@pytest.mark.parametrize("mode", ["All", "Reorder only"])
def test_edit_modes_in_text_browsers(browsers, demo, mode):
    """The controls of the edit modes (Delete, four moves, the edit-mode switch) show labels only."""
    page = browsers(demo).open("/tables/edit", "open edit")
    page.tap(page.edit_mode(mode), f"edit mode {mode}")
    expect_readable(page, {tool: textbrowser.dump(tool, page.url, page.session_cookies)
                           for tool in textbrowser.TOOLS})


@pytest.mark.parametrize("table", DEMO)
def test_demo_in_text_browsers(browsers, demo, table):
    page = browsers(demo).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)


@pytest.mark.parametrize("server, table", FIXTURES)
def test_fixture_in_text_browsers(browsers, request, server, table):
    page = browsers(request.getfixturevalue(server)).open(f"/tables/{table}", f"open {table}")
    expect_every_title(page)


def test_text_browsers_get_no_tap_control(browsers, demo):
    """The image inputs that report where a pointer tap landed (SPEC §2) are for browsers that lay out CSS: the
    page a text browser gets has none, so it shows no second control beside each button. In edit mode All, where
    a page has the most buttons: the browser's page has an input per enabled button; lynx numbers exactly the
    page's buttons, links and search field, and neither text browser is sent an image input."""
    page = browsers(demo).open("/tables/edit", "open edit")
    page.tap(page.edit_mode("All"), "edit mode All")
    assert 'type="image"' in page.source, "the browser's page has the tap inputs"
    buttons = page.source.count("<button") + page.source.count("<a ") + page.source.count('type="search"')
    numbered = textbrowser.dump("lynx", page.url, page.session_cookies, "-number_fields")
    numbers = [int(number) for number, _ in textbrowser.LYNX_FIELD.findall(numbered)]
    assert max(numbers) == buttons, f"lynx numbers {max(numbers)} controls, the page has {buttons}:\n{numbered}"
    # What each was sent (w3m asked for it uncompressed: it writes the source as it came).
    for tool, options in (("lynx", ("-source",)), ("w3m", ("-o", "accept_encoding=identity", "-dump_source"))):
        source = textbrowser.dump(tool, page.url, page.session_cookies, *options)
        assert "<button" in source and 'type="image"' not in source, f"{tool} was sent the tap inputs"


def test_lynx_shows_labels_not_values(demo):
    values = {table: textbrowser.button_values(textbrowser.dump("lynx", f"{demo.url}tables/{table}", []))
              for table in DEMO}
    assert not any(values.values()), f"lynx shows internal values on buttons: {values}"


@pytest.mark.parametrize("tool", textbrowser.TOOLS)
def test_a_tap_in_a_text_browser_selects_the_row(picnic, tool):
    """picnic's "Day" is a single section with Sunday selected: pressing Saturday's button (its number in lynx's
    count, the keys a person uses) posts its form, and the page the browser is led back to shows Saturday checked
    and Sunday not."""
    url = f"{picnic.url}tables/picnic"
    number = textbrowser.control_number(url, "Saturday")
    textbrowser.tap(tool, url, number, "Saturday", lambda screen: textbrowser.checked(screen, "Saturday")
                    and not textbrowser.checked(screen, "Sunday"))


def test_w3m_lands_on_the_tapped_row(long_table):
    """A row far below the first screen of a 30-line terminal: the page after its tap opens at it (the redirect's
    fragment), the row shown and checked, not the top of the page. (lynx's page is read from the file it saves,
    which holds the whole page: its landing is not seen there.)"""
    url = f"{long_table.url}tables/long"
    lines = 30
    page = textbrowser.dump("w3m", url, []).splitlines()
    assert next(index for index, line in enumerate(page) if "Item 18" in line) > lines, "Item 18 is on the first screen"
    number = textbrowser.control_number(url, "Item 18")
    screen = textbrowser.tap("w3m", url, number, "Choice 1", lambda screen: textbrowser.checked(screen, "Item 18"),
                             lines=lines)
    assert "Choice 1" not in screen, f"w3m shows the top of the page after the tap:\n{screen}"


@pytest.mark.parametrize("tool", textbrowser.TOOLS)
def test_a_search_in_a_text_browser_finds_rows_that_still_work(picnic, tool):
    """picnic's search field, "sat" typed and Find pressed: the results show Saturday alone, with the count;
    pressing Saturday's button there selects it, and the page the browser is led back to is the same results."""
    url = f"{picnic.url}tables/picnic"
    field = textbrowser.field_number(url)
    number = textbrowser.control_number(f"{url}?q=sat", "Saturday")
    page = textbrowser.search_and_tap(
        tool, url, field, "sat", "1 of 15 rows", number,
        lambda screen: textbrowser.checked(screen, "Saturday") and "1 of 15 rows" in screen)
    assert "Sunday" not in page, f"{tool} left the results after the tap:\n{page}"
