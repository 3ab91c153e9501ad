"""Reads like an iOS table (SPEC §3, last rules): a focus ring for keyboard users and not after a pointer tap, and
a message that can be closed without script and shows once — Back and Reload show the page without it."""

import pytest

from tableview_e2e.engines import By


def test_a_ring_shows_for_the_keyboard_and_not_after_a_pointer_tap(browsers, picnic):
    page = browsers(picnic).open("/tables/picnic", "open picnic")
    page.tap(page.selection_control("Day", "Saturday"), "tap Saturday")
    assert page.active_element_id() == "row_saturday_select"
    assert page.focus_ring() == "none", "a pointer tap leaves the landed control without a ring"
    page.press(page.selection_control("Day", "Sunday"), "Sunday from the keyboard")
    assert page.active_element_id() == "row_sunday_select"
    if not page.browser.execute("return document.hasFocus()"):
        pytest.skip(f"{page.browser.title}'s window has no system focus here (Xvfb without a window manager), so "
                    ":focus matches no element and no ring can show")
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
