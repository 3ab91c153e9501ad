"""Fixtures of the browser suite: the engines, the release servers, the browsers, the recorder; and the closing
summary.

Every test that opens a page runs once per engine (`--engine chromium|firefox|webkit|all`, a comma-separated
list works too; default all). The engines take turns: all of Chromium's tests, then Firefox's, then WebKit's,
one browser per engine for the whole turn, with its cookies and tabs cleared before each test.
"""

import json
import re
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest

# Plain asserts in the support package explain themselves as the tests' own do.
pytest.register_assert_rewrite("tableview_e2e")

from tableview_e2e.browser import Page
from tableview_e2e.engines import ENGINES, Chromium, EngineError
from tableview_e2e.recorder import AXE_ENGINES, Recorder
from tableview_e2e.server import Server, release_binary

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "e2e"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
ENGINE_ID = re.compile(r"\[(?:.*-)?(" + "|".join(ENGINES) + r")(?:-.*)?\]$")

_recorder: Recorder | None = None


def _interrupt(signum, frame):
    raise KeyboardInterrupt(f"signal {signum}")


# A run stopped with SIGTERM (a timeout, say) still tears down: browsers, drivers and displays live in process
# groups of their own and would outlive it.
signal.signal(signal.SIGTERM, _interrupt)


def pytest_addoption(parser):
    parser.addoption("--engine", default="all",
                     help=f"the browser engines to run, one after another: {', '.join(ENGINES)}, a comma-separated "
                          "list of them, or all (the default)")


def selected_engines(config) -> list[str]:
    value = config.getoption("--engine")
    names = list(ENGINES) if value == "all" else [name.strip() for name in value.split(",")]
    unknown = [name for name in names if name not in ENGINES]
    if unknown:
        raise pytest.UsageError(f"--engine: unknown {unknown}; choose from {', '.join(ENGINES)} or all")
    return names


def pytest_generate_tests(metafunc):
    if "engine" in metafunc.fixturenames:
        metafunc.parametrize("engine", selected_engines(metafunc.config), indirect=True, scope="session")


