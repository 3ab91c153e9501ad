"""Each step of the suite leaves a screenshot and the page's raw HTML (for the Nu Html Checker) under the engine's
folder, `artifacts/e2e/<engine>/`; in Chromium, also an axe-core run.

axe-core runs asynchronously, which needs JavaScript: it runs in a second Chromium with JavaScript on, for the
steps of the Chromium pass only (axe-core's Python wrapper drives selenium's Chromium; the pages, the bytes the
server sends, do not depend on the engine). That browser asks for the first one's language (one such browser per
language, started when a page in it is first checked), gets the first one's session cookie and loads the same
URL, so the server shows it the same state; the page carries no script either way (its CSP forbids them). A
message (status or alert), the just-expanded animation and the `changed` mark are shown once, to the first browser: the second one
checks that its page equals the first one's but for those, then puts the first one's exact bytes in its tab
(Page.setDocumentContent, same URL, same stylesheet) and runs axe on them.
"""

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from axe_selenium_python import Axe

from .engines import Chromium

# The engines whose steps axe-core checks.
AXE_ENGINES = ("chromium",)

FAILING_IMPACTS = ("serious", "critical")
# The message (shown once), the Undo placeholder (where the row was right after the deletion only: the list of rows
# it split joins again) and the toolbar's Undo (on a line of its own) and Undo reset that take their places on a
# later page, the section just expanded, and the mark of a page right after a change (which animates it).
ONE_SHOT = [re.compile(r'<details open="open" class="notice [^"]*">.*?</details>\n', re.DOTALL),
            re.compile(r'<div id="deleted" class="placeholder"[^>]*>.*?</div>\n', re.DOTALL),
            re.compile(r'</ul>\n<ul>\n'),
            re.compile(r'<div class="rows"[^>]*>\n</div>\n'),
            re.compile(r'<p class="empty">[^<]*</p>\n'),
            re.compile(r'<div class="toolbar-undo">\n<form [^\n]*</form>\n</div>\n'),
            re.compile(r'<form method="post" action="/tables/[^"/]+/undo(-reset)?">[^\n]*</form>\n'),
            re.compile(r" just-expanded"),
            re.compile(r' changed(?=")'), re.compile(r'(?<=<main) class="changed"')]
CSRF_FIELD = re.compile(r'name="csrf" value="[^"]*"')


def without_one_shot_parts(html: str) -> str:
    for pattern in ONE_SHOT:
        html = pattern.sub("", html)
    return html


class AxeChecker:
    """axe-core in a JavaScript-enabled Chromium, on the state a JavaScript-free browser is looking at."""

    def __init__(self, start_browser: Callable[[str], Chromium]):
        """`start_browser(language)`: a Chromium with JavaScript on that asks pages for `language`."""
        self._start_browser = start_browser
        self._browsers: dict[str, tuple[Chromium, Axe]] = {}
        self.rules: set[str] = set()
        self.rule_runs = 0
        self.pages = 0
        self.below_threshold: Counter[tuple[str, str]] = Counter()
        self.incomplete: Counter[tuple[str, str]] = Counter()
        self.version = ""
        self.review_notes: set[str] = set()
        self.failing = 0
        self._results: dict[tuple[str, str], dict] = {}

    @property
    def distinct(self) -> int:
        """How many page states axe actually ran on."""
        return len(self._results)

    def _browser(self, language: str) -> tuple[Chromium, Axe]:
        if language not in self._browsers:
            browser = self._start_browser(language)
            self._browsers[language] = browser, Axe(browser.driver)
        return self._browsers[language]

    def run(self, page) -> dict:
        """axe's results for what `page` shows, after checking the server shows this browser the same state."""
        browser, axe = self._browser(page.browser.language)
        driver = browser.driver
        origin = "{0.scheme}://{0.netloc}/".format(urlsplit(page.url))
        # Cookies can only be set on a page of their site; this also ensures the next load is a real one, not a
        # jump to a fragment of the page already shown.
        driver.get(origin + "static/style.css")
        driver.delete_all_cookies()
        for cookie in page.session_cookies:
            driver.add_cookie(cookie)
        browser.set_color_scheme(page.browser.color_scheme)
        driver.get(page.url)
        status, source = browser.last_document()
        assert (status, without_one_shot_parts(source)) == (page.status, without_one_shot_parts(page.source)), \
            f"the second browser, with the same cookie, was shown another page than the first at {page.url}"
        browser.set_document_content(page.source)
        axe.inject()
        self.version = driver.execute_script("return axe.version")
        return axe.run()

    @staticmethod
    def failures(results: dict) -> list[str]:
        """The serious and critical violations, described."""
        return [f"axe {violation['impact']}: {violation['id']} ({violation['help']}) at "
                f"{[' '.join(node['target']) for node in violation['nodes']]}"
                for violation in results["violations"] if violation["impact"] in FAILING_IMPACTS]

    def check(self, page) -> list[str]:
        """Runs axe on what `page` shows and counts what it found; returns the serious and critical violations.
        A page state already checked (the same bytes but for the session's CSRF token, the same color scheme)
        reuses its results: axe would find the same."""
        key = (CSRF_FIELD.sub("", page.source), page.browser.color_scheme)
        if key not in self._results:
            self._results[key] = self.run(page)
        results = self._results[key]
        ran = [rule["id"] for kind in ("passes", "violations", "incomplete", "inapplicable") for rule in results[kind]]
        self.rules.update(ran)
        self.rule_runs += len(set(ran))
        self.pages += 1
        failures = self.failures(results)
        self.failing += len(failures)
        for violation in results["violations"]:
            if violation["impact"] not in FAILING_IMPACTS:
                self.below_threshold[(violation["id"], violation["impact"])] += 1
        for rule in results["incomplete"]:
            self.incomplete[(rule["id"], rule["impact"] or "none")] += 1
            for node in rule["nodes"]:
                self.review_notes.add(f"{rule['id']}: {' '.join(node['target'])}: "
                                      + "; ".join(check["message"] for check in node["any"] + node["all"]))
        return failures

    def close(self) -> None:
        for browser, _ in self._browsers.values():
            browser.quit()


