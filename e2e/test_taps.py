"""Every tap counts (SPEC §2 "Every tap counts"): in each engine, at 390×700 with motion allowed where the engine
lets a test allow it (Chromium, Firefox; WebKitGTK's is set at launch), two taps 100–500 ms apart — two rows, a
row then its section's header — both apply; Undo tapped as soon as it shows after Delete applies; every Back
press that lands on the table shows the state after the latest action and no earlier message; a page open in a
second tab before the first tap (which rotates the session id) still acts. The counts of the quick pairs go to
artifacts/e2e/taps.json and the suite's summary.

Quick taps are one pointer sequence (`Engine.pointer_taps`): the driver dispatches the second press after the
pause whatever the first one started, as a quick finger does. Whether a tap counted is read from the page: the
wait for the page that shows both taps' target states has a deadline (a lost tap never shows).
"""

import json

import pytest

from conftest import ARTIFACTS
from tableview_e2e.engines.base import wait_until

GAPS_MS = (100, 200, 300, 500)
PAIRS_PER_GAP = 6
WINDOW = (390, 700)
# Long enough for a round trip and its transition on a loaded machine; a lost tap never shows at all.
SHOWN_DEADLINE = 6

# What the page in the tab shows now, read in one script: each row button's aria-checked, each header's
# aria-expanded, whether the page is complete, and the message's role if there is one.
SHOWN = """
if (document.readyState !== 'complete') return null;
const shown = {message: null};
for (const e of document.querySelectorAll('[aria-checked]')) shown[e.id] = e.getAttribute('aria-checked');
for (const e of document.querySelectorAll('[aria-expanded]')) shown[e.id] = e.getAttribute('aria-expanded');
const message = document.querySelector('[role=status], [role=alert]');
if (message) shown.message = message.getAttribute('role');
return shown;
"""


@pytest.fixture(scope="session")
def tap_counts(recorder):
    """Per engine and gap: pairs made and taps lost; written to artifacts/e2e/taps.json when every engine ran."""
    counts: dict[str, dict[str, dict[str, int]]] = {}
    yield counts
    if counts:
        (ARTIFACTS / "taps.json").write_text(json.dumps(counts, indent=2) + "\n", encoding="utf-8")


def shown(page) -> dict | None:
    try:
        return page.browser.execute(SHOWN)
    except Exception:
        return None


def middle(page, element_id: str) -> tuple[int, int]:
    element = page.element(element_id)
    assert element is not None, f"no #{element_id} on {page.url}: the page shows {shown(page)}"
    box = page.rect(element)
    return int((box["left"] + box["right"]) / 2), int((box["top"] + box["bottom"]) / 2)


def wait_shown(page, want: dict[str, str]) -> dict | None:
    """Waits until the tab shows a complete page in which every id of `want` has its value; the page shown last
    when the deadline passes, or None when it came in time."""
    last = {}

    def arrived() -> bool:
        nonlocal last
        last = shown(page) or last
        return all(last.get(key) == value for key, value in want.items())
    try:
        # Polled while the tab may be between documents: a driver that can lose a command's answer then gets short
        # deadlines for them (`Engine.navigating`).
        with page.browser.navigating():
            wait_until("the page after both taps", arrived, SHOWN_DEADLINE)
    except AssertionError:
        return last
    return None


def allow_motion(page) -> None:
    if page.browser.name != "webkit":
        page.browser.set_reduced_motion(False)