@pytest.fixture(scope="session")
def workdir():
    """Profiles, private displays' settings and browser logs: one folder, removed at the end."""
    folder = Path(tempfile.mkdtemp(prefix="tableview-e2e-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="session")
def recorder(workdir):
    global _recorder
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    _recorder = Recorder(ARTIFACTS, lambda language: Chromium(workdir, javascript=True, language=language))
    yield _recorder
    _recorder.close()


@pytest.fixture(scope="session")
def engine(request, recorder, workdir):
    """The engine's browser for its whole turn. One that cannot start fails each of its tests with the reason
    (started once: the failure is kept for the rest of the turn)."""
    name = request.param
    log = recorder.log(name)
    started = time.monotonic()
    try:
        browser = ENGINES[name](workdir)
    except EngineError as error:
        log.seconds += time.monotonic() - started
        pytest.fail(f"{name}: {error}", pytrace=False)
    yield browser
    browser.quit()
    log.seconds += time.monotonic() - started


def _serve(tables: Path | None):
    server = Server(release_binary(ROOT), ARTIFACTS / "logs" / f"{tables.stem if tables else 'demo'}.log", tables)
    yield server
    server.stop()


@pytest.fixture(scope="session")
def demo():
    """The built-in demo: tables sento, edit, accordion."""
    yield from _serve(None)


@pytest.fixture(scope="session")
def picnic():
    """e2e/fixtures/picnic.json: one table (selection and collapsing)."""
    yield from _serve(FIXTURES / "picnic.json")


@pytest.fixture(scope="session")
def long_table():
    """e2e/fixtures/long.json: one table of 38 rows in three sections (the place-keeping benchmark)."""
    yield from _serve(FIXTURES / "long.json")


@pytest.fixture(scope="session")
def large_table():
    """e2e/fixtures/large.json: one table of 300 rows in two sections (rows far below the window)."""
    yield from _serve(FIXTURES / "large.json")


@pytest.fixture(scope="session")
def chores():
    """e2e/fixtures/chores.json: one table, a list of 8 chores and a grocery list limited to 2 (every tap counts)."""
    yield from _serve(FIXTURES / "chores.json")


@pytest.fixture(scope="session")
def errands():
    """e2e/fixtures/errands.json: one table of long titles and details in English and Japanese (phone layout)."""
    yield from _serve(FIXTURES / "errands.json")


@pytest.fixture(scope="session")
def pantry():
    """e2e/fixtures/pantry.json: three tables (editing)."""
    yield from _serve(FIXTURES / "pantry.json")


@pytest.fixture(scope="session")
def store():
    """e2e/fixtures/store.json: one table of nine sections of six rows (the section index)."""
    yield from _serve(FIXTURES / "store.json")


@pytest.fixture
def browsers(engine, recorder, request, workdir):
    """Opens browser profiles with JavaScript off: `browsers(server)` gives a tab. The first profile of a test is
    the engine's browser, cleared (no cookies, one tab, default viewport, light); each further one is a browser
    of the same engine with a profile of its own."""
    recorder.test = request.node.originalname.removeprefix("test_").replace("_", "-")
    opened = []

    def open_tab(server: Server, label: str = "main") -> Page:
        if not opened:
            engine.fresh(server.url)
            browser = engine
        else:
            try:
                browser = type(engine)(workdir)
            except EngineError as error:
                pytest.fail(f"{engine.name}: {error}", pytrace=False)
            browser.fresh(server.url)
        opened.append(browser)
        return Page(browser, server.url, recorder, label)

    open_tab.recorder = recorder
    yield open_tab
    for browser in opened[1:]:
        browser.quit()


@pytest.fixture
def axe(engine, recorder):
    """The axe-core checker, for tests of its gate: it runs beside the engines of AXE_ENGINES only."""
    if engine.name not in AXE_ENGINES:
        pytest.skip(f"axe-core runs beside {', '.join(AXE_ENGINES)} only")
    return recorder.axe


def pytest_runtest_logreport(report):
    if _recorder is None or (report.when != "call" and not (report.failed or report.skipped)):
        return
    match = ENGINE_ID.search(report.nodeid)
    if match is None:
        return
    outcome = "failed" if report.failed else "skipped" if report.skipped else "passed"
    _recorder.log(match.group(1)).tests[outcome] += 1


def pytest_terminal_summary(terminalreporter):
    if _recorder is None:
        return
    summary = _recorder.summary()
    (ARTIFACTS / "summary.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n",
                                            encoding="utf-8")
    axe = summary["axe"]
    write = terminalreporter.write_line
    terminalreporter.section("tableview e2e")
    for name, counts in summary["engines"].items():
        tests = counts["tests"]
        write(f"{name}: {tests['passed']} tests passed, {tests['failed']} failed, {tests['skipped']} skipped; "
              f"{counts['steps']} steps ({counts['pages']} pages in artifacts/e2e/{name}/); {counts['seconds']} s")
    write(f"axe-core {axe['version']} (beside {', '.join(axe['engines'])}): {axe['rules']} rules on "
          f"{axe['page states']} page states, {axe['distinct page states']} distinct ({axe['rule runs']} rule "
          "runs), no serious or critical violation allowed")
    taps = ARTIFACTS / "taps.json"
    if taps.exists():
        for name, gaps in json.loads(taps.read_text(encoding="utf-8")).items():
            write(f"{name}: quick tap pairs lost " + ", ".join(f"{c['lost']} of {c['pairs']} at {gap} ms"
                                                           for gap, c in gaps.items()))
    for title, counts in (("below serious", axe["violations below serious"]), ("needs review", axe["needs review"])):
        for rule, count in counts.items():
            write(f"  axe {title}: {rule} on {count} page states")
