"""The suite's own gates can fail: axe flags a broken control, the second browser notices a state other
than the first one's, w3m's and lynx's order checks notice a swap. (The Nu Html Checker's is
scripts/validate-html's.) axe-core and its state check run beside Chromium only: elsewhere their tests skip.
Roles and names read in one command are WebDriver's."""

from types import SimpleNamespace

import pytest

from tableview_e2e import techniques as t
from tableview_e2e import textbrowser
from tableview_e2e.browser import CANDIDATES
from tableview_e2e.engines.base import By, Engine


def test_axe_gate_flags_a_nameless_button(browsers, demo, axe):
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    initial = page.state()
    t.set_mode(page, "Delete only")
    t.delete(page, "持ち物", "石鹸")
    t.reset(page, initial)
    # Undo reset sits in the one-shot message, so the state check passes and axe sees the change.
    broken = page.source.replace(">Undo reset</button>", "></button>")
    assert broken != page.source
    fake = SimpleNamespace(url=page.url, status=page.status, source=broken, browser=page.browser,
                           session_cookies=page.session_cookies)
    failures = axe.failures(axe.run(fake))
    assert any("button-name" in failure for failure in failures), failures


def test_state_gate_notices_another_state(browsers, demo, axe):
    page = browsers(demo).open("/tables/sento", "open 銭湯めぐり")
    other = page.source.replace('aria-checked="false"', 'aria-checked="true"', 1)
    fake = SimpleNamespace(url=page.url, status=page.status, source=other, browser=page.browser,
                           session_cookies=page.session_cookies)
    with pytest.raises(AssertionError, match="another page"):
        axe.run(fake)


@pytest.mark.parametrize("tool", textbrowser.TOOLS)
def test_text_browser_gate_notices_a_swap(browsers, demo, tool):
    page = browsers(demo).open("/tables/sento", "open 銭湯めぐり")
    expected = textbrowser.titles(page.source)
    expected[1], expected[2] = expected[2], expected[1]
    with pytest.raises(AssertionError, match="no line starting with"):
        textbrowser.check_order(tool, textbrowser.dump(tool, page.url, page.session_cookies), expected)


def test_roles_and_names_read_together_are_webdrivers(browsers, demo, engine):
    """An engine that reads many elements' roles and names in one command (Chromium) reads what WebDriver's Get
    Computed Role and Get Computed Label answer for each of them."""
    if type(engine).computed_roles is Engine.computed_roles:
        pytest.skip(f"{engine.title} asks WebDriver for each element anyway")
    page = browsers(demo).open("/tables/edit", "open お風呂セット")
    t.set_mode(page, "All")
    elements = engine.find_elements(By.CSS_SELECTOR, CANDIDATES)
    assert len(elements) > 40
    together = list(zip(engine.computed_roles(elements), engine.computed_names(elements)))
    one_by_one = [(element.role, element.accessible_name) for element in elements]
    assert together == one_by_one
