"""Fixtures of the browser suite: the release servers, the browsers, the recorder; and the closing summary."""

import json
import shutil
from pathlib import Path

import pytest

# Plain asserts in the support package explain themselves as the tests' own do.
pytest.register_assert_rewrite("tableview_e2e")

from tableview_e2e.browser import Browser, Page
from tableview_e2e.recorder import AxeChecker, Recorder
from tableview_e2e.server import Server, release_binary

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts" / "e2e"
FIXTURES = Path(__file__).resolve().parent / "fixtures"

_recorder: Recorder | None = None


@pytest.fixture(scope="session")
def recorder():
    global _recorder
    shutil.rmtree(ARTIFACTS, ignore_errors=True)
    axe_browser = Browser(javascript=True)
    _recorder = Recorder(ARTIFACTS, AxeChecker(axe_browser))
    yield _recorder
    _recorder.close()
    axe_browser.quit()


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
def pantry():
    """e2e/fixtures/pantry.json: three tables (editing)."""
    yield from _serve(FIXTURES / "pantry.json")


@pytest.fixture
def browsers(recorder, request):
    """Opens browsers with JavaScript off, each with a profile of its own: `browsers(server)` gives a tab."""
    recorder.test = request.node.name.removeprefix("test_").replace("_", "-")
    opened: list[Browser] = []

    def open_tab(server: Server, label: str = "main") -> Page:
        browser = Browser(javascript=False)
        opened.append(browser)
        return Page(browser, server.url, recorder, label)

    open_tab.recorder = recorder
    yield open_tab
    for browser in opened:
        browser.quit()


def pytest_terminal_summary(terminalreporter):
    if _recorder is None:
        return
    summary = _recorder.summary()
    stats = terminalreporter.stats
    summary["tests"] = {"passed": len(stats.get("passed", [])),
                        "failed": len(stats.get("failed", [])) + len(stats.get("error", []))}
    (ARTIFACTS / "summary.json").write_text(json.dumps(summary, indent=2, ensure_ascii=False) + "\n",
                                            encoding="utf-8")
    axe = summary["axe"]
    write = terminalreporter.write_line
    terminalreporter.section("tableview e2e")
    write(f"browser steps: {summary['steps']} (screenshots in artifacts/e2e/screens/)")
    write(f"pages saved for the Nu Html Checker: {summary['pages']} (artifacts/e2e/pages/)")
    write(f"axe-core {axe['version']}: {axe['rules']} rules on {axe['page states']} page states "
          f"({axe['rule runs']} rule runs), no serious or critical violation allowed")
    for title, counts in (("below serious", axe["violations below serious"]), ("needs review", axe["needs review"])):
        for rule, count in counts.items():
            write(f"  axe {title}: {rule} on {count} page states")
