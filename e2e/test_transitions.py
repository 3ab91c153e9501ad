"""Changes that move like a native table's (SPEC §2 "Keeping the reader's place", its last rule; docs/DESIGN.md
"Animated changes"): in Chromium, after each kind of action, which elements the view transition across the form's
round trip moves, closes, opens or fades, and which it leaves alone; none on a first load, a reload, Back, another
page, an action that changed nothing, or under reduced motion; and the place and focus of the tapped control after
it. Firefox and WebKitGTK run no cross-document transition: there the same taps land as they always did.

The transitions are read through WebDriver, whose scripts run while the page's are off: `document.getAnimations()`
lists the animations of the `::view-transition-*` pseudo-elements, each named by the element's view-transition-name
(its id). The server under test serves a copy of Public/ whose stylesheet stretches them to a minute (`--public`),
so that they are still running when the step's screenshot and checks are done; the test then finishes them.
"""

import re
import shutil

import pytest

from conftest import ARTIFACTS, ROOT
from tableview_e2e.server import Server, release_binary
from test_pages import readme_screenshot

STRETCH_MS = 60_000
STRETCH = f"""
/* e2e/test_transitions.py: the view transitions last a minute, so the suite sees them running. */
::view-transition-group(*),
::view-transition-image-pair(*),
::view-transition-old(*),
::view-transition-new(*) {{
    animation-duration: {STRETCH_MS}ms !important;
}}
"""
PHONE = (390, 800)

# Per group (the view-transition-name): whether an old and a new image animate, and the group's box at the start
# and the end of its animation (top in the window, height).
GROUPS = """
const groups = {};
for (const animation of document.getAnimations()) {
  const match = /^::view-transition-(group|old|new)\\((.+)\\)$/.exec(animation.effect.pseudoElement || '');
  if (!match) continue;
  const group = groups[match[2]] ||= {old: false, new: false, from: null, to: null};
  if (match[1] === 'group') {
    const frames = animation.effect.getKeyframes(), box = frame => [frame.transform, frame.height];
    group.from = box(frames[0]);
    group.to = box(frames[frames.length - 1]);
  } else {
    group[match[1]] = true;
  }
}
return groups;
"""
RUNNING = "return document.getAnimations().filter(a => a.effect.pseudoElement?.startsWith('::view-transition')).length"
MATRIX = re.compile(r"matrix\(1, 0, 0, 1, [-\d.e]+, ([-\d.e]+)\)")


class Transition:
    """The view transition a page is running, by group name."""

    def __init__(self, groups: dict):
        self.groups = groups

    def _box(self, box) -> tuple[float, float] | None:
        if box is None:
            return None
        match = MATRIX.fullmatch(box[0] or "")
        return (float(match.group(1)) if match else 0.0, float((box[1] or "0px").removesuffix("px")))

    @property
    def names(self) -> set[str]:
        return set(self.groups)

    @property
    def moved(self) -> set[str]:
        """Groups in both pages whose top moved by more than the landing's 2 px, or whose height changed."""
        moved = set()
        for name, group in self.groups.items():
            start, end = self._box(group["from"]), self._box(group["to"])
            if group["old"] and group["new"] and start and end and (
                    abs(start[0] - end[0]) > 2 or abs(start[1] - end[1]) > 1):
                moved.add(name)
        return moved

    def shift(self, name: str) -> float:
        """How far the group's top moves in the window (px, down positive)."""
        group = self.groups[name]
        return self._box(group["to"])[0] - self._box(group["from"])[0]

    @property
    def closed(self) -> set[str]:
        """Elements only in the page before: their room closes."""
        return {name for name, group in self.groups.items() if group["old"] and not group["new"]}

    @property
    def opened(self) -> set[str]:
        """Elements only in the page after: their room opens."""
        return {name for name, group in self.groups.items() if group["new"] and not group["old"]}

    @property
    def faded(self) -> set[str]:
        """Elements in both pages that stay where they are: the two pictures cross-fade (a checkmark comes or goes;
        an unchanged row shows no difference)."""
        return {name for name, group in self.groups.items()
                if group["old"] and group["new"] and name not in self.moved}

    def __repr__(self) -> str:
        return (f"Transition(moved={sorted(self.moved)}, closed={sorted(self.closed)}, opened={sorted(self.opened)}, "
                f"faded={sorted(self.faded)})")


