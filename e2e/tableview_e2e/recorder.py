"""Each step of the suite leaves a screenshot, the page's raw HTML (for the Nu Html Checker) and an axe-core run.

axe-core runs asynchronously, which needs JavaScript: it runs in a second Chromium with JavaScript on. That
browser gets the first one's session cookie and loads the same URL, so the server shows it the same state; the
page carries no script either way (its CSP forbids them). A message (status or alert) and the just-expanded
animation are shown once, to the first browser: the second one checks that its page equals the first one's but
for those, then puts the first one's exact bytes in its tab (Page.setDocumentContent, same URL, same stylesheet)
and runs axe on them.
"""

import re
from collections import Counter
from pathlib import Path
from urllib.parse import urlsplit

from axe_selenium_python import Axe

from .browser import Browser

FAILING_IMPACTS = ("serious", "critical")
# The message (shown once; a persistent notice with Undo reset takes its place), the Undo placeholder's live
# region (announced right after the deletion only) and the section just expanded.
ONE_SHOT = [re.compile(r'<div id="(?:message|notice)" class="notice [^"]*"[^>]*>.*?</div>\n', re.DOTALL),
            re.compile(r'(?<=<div id="deleted" class="placeholder") role="status"'),
            re.compile(r" just-expanded")]


def without_one_shot_parts(html: str) -> str:
    for pattern in ONE_SHOT:
        html = pattern.sub("", html)
    return html


class AxeChecker:
    """axe-core in a JavaScript-enabled Chromium, on the state a JavaScript-free browser is looking at."""

    def __init__(self, browser: Browser):
        self.browser = browser
        self.axe = Axe(browser.driver)
        self.rules: set[str] = set()
        self.rule_runs = 0
        self.pages = 0
        self.below_threshold: Counter[tuple[str, str]] = Counter()
        self.incomplete: Counter[tuple[str, str]] = Counter()
        self.version = ""
        self.review_notes: set[str] = set()
        self.failing = 0

    def run(self, page) -> dict:
        """axe's results for what `page` shows, after checking the server shows this browser the same state."""
        driver = self.browser.driver
        origin = "{0.scheme}://{0.netloc}/".format(urlsplit(page.url))
        # Cookies can only be set on a page of their site; this also ensures the next load is a real one, not a
        # jump to a fragment of the page already shown.
        driver.get(origin + "static/style.css")
        driver.delete_all_cookies()
        for cookie in page.session_cookies:
            driver.add_cookie(cookie)
        self.browser.set_color_scheme(page.browser.color_scheme)
        driver.get(page.url)
        status, source = self.browser.last_document()
        assert (status, without_one_shot_parts(source)) == (page.status, without_one_shot_parts(page.source)), \
            f"the second browser, with the same cookie, was shown another page than the first at {page.url}"
        frame = driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
        driver.execute_cdp_cmd("Page.setDocumentContent", {"frameId": frame, "html": page.source})
        self.axe.inject()
        self.version = driver.execute_script("return axe.version")
        return self.axe.run()

    @staticmethod
    def failures(results: dict) -> list[str]:
        """The serious and critical violations, described."""
        return [f"axe {violation['impact']}: {violation['id']} ({violation['help']}) at "
                f"{[' '.join(node['target']) for node in violation['nodes']]}"
                for violation in results["violations"] if violation["impact"] in FAILING_IMPACTS]

    def check(self, page) -> list[str]:
        """Runs axe on what `page` shows and counts what it found; returns the serious and critical violations."""
        results = self.run(page)
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


class Recorder:
    """Numbers the steps and keeps their traces under `artifacts/e2e/`."""

    def __init__(self, root: Path, axe: AxeChecker):
        self.root = root
        self.axe = axe
        self.steps = 0
        self.test = "setup"
        self.w3m = {"tables": 0, "titles": 0}
        # Steps of a benchmark that repeats pages the suite checks elsewhere: counted, not traced or checked.
        self.quiet = False
        self.quiet_steps = 0
        for folder in ("screens", "pages"):
            (root / folder).mkdir(parents=True, exist_ok=True)
        self._index = open(root / "steps.tsv", "w", encoding="utf-8")
        self._index.write("step\ttest\ttab\tdescription\tstatus\turl\n")

    def step(self, page, description: str) -> None:
        if self.quiet:
            self.quiet_steps += 1
            return
        self.steps += 1
        name = f"{self.steps:03d}-{self.test}"
        page.driver.save_screenshot(str(self.root / "screens" / f"{name}.png"))
        (self.root / "pages" / f"{name}.html").write_text(page.source, encoding="utf-8")
        self._index.write(f"{self.steps}\t{self.test}\t{page.label}\t{description}\t{page.status}\t{page.url}\n")
        self._index.flush()
        failures = self.axe.check(page)
        page.focus()
        assert not failures, f"step {self.steps} ({description}):\n" + "\n".join(failures)

    def summary(self) -> dict:
        return {
            "steps": self.steps,
            "benchmark steps": self.quiet_steps,
            "pages": len(list((self.root / "pages").glob("*.html"))),
            "axe": {
                "version": self.axe.version,
                "page states": self.axe.pages,
                "rules": len(self.axe.rules),
                "rule runs": self.axe.rule_runs,
                "serious or critical": self.axe.failing,
                "violations below serious": {f"{rule} ({impact})": count
                                             for (rule, impact), count in sorted(self.axe.below_threshold.items())},
                "needs review": {f"{rule} ({impact})": count
                                 for (rule, impact), count in sorted(self.axe.incomplete.items())},
                "review notes": sorted(self.axe.review_notes),
            },
            "w3m": self.w3m,
        }

    def close(self) -> None:
        self._index.close()
