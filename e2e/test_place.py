"""Keeping the reader's place (SPEC §2), measured: the place-keeping benchmark of tableview_e2e.place in both
window sizes, every scenario with its first control at three heights of the window (in Chromium; at the lowest
of them in Firefox and WebKit). Each run checks the rules
(landed element in the window and focused, message in the window and not covering it, second tap within 2 px)
and records the displacements; when every engine has run, their medians and maxima are printed and written to
artifacts/e2e/place.json."""

import json

import pytest

from tableview_e2e import place
from tableview_e2e.place import Scenario, Tap

SCENARIOS = [
    Scenario("another row of a single section", "long",
             Tap("radio", "Choice 2", "Intro"), Tap("radio", "Choice 4", "Intro")),
    Scenario("another row of a multiple section", "long",
             Tap("checkbox", "Item 5", "Many"), Tap("checkbox", "Item 7", "Many")),
    Scenario("a refused row after two selected", "long",
             Tap("checkbox", "Item 14", "Many"), Tap("checkbox", "Item 16", "Many"),
             setup=(Tap("checkbox", "Item 2", "Many"), Tap("checkbox", "Item 3", "Many"))),
    Scenario("the same header twice", "long", Tap("header", "Plain"), Tap("header", "Plain")),
    Scenario("the header of a long section twice", "long", Tap("header", "Many"), Tap("header", "Many")),
    Scenario("Undo after Delete", "long", Tap("button", "Delete Item 6"), Tap("button", "Undo"),
             setup=(Tap("button", "All"),)),
    Scenario("the same row moved down twice", "long",
             Tap("button", "Move Item 13 down"), Tap("button", "Move Item 13 down"), setup=(Tap("button", "All"),)),
    Scenario("to top, then down", "long",
             Tap("button", "Move Item 18 to top"), Tap("button", "Move Item 18 down"),
             setup=(Tap("button", "Reorder only"),)),
    Scenario("a row of the demo's selection", "sento",
             Tap("radio", "八幡湯", "お好きな銭湯"), Tap("radio", "北欧", "お好きな銭湯")),
    Scenario("a header of the demo's accordion twice", "accordion", Tap("header", "料金"), Tap("header", "料金")),
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


@pytest.mark.parametrize("width, height", place.WINDOWS, ids=[f"{w}x{h}" for w, h in place.WINDOWS])
@pytest.mark.parametrize("scenario", SCENARIOS, ids=[s.name.replace(" ", "-") for s in SCENARIOS])
def test_place_is_kept(browsers, results, long_table, demo, scenario, width, height):
    server = long_table if scenario.table == "long" else demo
    problems = []
    # The pages are the suite's own, traced and checked by the other tests: here only the geometry is measured.
    browsers.recorder.quiet = True
    try:
        page = browsers(server)
        # The whole benchmark in Chromium; the other engines check the same rules from the lowest start, the
        # hardest (the message must not cover the control), to keep the suite's time.
        heights = place.HEIGHTS if page.browser.name == "chromium" else place.HEIGHTS[-1:]
        for at in heights:
            page.browser.fresh(server.url)  # a new visitor: no cookie, so no landing to predict from
            measurement = place.run(page, scenario, width, height, at)
            results.append(measurement)
            problems += [f"at {at:.0%}: {problem}" for problem in measurement.problems]
    finally:
        browsers.recorder.quiet = False
    assert not problems, "\n".join(problems)
