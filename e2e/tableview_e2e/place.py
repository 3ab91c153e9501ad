"""The place-keeping benchmark (SPEC §2 "Keeping the reader's place"): scripted taps at scripted scroll
positions, each measured in the window before and after its round trip.

A scenario is a walk of taps on one table for a new visitor: a first tap, a second tap next to it (another row
of the same section, the same header again, Undo after Delete, the next move of the same row), and a third after
the reader scrolled by some distance (up or down, across a footer or a collapsed section). Before the first tap
the page is scrolled so that the first control sits at a chosen height of the window.

A walk is made in one of three ways: `pointer` taps every control at its middle, as WebDriver's click would;
`edges` taps 4 px inside a control's top edge, the next 4 px inside its bottom edge, and so on; `keyboard`
focuses each control and presses Enter. A pointer press goes to whatever the browser finds at that point (the
form's tap input, which lies over the button), as a person's does.

For each tap the benchmark records the tapped control's top edge in the window before the tap and the top edge
of the element the page landed on after it (the control itself, or what stands in for it: the Undo button of a
deleted row, the restored row, the moved row's next control): their difference is the tap's displacement. The
rules: a pointer tap at the middle moves its control by at most 2 px, one near an edge by at most half the
control's height; a keyboard tap next to the last one (no scroll between) by at most 2 px. After every tap the
landed element must be entirely in the window and have the focus, and the message, if the page has one, be
entirely in the window without covering it.
"""

import statistics
from dataclasses import dataclass, field

WINDOWS = ((390, 700), (1280, 800))
# Where the first control is placed before the first tap: a quarter, half and three quarters down the window.
HEIGHTS = (0.25, 0.5, 0.75)
WAYS = ("pointer", "edges", "keyboard")
# How far inside a control's edge the `edges` walk taps, CSS px.
EDGE = 4
# The most a tap at a control's middle, or a keyboard tap next to the last one, may move it, CSS px.
STILL = 2


@dataclass(frozen=True)
class Tap:
    role: str
    name: str
    # A region (section title) to look in, for names that occur in several places.
    within: str | None = None
    # How far the reader scrolls the page before this tap (CSS px, positive: down).
    scroll: int = 0


@dataclass(frozen=True)
class Scenario:
    name: str
    table: str
    taps: tuple[Tap, ...]
    setup: tuple[Tap, ...] = ()


@dataclass
class Measurement:
    scenario: str
    window: str
    way: str
    height: float
    # Per tap: what kind of tap it was ("first", "second", "after a scroll") and its displacement (CSS px).
    kinds: list[str] = field(default_factory=list)
    moves: list[float] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def find(page, tap: Tap):
    within = page.region(tap.within) if tap.within else None
    if tap.role in ("radio", "checkbox"):
        return page.selection_control(tap.within, tap.name)
    if tap.role == "header":
        return page.section_header(tap.name)
    return page.find(tap.role, tap.name, within)


def landed(page):
    """The element the page landed on (its fragment), its rect, and the rule checks of one round trip."""
    problems = []
    element = page.element(page.fragment) if page.fragment else None
    if element is None:
        return None, [f"landed on no element (#{page.fragment})"]
    box = page.rect(element)
    _, height = page.viewport()
    if box["top"] < -1 or box["bottom"] > height + 1:
        problems.append(f"#{page.fragment} at {box['top']:.0f}–{box['bottom']:.0f} px, outside the window")
    if page.active_element_id() != page.fragment:
        problems.append(f"focus on #{page.active_element_id()}, not on #{page.fragment}")
    for role in ("status", "alert"):
        for message in page.controls(role):
            area = page.rect(message)
            if area["top"] < -1 or area["bottom"] > height + 1:
                problems.append(f"the {role} at {area['top']:.0f}–{area['bottom']:.0f} px, outside the window")
            apart = area["bottom"] <= box["top"] + 1 or area["top"] >= box["bottom"] - 1
            holds = area["top"] <= box["top"] + 1 and area["bottom"] >= box["bottom"] - 1  # Undo in its status
            if area["height"] and not apart and not holds:
                problems.append(f"the {role} covers #{page.fragment}")
    return box, problems


def make_tap(page, control, way: str, index: int, step: str) -> None:
    """Taps `control` the walk's way; `index` counts the walk's taps (the edges alternate)."""
    if way == "keyboard":
        page.press(control, step)
    elif way == "edges":
        height = page.rect(control)["height"]
        page.tap(control, step, dy=EDGE if index % 2 == 0 else height - EDGE)
    else:
        page.tap(control, step)


def limit(way: str, kind: str, height: float) -> float | None:
    """The most the rules let this tap move its control, or None where only the window and focus rules hold."""
    if way == "pointer":
        return STILL
    if way == "edges":
        return height / 2
    return STILL if kind == "second" else None


def run(page, scenario: Scenario, width: int, height: int, at: float, way: str) -> Measurement:
    """One walk of `scenario` for a new visitor (the caller clears the cookies), the first control placed at `at`
    of the window, every tap made `way`."""
    page.set_viewport(width, height)
    page.open(f"/tables/{scenario.table}", f"open {scenario.table} for {scenario.name}")
    for tap in scenario.setup:
        page.tap(find(page, tap), f"{scenario.name}: set up, {tap.name}")
    measurement = Measurement(scenario.name, f"{page.browser.name} {width}×{height}", way, at)
    control = find(page, scenario.taps[0])
    top = page.rect(control)["top"] + page.scroll_y()
    page.scroll_to(max(0, top - at * height))
    for index, tap in enumerate(scenario.taps):
        kind = "first" if index == 0 else "after a scroll" if tap.scroll else "second"
        step = f"{scenario.name}: {kind} tap ({way})"
        if tap.scroll:
            page.scroll_to(max(0, page.scroll_y() + tap.scroll))
        control = find(page, tap)
        # A control the scroll took out of the window is brought back, as a reader would, before it is measured.
        (control.element if hasattr(control, "element") else control).into_view()
        before = page.rect(control)
        make_tap(page, control, way, index, step)
        box, problems = landed(page)
        measurement.problems += [f"{step}: {problem}" for problem in problems]
        moved = float("nan") if box is None else box["top"] - before["top"]
        measurement.kinds.append(kind)
        measurement.moves.append(moved)
        most = limit(way, kind, before["height"])
        if most is not None and not abs(moved) <= most:
            measurement.problems.append(f"{step}: moved its control by {moved:.0f} px (at most {most:.0f})")
    return measurement


def summary(measurements: list[Measurement]) -> list[str]:
    """Median and maximum displacement per engine and window, way and kind of tap, as lines of text."""
    lines = []
    for window in dict.fromkeys(m.window for m in measurements):
        for way in WAYS:
            rows = [m for m in measurements if m.window == window and m.way == way]
            if not rows:
                continue
            parts = []
            for kind in ("first", "second", "after a scroll"):
                moves = [abs(move) for m in rows for k, move in zip(m.kinds, m.moves) if k == kind]
                if moves:
                    parts.append(f"{kind} taps ({len(moves)}) median {statistics.median(moves):.0f} px, "
                                 f"max {max(moves):.0f} px")
            lines.append(f"{window}, {way}: " + "; ".join(parts))
    return lines
