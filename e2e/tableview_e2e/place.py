"""The place-keeping benchmark (SPEC §2 "Keeping the reader's place"): scripted taps at scripted scroll
positions, each measured in the window before and after its round trip.

A scenario is a first tap and a second tap next to it (another row of the same section, the same header again,
Undo after Delete, the next move of the same row). Before the first tap the page is scrolled so that the first
control sits at a chosen height of the window. For each tap the benchmark records the tapped control's top edge
in the window before the tap and the top edge of the element the page landed on after it (the control itself,
or what stands in for it: the Undo button of a deleted row, the restored row, the moved row's next control):
their difference is the tap's displacement. It also checks, after every tap, that the landed element is entirely
in the window and has the focus, and that the message, if the page has one, is entirely in the window.
"""

import statistics
from dataclasses import dataclass, field

WINDOWS = ((390, 700), (1280, 800))
# Where the first control is placed before the first tap: a quarter, half and three quarters down the window.
HEIGHTS = (0.25, 0.5, 0.75)


@dataclass(frozen=True)
class Tap:
    role: str
    name: str
    # A region (section title) to look in, for names that occur in several places.
    within: str | None = None


@dataclass(frozen=True)
class Scenario:
    name: str
    table: str
    first: Tap
    second: Tap
    setup: tuple[Tap, ...] = ()


@dataclass
class Measurement:
    scenario: str
    window: str
    height: float
    first: float
    second: float
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


def tap_and_measure(page, tap: Tap, step: str) -> tuple[float, list[str]]:
    control = find(page, tap)
    before = page.rect(control)["top"]
    page.tap(control, step)
    box, problems = landed(page)
    if box is None:
        return float("nan"), problems
    return box["top"] - before, [f"{step}: {problem}" for problem in problems]


def run(page, scenario: Scenario, width: int, height: int, at: float) -> Measurement:
    """One scenario for a new visitor (the caller clears the cookies), the first control placed at `at` of the
    window."""
    page.set_viewport(width, height)
    page.open(f"/tables/{scenario.table}", f"open {scenario.table} for {scenario.name}")
    for tap in scenario.setup:
        page.tap(find(page, tap), f"{scenario.name}: set up, {tap.name}")
    control = find(page, scenario.first)
    top = page.rect(control)["top"] + page.scroll_y()
    page.scroll_to(max(0, top - at * height))
    first, problems = tap_and_measure(page, scenario.first, f"{scenario.name}: first tap")
    second, more = tap_and_measure(page, scenario.second, f"{scenario.name}: second tap")
    problems += more
    if abs(second) > 2:
        problems.append(f"{scenario.name}: the second tap moved its control by {second:.0f} px (at most 2)")
    return Measurement(scenario.name, f"{page.browser.name} {width}×{height}", at, first, second, problems)


def summary(measurements: list[Measurement]) -> list[str]:
    """Median and maximum displacement of first and second taps per window size, as lines of text."""
    lines = []
    for window in dict.fromkeys(m.window for m in measurements):
        rows = [m for m in measurements if m.window == window]
        firsts = [abs(m.first) for m in rows]
        seconds = [abs(m.second) for m in rows]
        lines.append(f"{window}: {len(rows)} runs (scenario × starting height); first taps median"
                     f" {statistics.median(firsts):.0f} px, max {max(firsts):.0f} px; second taps median"
                     f" {statistics.median(seconds):.0f} px, max {max(seconds):.0f} px")
    return lines
