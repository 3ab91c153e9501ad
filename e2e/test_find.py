"""Find and the section index (SPEC §10) in the three engines, scripts off: a search typed into the field shows
the matching rows with a count; each row found is a working control whose action returns to the same results,
landed on the control and focused; "Show all rows" returns to the whole table with that control in view; a link
of the section index brings its section's header into view without asking the server."""

from urllib.parse import urlsplit

from tableview_e2e import techniques as t
from tableview_e2e.engines import By

PANTRY_ROWS = 11


def on_results(page, query: str) -> bool:
    """Whether the page is Pantry's results for `query` (the URL's path and query)."""
    url = urlsplit(page.url)
    return url.path == "/tables/pantry" and url.query == f"q={query}"


def test_find_and_act_on_the_rows_found(browsers, pantry):
    page = browsers(pantry).open("/tables/pantry", "open Pantry")
    page.search("PL", "find PL")
    assert on_results(page, "PL")
    assert page.find_all("searchbox", "Find rows"), "the results keep the search field"
    assert [region.name for region in page.controls("region")] == ["Fruit bowl"]
    assert page.row_titles("Fruit bowl") == ["Apples", "Plums"]
    assert f"2 of {PANTRY_ROWS} rows" in page.browser.find_element(By.ID, "find-count").text

    # Selecting a row found: back on the same results, at the row, focused.
    t.tap_row(page, "Fruit bowl", "Plums", "select Plums among the results")
    assert on_results(page, "PL")
    assert t.checked(page, "Fruit bowl") == ["Plums"]

    # An edit mode, Delete and Undo from the results: each lands on its control (or what stands in for it).
    switch = page.edit_mode("Delete only")
    page.tap(switch, "edit mode Delete only from the results")
    page.landed_at("edit-mode-delete")
    assert on_results(page, "PL")
    page.press(page.find("button", "Delete Apples"), "delete Apples with the keyboard")
    page.landed_at("undo")
    assert on_results(page, "PL")
    assert page.row_titles("Fruit bowl") == ["Plums"]
    page.tap(page.find("button", "Undo"), "undo the deletion of Apples")
    assert on_results(page, "PL")
    assert page.row_titles("Fruit bowl") == ["Apples", "Plums"]
    landed = page.fragment
    page.landed_at(landed)

    # "Show all rows": the whole table, the control last landed on in view.
    page.tap(page.find("link", "Show all rows"), "show all rows")
    assert page.path == "/tables/pantry"
    assert page.fragment == landed
    box = page.rect(page.browser.find_element(By.ID, landed))
    assert 0 <= box["top"] and box["bottom"] <= page.viewport()[1], f"#{landed} is not in the window: {box}"
    assert len(page.row_titles("Shelf")) == 5


def test_a_search_that_finds_nothing_says_so(browsers, pantry):
    page = browsers(pantry).open("/tables/pantry", "open Pantry")
    page.search("zebra", "find zebra")
    assert not page.controls("region")
    assert "No rows match “zebra”." in page.browser.find_element(By.ID, "find-none").text
    page.tap(page.find("link", "Show all rows"), "back to the whole table")
    assert page.path == "/tables/pantry"


def test_the_section_index_jumps_without_a_request(browsers, store):
    page = browsers(store).open("/tables/store", "open Store")
    page.set_viewport(390, 700)
    index = page.find("navigation", "Sections")
    links = page.controls("link", index)
    assert [link.name for link in links] == [f"Aisle {n}" for n in range(1, 10)]
    page.follow_fragment(links[-1], "jump to Aisle 9")
    header = page.rect(page.browser.find_element(By.ID, "section_aisle-9"))
    assert 0 <= header["top"] < page.viewport()[1] / 2, f"the header of Aisle 9 is not at the window's top: {header}"
    back = page.find("link", "Sections", page.region("Aisle 9"))
    page.follow_fragment(back, "back to the index")
    nav = page.rect(page.browser.find_element(By.ID, "sections"))
    assert 0 <= nav["top"] and nav["bottom"] <= page.viewport()[1], f"the index is not in the window: {nav}"