@pytest.fixture(scope="module")
def stretched(tmp_path_factory):
    """The demo, its stylesheet's transitions stretched to a minute."""
    public = tmp_path_factory.mktemp("public")
    shutil.copytree(ROOT / "Public", public, dirs_exist_ok=True)
    with open(public / "style.css", "a", encoding="utf-8") as stylesheet:
        stylesheet.write(STRETCH)
    server = Server(release_binary(ROOT), ARTIFACTS / "logs" / "transitions.log", public=public)
    yield server
    server.stop()


def chromium_page(engine, browsers, server, path: str):
    if engine.name != "chromium":
        pytest.skip("cross-document view transitions run in Chromium only (docs/DESIGN.md \"Animated changes\")")
    page = browsers(server)
    page.browser.set_reduced_motion(False)
    page.set_viewport(*PHONE)
    page.open(path, f"open {path}, motion allowed")
    assert running(page) == 0, "a first load does not animate"
    return page


def running(page) -> int:
    page.focus()
    return page.browser.execute(RUNNING)


def finish(page) -> None:
    """Ends the running transition, as its minute would."""
    page.browser.execute("for (const a of document.getAnimations()) if (a.effect.pseudoElement) a.finish()")
    for _ in range(50):
        if running(page) == 0:
            return
        page.browser.execute("return 0")
    raise AssertionError("the view transition did not end when its animations finished")


def animated_tap(page, control_id: str, step: str, lands_on: str | None = None) -> Transition:
    """Taps the control at its middle, reads the transition the round trip runs, lets it end, and checks that the
    control (or `lands_on`, what stands in its place) is where the tap was, within 2 px, and has the focus."""
    control = page.element(control_id)
    assert control is not None, f"no #{control_id} on {page.path}"
    page.browser.execute("arguments[0].scrollIntoView({block: 'nearest'})", control)
    before = page.rect(control)
    page.tap(control, step)
    assert running(page) > 0, f"{step}: no view transition runs"
    transition = Transition(page.browser.execute(GROUPS))
    finish(page)
    landed = lands_on or control_id
    page.landed_at(landed)
    after = page.rect(page.element(landed))
    assert abs(after["top"] - before["top"]) <= 2, \
        f"{step}: #{landed} at {after['top']:.1f} px after the transition, tapped at {before['top']:.1f} px"
    return transition


def still(page, step: str) -> None:
    assert running(page) == 0, f"{step}: a view transition runs: {Transition(page.browser.execute(GROUPS))}"


BAG = ["row_wallet", "row_key", "row_towel-set", "row_soap", "row_shampoo", "row_clothes", "row_coins"]


def test_selection_fades_its_checkmark(engine, browsers, stretched):
    page = chromium_page(engine, browsers, stretched, "/tables/edit")
    page.scroll_to(40)
    selected = animated_tap(page, "row_key_select", "select key")
    assert selected.moved == set(), selected
    assert "row_key" in selected.faded and not selected.closed and not selected.opened, selected
    assert not {name for name in selected.names if not name.startswith(("row_", "section_"))}, \
        f"only rows and sections are named: {selected}"
    deselected = animated_tap(page, "row_key_select", "deselect key")
    assert deselected.moved == set() and "row_key" in deselected.faded, deselected


def test_edit_mode_switch_makes_room(engine, browsers, stretched):
    page = chromium_page(engine, browsers, stretched, "/tables/edit")
    on = animated_tap(page, "edit-mode-all", "edit mode All")
    # Each movable row grows a line of move controls; the rows and sections below make way.
    assert {"row_soap", "row_shampoo", "row_clothes", "section_route"} <= on.moved, on
    assert not any(name.startswith("edit-mode") for name in on.names), f"the toolbar stays put: {on}"
    off = animated_tap(page, "edit-mode-off", "edit mode Off")
    assert {"row_soap", "row_shampoo", "row_clothes", "section_route"} <= off.moved, off