def test_quick_tap_pairs(browsers, chores, tap_counts):
    page = browsers(chores)
    page.set_viewport(*WINDOW)
    allow_motion(page)
    page.open("/tables/chores", "the chores list")
    rows = ["dishes", "laundry", "bins-out", "water-plants", "vacuum", "feed-the-cat"]
    browsers.recorder.quiet = True
    lost = []
    counts = tap_counts.setdefault(page.browser.name, {})
    try:
        pair = 0
        for gap in GAPS_MS:
            made = 0
            for index in range(PAIRS_PER_GAP):
                now = shown(page) or {}
                if index % 3 == 2:
                    # A row, then its section's header: the row changes and the section collapses.
                    # A collapsed section shows no rows: the row's state is read once it is open again.
                    row = rows[pair % len(rows)]
                    row_after = {f"row_{row}_select": "false" if now.get(f"row_{row}_select") == "true" else "true"}
                    want = {"section_today_toggle": "false"}
                    points = [middle(page, f"row_{row}_select"), middle(page, "section_today_toggle")]
                else:
                    first, second = rows[pair % len(rows)], rows[(pair + 1) % len(rows)]
                    want = {f"row_{r}_select": "false" if now.get(f"row_{r}_select") == "true" else "true"
                            for r in (first, second)}
                    points = [middle(page, f"row_{first}_select"), middle(page, f"row_{second}_select")]
                page.focus()
                page.browser.pointer_taps(points, gap)
                last = wait_shown(page, want)
                made += 1
                pair += 1
                if last is not None:
                    lost.append(f"{gap} ms, pair {index + 1}: wanted {want}, the page shows "
                                f"{ {key: last.get(key) for key in want} } ({page.browser.document_title()!r} at "
                                f"{page.url})")
                if last is None and want.get("section_today_toggle") == "false":
                    # Open the section again for the next pair, and wait for it.
                    page.tap(page.element("section_today_toggle"), "expand Today again")
                    last = wait_shown(page, row_after)
                    if last is not None:
                        lost.append(f"{gap} ms, pair {index + 1}: wanted {row_after} before the header, the page "
                                    f"shows { {key: last.get(key) for key in row_after} }")
            counts[str(gap)] = {"pairs": made, "lost": sum(1 for line in lost if line.startswith(f"{gap} ms"))}
    finally:
        browsers.recorder.quiet = False
    assert not lost, f"{len(lost)} of {pair} quick pairs lost a tap:\n" + "\n".join(lost)


def test_undo_as_soon_as_it_shows(browsers, chores):
    """Delete, then Undo tapped the moment the page after Delete shows it (its transition still running in
    Chromium): the row is back."""
    page = browsers(chores)
    page.set_viewport(*WINDOW)
    allow_motion(page)
    page.open("/tables/chores", "the chores list")
    page.tap(page.find("button", "Delete only"), "Delete only")
    for row in ("laundry", "vacuum", "post"):
        old = page.browser.document_root()
        x, y = middle(page, f"row_{row}_delete")
        page.browser.pointer_taps([(x, y)], 0)
        with page.browser.navigating():
            wait_until("the Undo of the deletion", lambda: page.browser.document_root() != old
                       and page.element("undo") is not None)
        ux, uy = middle(page, "undo")
        page.browser.pointer_taps([(ux, uy)], 0)
        last = wait_shown(page, {f"row_{row}_select": "false"})
        assert last is None, f"Undo of {row} tapped as it showed was lost: the page shows {last}"
        page._loaded(f"Undo of {row} right after its Delete")


def test_back_shows_the_latest_state(browsers, chores):
    """Five taps — two selections, a third refused with an alert, a collapse, one more selection — then Back until
    the table is left: every page on the way shows the state after the fifth tap and no message."""
    page = browsers(chores)
    page.set_viewport(*WINDOW)
    page.open("/elsewhere", "a page before the table (404)")
    page.open("/tables/chores", "the chores list")
    page.tap(page.element("row_milk_select"), "select Milk")
    page.tap(page.element("row_eggs_select"), "select Eggs")
    page.tap(page.element("row_bread_select"), "select Bread: refused, the limit is 2")
    assert page.message()[0] == "alert"
    page.tap(page.element("section_today_toggle"), "collapse Today")
    page.tap(page.element("row_milk_select"), "deselect Milk")
    latest = shown(page)
    assert latest["row_milk_select"] == "false" and latest["row_eggs_select"] == "true"
    latest["message"] = None
    presses = 0
    while page.path == "/tables/chores":
        assert presses < 10, "still on the table after 10 Back presses"
        page.back(f"Back press {presses + 1}", same_url=True)
        presses += 1
        if page.path != "/tables/chores":
            break
        now = shown(page)
        assert now == latest, f"Back press {presses} shows {now}, not the latest state {latest}"
    assert presses >= 2, "the taps left no history entries"


def test_second_tab_across_rotation(browsers, chores):
    """Two tabs open on the table before the first tap: the first tap stores the state under a new session id;
    the second tab's page still carries the old one's token, and its tap acts, once, on the same state."""
    first = browsers(chores)
    first.open("/tables/chores", "the first tab, before any tap")
    second = first.new_tab("second")
    second.open("/tables/chores", "the second tab, before any tap")
    first.tap(first.element("row_dishes_select"), "first tab: select Dishes (the id rotates)")
    second.tap(second.element("row_laundry_select"), "second tab: select Laundry with the old page's token")
    assert second.status == 200
    state = shown(second)
    assert state["row_dishes_select"] == "true" and state["row_laundry_select"] == "true", state
    second.tap(second.element("row_vacuum_select"), "second tab: select Vacuum from the page after")
    first.reload("the first tab reloaded")
    state = shown(first)
    assert [state[f"row_{r}_select"] for r in ("dishes", "laundry", "vacuum")] == ["true"] * 3, state