class EngineLog:
    """One engine's steps: their numbers, the index file, the folders, the time spent."""

    def __init__(self, root: Path):
        self.root = root
        self.steps = 0
        self.seconds = 0.0
        self.tests = {"passed": 0, "failed": 0, "skipped": 0}
        # Steps of a benchmark that repeats pages the suite checks elsewhere: counted, not traced or checked.
        self.quiet_steps = 0
        for folder in ("screens", "pages"):
            (root / folder).mkdir(parents=True, exist_ok=True)
        self.index = open(root / "steps.tsv", "w", encoding="utf-8")
        self.index.write("step\ttest\ttab\tdescription\tstatus\turl\n")


class Recorder:
    """Numbers the steps of each engine and keeps their traces under `artifacts/e2e/<engine>/`."""

    def __init__(self, root: Path, start_axe_browser: Callable[[str], Chromium]):
        self.root = root
        self._start_axe_browser = start_axe_browser
        self._axe: AxeChecker | None = None
        self.engines: dict[str, EngineLog] = {}
        self.test = "setup"
        self.text_browsers = {name: {"tables": 0, "titles": 0} for name in ("w3m", "lynx")}
        # While set, steps are counted but neither traced nor checked (the place-keeping benchmark).
        self.quiet = False

    @property
    def axe(self) -> AxeChecker:
        """The axe-core checker, its JavaScript-enabled Chromiums started on first use."""
        if self._axe is None:
            self._axe = AxeChecker(self._start_axe_browser)
        return self._axe

    def log(self, engine: str) -> EngineLog:
        if engine not in self.engines:
            self.engines[engine] = EngineLog(self.root / engine)
        return self.engines[engine]

    def step(self, page, description: str) -> None:
        engine = page.browser.name
        log = self.log(engine)
        if self.quiet:
            log.quiet_steps += 1
            return
        log.steps += 1
        name = f"{log.steps:03d}-{self.test}"
        page.screenshot(log.root / "screens" / f"{name}.png")
        (log.root / "pages" / f"{name}.html").write_text(page.source, encoding="utf-8")
        log.index.write(f"{log.steps}\t{self.test}\t{page.label}\t{description}\t{page.status}\t{page.url}\n")
        log.index.flush()
        if engine in AXE_ENGINES:
            failures = self.axe.check(page)
            page.focus()
            assert not failures, f"{engine} step {log.steps} ({description}):\n" + "\n".join(failures)

    def summary(self) -> dict:
        axe = self._axe
        return {
            "engines": {name: {
                "tests": log.tests,
                "steps": log.steps,
                "benchmark steps": log.quiet_steps,
                "pages": len(list((log.root / "pages").glob("*.html"))),
                "seconds": round(log.seconds, 1),
            } for name, log in self.engines.items()},
            "axe": {
                "engines": list(AXE_ENGINES),
                "version": axe.version if axe else "",
                "page states": axe.pages if axe else 0,
                "distinct page states": axe.distinct if axe else 0,
                "rules": len(axe.rules) if axe else 0,
                "rule runs": axe.rule_runs if axe else 0,
                "serious or critical": axe.failing if axe else 0,
                "violations below serious": {f"{rule} ({impact})": count
                                             for (rule, impact), count in sorted(axe.below_threshold.items())}
                if axe else {},
                "needs review": {f"{rule} ({impact})": count for (rule, impact), count in sorted(axe.incomplete.items())}
                if axe else {},
                "review notes": sorted(axe.review_notes) if axe else [],
            },
            "text browsers": self.text_browsers,
        }

    def close(self) -> None:
        for log in self.engines.values():
            log.index.close()
        if self._axe is not None:
            self._axe.close()