def test_move_slides_the_row_and_its_neighbour(engine, browsers, stretched):
    """The tapped control lands where it was tapped, so its row stays under the finger while the page scrolls by
    a row under it: every other row shifts alike but the one it passed, which slides the other way."""
    page = chromium_page(engine, browsers, stretched, "/tables/edit")
    animated_tap(page, "edit-mode-sort", "edit mode Reorder only")
    for direction in ("down", "up"):
        moved = animated_tap(page, f"row_shampoo_{direction}", f"move shampoo {direction}")
        assert abs(moved.shift("row_shampoo")) <= 2, moved
        scroll = moved.shift("row_wallet")
        assert abs(scroll) > 40, f"the page scrolls by the row's height under it: {scroll}"
        for name in set(BAG) - {"row_shampoo", "row_clothes"}:
            assert abs(moved.shift(name) - scroll) <= 1, f"{name} moves with the page: {moved}"
        assert abs(moved.shift("row_clothes") - scroll) > 40, f"clothes makes way: {moved}"
        assert not moved.closed and not moved.opened, moved


def test_delete_closes_and_undo_opens(engine, browsers, stretched):
    page = chromium_page(engine, browsers, stretched, "/tables/edit")
    animated_tap(page, "edit-mode-delete", "edit mode Delete only")
    deleted = animated_tap(page, "row_soap_delete", "delete soap", lands_on="undo")
    assert deleted.closed == {"row_soap"} and deleted.opened == {"deleted"}, deleted
    # The Undo placeholder takes the row's room: nothing else moves.
    assert deleted.moved == set(), deleted
    restored = animated_tap(page, "undo", "undo: restore soap", lands_on="row_soap_delete")
    assert restored.closed == {"deleted"} and restored.opened == {"row_soap"}, restored
    assert restored.moved == set(), restored


def test_collapse_and_expand_fold_and_slide(engine, browsers, stretched):
    page = chromium_page(engine, browsers, stretched, "/tables/accordion")
    prices = ["row_adult", "row_child", "row_infant", "row_sauna-fee"]
    below = {"section_baths", "section_access", "section_visit"}
    expanded = animated_tap(page, "section_prices_toggle", "expand prices")
    assert expanded.opened == set(prices), expanded
    assert expanded.moved == below | {"section_prices"}, expanded
    assert "section_hours" not in expanded.names, f"a section above is left alone: {expanded}"
    assert page.browser.execute("return getComputedStyle(document.querySelector('.just-expanded .rows'))"
                                ".animationName") == "none", "the transition takes the place of the rows' fade-in"
    collapsed = animated_tap(page, "section_prices_toggle", "collapse prices")
    assert collapsed.closed == set(prices), collapsed
    assert collapsed.moved == below | {"section_prices"}, collapsed
    everything = animated_tap(page, "collapse-all", "collapse all")
    assert {"row_weekday", "row_station"} <= everything.closed, everything
    assert {"section_hours", "section_access", "section_prices"} <= everything.moved, everything
    again = animated_tap(page, "expand-all", "expand all")
    assert {"row_weekday", "row_adult", "row_jet", "row_saturday"} <= again.opened, again
    assert {"section_prices", "section_baths", "section_visit"} <= again.moved, again


