"""Keeping the reader's place (SPEC §2), measured: the place-keeping benchmark of tableview_e2e.place in both
window sizes. Each scenario is a walk of three taps — a first tap, a second next to it, a third after a scroll —
made three ways: with a pointer at each control's middle, with a pointer near the controls' edges, and with the
keyboard, each walk from a quarter, half or three quarters down the window, in turn. Each walk
checks the rules (the tapped control still, the landed element in the window and focused, the message in the
window and not covering it) and records the displacements; when every engine has run, the medians and maxima per
engine, window, way and kind of tap are printed and written to artifacts/e2e/place.json."""

import json

import pytest

from tableview_e2e import place
from tableview_e2e.place import Scenario, Tap

SCENARIOS = [
    Scenario("rows of a single section, then across its footer", "long",
             (Tap("radio", "Choice 2", "Intro"), Tap("radio", "Choice 4", "Intro"),
              Tap("checkbox", "Item 3", "Many", scroll=137))),
    Scenario("rows of a multiple section, then up", "long",
             (Tap("checkbox", "Item 7", "Many"), Tap("checkbox", "Item 9", "Many"),
              Tap("checkbox", "Item 5", "Many", scroll=-95))),
    Scenario("refused rows", "long",
             (Tap("checkbox", "Item 14", "Many"), Tap("checkbox", "Item 16", "Many"),
              Tap("checkbox", "Item 18", "Many", scroll=60)),
             setup=(Tap("checkbox", "Item 2", "Many"), Tap("checkbox", "Item 3", "Many"))),
    Scenario("the same header twice, then one above", "long",
             (Tap("header", "Plain"), Tap("header", "Plain"), Tap("header", "Many", scroll=-120))),
    Scenario("a long section's header twice, then across it collapsed", "long",
             (Tap("header", "Many"), Tap("header", "Many"), Tap("header", "Many", scroll=75))),
    Scenario("Undo after Delete, then another Delete", "long",
             (Tap("button", "Delete Item 6"), Tap("button", "Undo"), Tap("button", "Delete Item 12", scroll=101)),
             setup=(Tap("button", "All"),)),
    Scenario("the same row moved down twice, then another up", "long",
             (Tap("button", "Move Item 13 down"), Tap("button", "Move Item 13 down"),
              Tap("button", "Move Item 7 up", scroll=-149)),
             setup=(Tap("button", "All"),)),
    Scenario("up, then down, then another up", "long",
             (Tap("button", "Move Item 18 up"), Tap("button", "Move Item 18 down"),
              Tap("button", "Move Item 15 up", scroll=53)),
             setup=(Tap("button", "Reorder only"),)),
    Scenario("the toolbar", "long",
             (Tap("button", "All"), Tap("button", "Off"), Tap("button", "Collapse all", scroll=30))),
    Scenario("rows of the demo's selection", "sento",
             (Tap("radio", "八幡湯", "お好きな銭湯"), Tap("radio", "北欧", "お好きな銭湯"),
              Tap("checkbox", "水風呂", "欲しい設備", scroll=80))),
    Scenario("a header of the demo's accordion", "accordion",
             (Tap("header", "料金"), Tap("header", "料金"), Tap("header", "営業時間", scroll=-40))),
]


@pytest.fixture(scope="session")
def results(recorder, request):
    """The measurements of every engine; once all have run, their figures are printed and kept in
    artifacts/e2e/place.json for the README."""
    measurements: list[place.Measurement] = []
    yield measurements
    if not measurements:
        return
    lines = place.summary(measurements)
    (recorder.root / "place.json").write_text(json.dumps({
        "summary": lines,
        "runs": [measurement.__dict__ for measurement in measurements],
    }, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    terminal = request.config.pluginmanager.get_plugin("terminalreporter")
    if terminal is not None:
        terminal.write_line("")
        terminal.write_line("place-keeping benchmark (displacement of the tapped control's top edge, CSS px)")
        for line in lines:
            terminal.write_line("  " + line)


def heights(way: str, scenario_index: int) -> tuple[float, ...]:
    """Where the first control starts: one of the three heights per walk, taking turns over the scenarios and
    ways, so that every engine starts each way from all three (a walk from each height is a minute more per
    engine)."""
    return (place.HEIGHTS[(scenario_index + place.WAYS.index(way)) % len(place.HEIGHTS)],)


@pytest.mark.parametrize("way", place.WAYS)
@pytest.mark.parametrize("width, height", place.WINDOWS, ids=[f"{w}x{h}" for w, h in place.WINDOWS])
@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name.replace(" ", "-") for s in SCENARIOS])
def test_place_is_kept(browsers, results, long_table, demo, scenario, width, height, way):
    server = long_table if scenario.table == "long" else demo
    problems = []
    # The pages are the suite's own, traced and checked by the other tests: here only the geometry is measured.
    browsers.recorder.quiet = True
    try:
        page = browsers(server)
        for at in heights(way, SCENARIOS.index(scenario)):
            page.browser.fresh(server.url)  # a new visitor: no cookie, so no landing to predict from
            measurement = place.run(page, scenario, width, height, at, way)
            results.append(measurement)
            problems += [f"at {at:.0%}: {problem}" for problem in measurement.problems]
    finally:
        browsers.recorder.quiet = False
    assert not problems, "\n".join(problems)
