"""Reads like an iOS table (SPEC §3, last rules): a focus ring for keyboard users and not after a pointer tap, and
a message that can be closed without script and shows once — Back and Reload show the page without it."""

from tableview_e2e.engines import By


def test_a_ring_shows_for_the_keyboard_and_not_after_a_pointer_tap(browsers, picnic):
    page = browsers(picnic).open("/tables/picnic", "open picnic")
    page.tap(page.selection_control("Day", "Saturday"), "tap Saturday")
    assert page.active_element_id() == "row_saturday_select"
    assert page.focus_ring() == "none", "a pointer tap leaves the landed control without a ring"
    page.press(page.selection_control("Day", "Sunday"), "Sunday from the keyboard")
    assert page.active_element_id() == "row_sunday_select"
    # Without the system's keyboard focus (WebKitGTK's display needs a window manager for it) :focus matches nothing.
    assert page.browser.execute("return document.hasFocus()"), f"{page.browser.title}'s window has the keyboard focus"
    assert page.focus_ring() != "none", "a keyboard activation lands with a ring"


def test_a_message_closes_without_script_and_shows_once(browsers, picnic):
    page = browsers(picnic).open("/tables/picnic", "open picnic")
    # Basket selects at most one row.
    page.tap(page.selection_control("Basket", "Sandwiches"), "select Sandwiches")
    page.tap(page.selection_control("Basket", "おにぎり"), "select おにぎり, one too many")
    assert page.message() and page.message()[0] == "alert"
    # Its Close is the summary of an open <details>: tapped, it folds the message, which the stylesheet hides.
    close = page.browser.find_element(By.CSS_SELECTOR, "details.notice > summary")
    assert close.text.strip() == "Close"
    old = page.browser.document_root()
    close.tap()
    assert page.browser.execute("return document.querySelector('details.notice').open") is False
    assert page.browser.execute("return getComputedStyle(document.querySelector('details.notice')).display") == "none"
    assert page.browser.document_root() == old, "closed in place, without a request"
    page.tap(page.selection_control("Day", "Saturday"), "tap Saturday, after the alert")
    page.back("Back to the page that had the alert")
    assert page.message() is None, "Back shows the page without the message it showed once"
    assert page.browser.execute("return document.querySelector('details.notice')") is None


PHONE = (390, 844)
# What the page says of its layout: each row's width, its title's and where its checkmark ends; controls smaller
# than 44×44 px; elements cut with an ellipsis or whose text overflows; icon controls without a visible name.
LAYOUT = """
const box = e => e.getBoundingClientRect();
const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const rows = [...document.querySelectorAll('li.row')].map(li => {
    const check = li.querySelector('.check');
    return {id: li.id, row: box(li).width, title: box(li.querySelector('.title')).width,
            check: check ? Math.round(box(check).right) : null};
});
const small = [...document.querySelectorAll('main button, main a, main summary')].filter(shown)
    .filter(e => box(e).width < 43.5 || box(e).height < 43.5)
    .map(e => `${e.id || e.textContent.trim()} ${box(e).width}x${box(e).height}`);
const cut = [...document.querySelectorAll('body *:not(.visually-hidden)')].filter(shown).filter(e => {
    const style = getComputedStyle(e);
    return style.textOverflow === 'ellipsis' || (style.overflowX !== 'visible' && !e.matches('.edit-mode, .toolbar-actions, .notice')
        && e.scrollWidth > e.clientWidth + 1);
}).map(e => `${e.tagName}#${e.id}.${e.className}`);
const unnamed = [...document.querySelectorAll('.move button, .move a, .delete button')].filter(e => !e.title)
    .map(e => e.id);
return {rows, small, cut, unnamed};
"""


def test_edit_rows_keep_the_title_its_room_at_phone_width(browsers, errands):
    """At 390 px, in Off, All and Reorder only: every title keeps at least 60 % of its row's width and wraps
    rather than being cut; a checkmark stays where it is in Off; every control is at least 44×44 px, and each
    icon control has a visible name on hover (`title`)."""
    page = browsers(errands)
    page.set_viewport(*PHONE)
    page.open("/tables/errands", "open errands at 390 px")
    checks = None
    for mode in ("Off", "All", "Reorder only"):
        if mode != "Off":
            page.tap(page.edit_mode(mode), f"switch to {mode}")
        layout = page.browser.execute(LAYOUT)
        for row in layout["rows"]:
            assert row["title"] >= 0.6 * row["row"], f"{mode}: {row['id']}'s title has {row['title']:.0f} of {row['row']:.0f} px"
        assert layout["small"] == [], f"{mode}: controls under 44×44 px: {layout['small']}"
        assert layout["cut"] == [], f"{mode}: text cut off: {layout['cut']}"
        assert layout["unnamed"] == [], f"{mode}: icon controls without a title: {layout['unnamed']}"
        now = {row["id"]: row["check"] for row in layout["rows"] if row["check"] is not None}
        assert checks is None or now == checks, f"{mode}: checkmarks moved from {checks} to {now}"
        checks = now

    # "Undo delete “X”" of a long title, in the toolbar after the next action: it wraps inside the window.
    page.tap(page.edit_mode("All"), "switch to All")
    page.tap(page.find("button", "Delete Text message tracking updates to two phone numbers"), "delete a long title")
    page.tap(page.edit_mode("Off"), "switch to Off, Undo in the toolbar")
    undo = page.find("button", "Undo delete “Text message tracking updates to two phone numbers”")
    box = page.rect(undo)
    width, _ = page.viewport()
    assert 0 <= box["left"] and box["right"] <= width, f"Undo spans {box['left']:.0f}–{box['right']:.0f} px"
    assert page.browser.execute(LAYOUT)["cut"] == [], "the toolbar's Undo wraps rather than being cut"