def test_no_animation_where_nothing_changed(engine, browsers, stretched):
    page = chromium_page(engine, browsers, stretched, "/tables/edit")
    page.tap(page.element("reset"), "Reset with nothing to reset")
    assert "nothing" in page.message()[1].casefold()
    still(page, "an action that changed nothing")
    animated_tap(page, "row_key_select", "select key")
    page.reload("reload")
    still(page, "a reload")
    page.back("Back")
    still(page, "Back")
    animated_tap(page, "edit-mode-all", "edit mode All")
    page.tap(page.element("row_soap_move"), "open soap's position picker")
    still(page, "a GET of another page")
    page.tap(page.find("link", "Back to the table", prefix=True), "back to the table by its link")
    still(page, "a GET of the table")
    # A move from the picker changes the table, but the page before was the picker: nothing to move from.
    page.tap(page.element("row_soap_move"), "open soap's position picker again")
    page.tap(page.element("picker-top"), "move soap to the top")
    still(page, "a move from the position picker")
    page.landed_at("row_soap_move")


def test_reduced_motion_animates_nothing(engine, browsers, stretched):
    page = chromium_page(engine, browsers, stretched, "/tables/accordion")
    page.browser.set_reduced_motion(True)
    page.tap(page.element("section_prices_toggle"), "expand prices, reduced motion")
    still(page, "reduced motion")
    page.landed_at("section_prices_toggle")


FRAMES = (0.0, 0.25, 0.5, 0.75)


def test_transition_frames(engine, browsers, stretched):
    """Frames of three kinds, at a quarter of the transition apart, for the README: `transition-<kind>-<n>.png`,
    copied to docs/screenshots/ with E2E_UPDATE_SCREENSHOTS=1."""
    page = chromium_page(engine, browsers, stretched, "/tables/edit")
    page.set_viewport(390, 600)

    def frames(kind: str, control_id: str, step: str) -> None:
        page.tap(page.element(control_id), step)
        assert running(page) > 0, f"{step}: no view transition runs"
        for index, fraction in enumerate(FRAMES):
            page.browser.execute("for (const a of document.getAnimations()) if (a.effect.pseudoElement) "
                                 "{ a.pause(); a.currentTime = arguments[0]; }", fraction * STRETCH_MS)
            readme_screenshot(page, f"transition-{kind}-{index}.png", 60_000)
        finish(page)

    animated_tap(page, "edit-mode-all", "edit mode All")
    frames("delete", "row_soap_delete", "delete soap")
    frames("undo", "undo", "undo")
    frames("move", "row_shampoo_up", "move shampoo up")
    page.open("/tables/accordion", "open the accordion")
    frames("collapse", "section_hours_toggle", "collapse hours")


def test_other_engines_land_as_before(engine, browsers, demo):
    """Firefox (no cross-document transitions) with motion allowed: the taps of each kind land and focus as they
    do under reduced motion, and nothing animates across the round trip."""
    if engine.name != "firefox":
        pytest.skip("Chromium is checked above; WebKitGTK's reduced motion is set at launch "
                    "(docs/DESIGN.md \"Animated changes\": it runs no transition after a form's 303)")
    page = browsers(demo)
    page.browser.set_reduced_motion(False)
    page.set_viewport(*PHONE)
    page.open("/tables/edit", "open お風呂セット, motion allowed")
    assert page.browser.execute("return matchMedia('(prefers-reduced-motion: no-preference)').matches")
    for control, lands_on in (("row_key_select", None), ("edit-mode-all", None), ("row_shampoo_down", None),
                              ("row_soap_delete", "undo"), ("undo", "row_soap_delete")):
        element = page.element(control)
        page.browser.execute("arguments[0].scrollIntoView({block: 'nearest'})", element)
        before = page.rect(element)
        page.tap(element, f"tap #{control}")
        still(page, f"#{control} in Firefox")
        page.landed_at(lands_on or control)
        after = page.rect(page.element(lands_on or control))
        assert abs(after["top"] - before["top"]) <= 2, f"#{control}: {before['top']} → {after['top']}"
    # Where the transition does not run, a section just expanded still fades its rows in.
    page.open("/tables/accordion", "open 文化浴泉のご案内, motion allowed")
    page.tap(page.element("section_prices_toggle"), "expand prices")
    assert page.browser.execute(
        "return getComputedStyle(document.querySelector('.just-expanded .rows')).animationName") == "tableview-reveal"
