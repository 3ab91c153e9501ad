"""Debian's Chromium through chromium-driver (selenium), headless.

Scripts off through the content-settings preference; the language it runs in and asks pages for (`--lang`,
`intl.accept_languages`) as given, English by default; the viewport, color scheme and reduced motion through the
DevTools protocol; the raw bytes of each document through the performance log (`Network.responseReceived`) and
`Network.getResponseBody`. Roles and names of many elements at once from the page's accessibility tree
(`Accessibility.getFullAXTree`, whose nodes name their DOM nodes as ChromeDriver's element references do): the
tree WebDriver's Get Computed Role and Label read, in one command instead of one per element (the harness test
compares the two).
"""

import json
import re
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from .base import START_DEADLINE, Element, EngineError, within_deadline
from .selenium_engine import SeleniumEngine

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
# ChromeDriver's reference to an element: frame, document, then the element's DOM node (its backend node id).
ELEMENT_REFERENCE = re.compile(r"f\.[0-9A-F]+\.d\.[0-9A-F]+\.e\.([0-9]+)")


class Chromium(SeleniumEngine):
    name = "chromium"
    title = "Chromium"

    def __init__(self, workdir: Path, javascript: bool = False, color_scheme: str = "light",
                 language: str = "en-US"):
        """`language`: the language Chromium runs in and asks pages for (`Accept-Language`), e.g. "ja"."""
        super().__init__(workdir, javascript, color_scheme)
        self.language = language
        for path in (CHROMIUM, CHROMEDRIVER):
            if not Path(path).is_file():
                raise EngineError(f"Chromium: {path} is missing (scripts/install-deps --test installs it)")
        self.profile = tempfile.mkdtemp(prefix="tableview-e2e-chromium-", dir=workdir)
        self._documents: dict[str, dict] = {}
        self._viewport = self.default_viewport
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        width, height = self.default_viewport
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                         "--force-color-profile=srgb", f"--lang={language}", f"--window-size={width},{height}",
                         f"--user-data-dir={self.profile}"):
            options.add_argument(argument)
        prefs: dict[str, object] = {"intl.accept_languages": language}
        if not javascript:
            prefs["profile.managed_default_content_settings.javascript"] = 2
        options.add_experimental_option("prefs", prefs)
        # The performance log carries the Network events that name each document's response.
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.service = Service(CHROMEDRIVER)
        self.driver = within_deadline("Chromium", START_DEADLINE,
                                      lambda: webdriver.Chrome(service=self.service, options=options), self._abandon)
        self._session_started()
        self._prepare_tab()
        self.check_scripts()

    def _abandon(self) -> None:
        if self.service.process is not None:
            self.service.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)

    def _prepare_tab(self) -> None:
        self.set_viewport(*self._viewport)
        self.set_color_scheme(self.color_scheme)

    def open_tab(self) -> str:
        self.driver.switch_to.new_window("tab")
        self._prepare_tab()
        return self.driver.current_window_handle

    def set_viewport(self, width: int, height: int) -> None:
        # Headless windows are at least 500 px wide: the device metrics override sets the layout viewport.
        self._viewport = (width, height)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
        self.check_viewport(width, height)

    def set_color_scheme(self, scheme: str) -> None:
        self.color_scheme = scheme
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme},
            {"name": "prefers-reduced-motion", "value": "reduce" if self.reduced_motion else "no-preference"},
        ]})

    def set_reduced_motion(self, reduce: bool) -> None:
        self.reduced_motion = reduce
        self.set_color_scheme(self.color_scheme)

    def last_document(self) -> tuple[int, str]:
        frame = self.driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.responseReceived" and message["params"].get("type") == "Document":
                params = message["params"]
                self._documents[params.get("frameId", "")] = params
        params = self._documents.get(frame)
        shown = urlsplit(self.driver.current_url)._replace(fragment="").geturl()
        if params is None or params["response"]["url"] != shown:
            raise AssertionError(f"Chromium reported no document for {shown}")
        body = self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": params["requestId"]})
        if body.get("base64Encoded"):
            raise AssertionError(f"{params['response']['url']} came back as binary, not as text")
        return params["response"]["status"], body["body"]

    def set_document_content(self, html: str) -> None:
        """Replaces the current document with `html` at the same URL (axe-core's runs, JavaScript on)."""
        frame = self.driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
        self.driver.execute_cdp_cmd("Page.setDocumentContent", {"frameId": frame, "html": html})

    def computed_roles(self, elements: list[Element]) -> list[str]:
        return self._accessible("role", elements) or super().computed_roles(elements)

    def computed_names(self, elements: list[Element]) -> list[str]:
        return self._accessible("name", elements) or super().computed_names(elements)

    def _accessible(self, field: str, elements: list[Element]) -> list[str] | None:
        """`field` ("role" or "name") of each element, read from the page's whole accessibility tree in one
        command; None when an element's reference does not name its DOM node (then each is asked for alone)."""
        if not elements:
            return []
        nodes = [ELEMENT_REFERENCE.fullmatch(element.id) for element in elements]
        if None in nodes:
            return None
        tree = self.driver.execute_cdp_cmd("Accessibility.getFullAXTree", {})["nodes"]
        found = {node["backendDOMNodeId"]: node.get(field, {}).get("value", "")
                 for node in tree if "backendDOMNodeId" in node}
        return [found.get(int(node[1]), "") for node in nodes]
