"""Debian's Chromium through chromium-driver, and a page seen the way a screen-reader user meets it.

Controls are found by their computed role (`aria_role`) and accessible name (`accessible_name`), both read from
Chromium's accessibility tree; names are compared case-insensitively, since CSS text-transform shows in them.
"""

import json
import shutil
import tempfile
from dataclasses import dataclass
from urllib.parse import urlsplit

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
WIDTH, HEIGHT = 420, 900
# Everything that can carry a role a screen reader lists: controls, links, landmarks, headings, list items,
# live regions.
CANDIDATES = "button, a[href], input, [role], section[aria-labelledby], h1, h2, li"


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


class Browser:
    """One Chromium with its own profile directory (cookies included), JavaScript on or off."""

    def __init__(self, javascript: bool, language: str = "en-US"):
        """`language`: the UI language Chromium runs in and asks pages for (`--lang`, `Accept-Language`)."""
        self.profile = tempfile.mkdtemp(prefix="tableview-e2e-profile-")
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                         "--hide-scrollbars", "--no-first-run", "--disable-extensions",
                         "--force-color-profile=srgb", f"--lang={language}", f"--window-size={WIDTH},{HEIGHT}",
                         f"--user-data-dir={self.profile}"):
            options.add_argument(argument)
        prefs = {"intl.accept_languages": language}
        if not javascript:
            prefs["profile.managed_default_content_settings.javascript"] = 2
        options.add_experimental_option("prefs", prefs)
        # The performance log carries the Network events that name each document's response, whose raw bytes
        # Network.getResponseBody then returns (driver.page_source is the DOM re-serialised, not what was sent).
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        self.driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
        self.driver.set_page_load_timeout(30)
        self.color_scheme = "light"
        self._documents: dict[str, dict] = {}
        self.prepare_tab()
        if self.scripts_run() != javascript:
            self.quit()
            raise RuntimeError(f"Chromium runs scripts {'off' if javascript else 'on'}, not as asked")

    def prepare_tab(self) -> None:
        """A 420 px wide viewport (headless windows are at least 500 wide) in the current color scheme."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1, "mobile": False})
        self.set_color_scheme(self.color_scheme)

    def set_color_scheme(self, scheme: str) -> None:
        """Light or dark; always with reduced motion, so no screenshot or contrast check catches a section
        halfway through its fade-in."""
        self.color_scheme = scheme
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [
            {"name": "prefers-color-scheme", "value": scheme},
            {"name": "prefers-reduced-motion", "value": "reduce"},
        ]})

    def scripts_run(self) -> bool:
        """Whether a page's own scripts run in this browser: a page whose script retitles it. (WebDriver's
        execute_script runs either way, so it cannot tell.)"""
        self.driver.get("data:text/html,<title>off</title><script>document.title='on'</script>")
        return self.driver.title == "on"

    def last_document(self) -> tuple[int, str]:
        """Status and raw text of the last document the current tab received (after redirects)."""
        frame = self.driver.execute_cdp_cmd("Page.getFrameTree", {})["frameTree"]["frame"]["id"]
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message["method"] == "Network.responseReceived" and message["params"].get("type") == "Document":
                params = message["params"]
                self._documents[params.get("frameId", "")] = params
        params = self._documents.get(frame)
        shown = urlsplit(self.driver.current_url)._replace(fragment="").geturl()
        if params is None or params["response"]["url"] != shown:
            raise AssertionError(f"the browser reported no document for {shown}")
        body = self.driver.execute_cdp_cmd("Network.getResponseBody", {"requestId": params["requestId"]})
        if body.get("base64Encoded"):
            raise AssertionError(f"{params['response']['url']} came back as binary, not as text")
        return params["response"]["status"], body["body"]

    def quit(self) -> None:
        try:
            self.driver.quit()
        finally:
            shutil.rmtree(self.profile, ignore_errors=True)


@dataclass
class Control:
    """An element as the accessibility tree presents it."""
    element: WebElement
    role: str
    name: str

    @property
    def checked(self) -> str | None:
        return self.element.get_attribute("aria-checked")

    @property
    def expanded(self) -> str | None:
        return self.element.get_attribute("aria-expanded")

    @property
    def pressed(self) -> str | None:
        return self.element.get_attribute("aria-pressed")

    @property
    def enabled(self) -> bool:
        return self.element.is_enabled()


class Page:
    """One browser tab on the server under test. Every navigation goes through `open` or `tap`, which wait
    for the new document and hand it to the recorder as a step."""

    def __init__(self, browser: Browser, base_url: str, recorder, label: str, handle: str | None = None):
        self.browser = browser
        self.driver = browser.driver
        self.base_url = base_url
        self.recorder = recorder
        self.label = label
        self.handle = handle or self.driver.current_window_handle
        self.status = 0
        self.source = ""
        # What was read from the current document, which no script changes: cleared on each navigation.
        self._memo: dict[tuple, object] = {}

    # Navigation

    def new_tab(self, label: str) -> "Page":
        """A second tab of the same browser (same cookies): the way a stale page meets a changed state."""
        self.driver.switch_to.new_window("tab")
        self.browser.prepare_tab()
        return Page(self.browser, self.base_url, self.recorder, label, self.driver.current_window_handle)

    def focus(self) -> None:
        if self.driver.current_window_handle != self.handle:
            self.driver.switch_to.window(self.handle)

    def open(self, path: str, step: str) -> "Page":
        self.focus()
        self.driver.get(self.base_url + path.lstrip("/"))
        self._loaded(step)
        return self

    def tap(self, control: Control | WebElement, step: str) -> "Page":
        """Clicks a control that submits a form, and waits for the page the redirect leads to."""
        self.focus()
        element = control.element if isinstance(control, Control) else control
        assert element.is_enabled(), f"{step}: the control is disabled"
        old = self.driver.find_element(By.TAG_NAME, "html").id
        element.click()
        self._loaded(step, old)
        return self

    def _loaded(self, step: str, old_document: str | None = None) -> None:
        """Waits for a new document (its root element is another one) to finish loading. While the browser
        swaps documents, the driver may answer with any error: the wait goes on."""
        def ready(driver) -> bool:
            root = driver.find_element(By.TAG_NAME, "html").id
            return root != old_document and driver.execute_script("return document.readyState") == "complete"
        WebDriverWait(self.driver, 15, ignored_exceptions=(WebDriverException,)).until(ready)
        self._memo.clear()
        self.status, self.source = self.browser.last_document()
        self.recorder.step(self, step)

    @property
    def url(self) -> str:
        self.focus()
        return self.driver.current_url

    @property
    def path(self) -> str:
        return urlsplit(self.url).path

    @property
    def fragment(self) -> str:
        return urlsplit(self.url).fragment

    @property
    def session_cookies(self) -> list[dict]:
        self.focus()
        return self.driver.get_cookies()

    # Geometry: what is where in the window (the place-keeping rules of SPEC §2)

    def set_viewport(self, width: int, height: int) -> None:
        """The size of the window's content area (the layout viewport), in CSS pixels."""
        self.focus()
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                    {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})

    def viewport(self) -> tuple[int, int]:
        """(width, height) of the layout viewport."""
        self.focus()
        return tuple(self.driver.execute_script("return [window.innerWidth, window.innerHeight]"))

    def scroll_to(self, y: float) -> None:
        """Scrolls the document so that its point `y` (CSS px from the top) is at the top of the window."""
        self.focus()
        self.driver.execute_script("window.scrollTo(0, arguments[0])", y)

    def scroll_y(self) -> float:
        self.focus()
        return self.driver.execute_script("return window.scrollY")

    def rect(self, element: "Control | WebElement") -> dict:
        """The element's border box relative to the window: top, bottom, left, right, height (CSS px)."""
        self.focus()
        element = element.element if isinstance(element, Control) else element
        return self.driver.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}", element)

    def element(self, element_id: str) -> WebElement | None:
        """The element with this id on the current page, or None."""
        self.focus()
        found = self.driver.find_elements(By.ID, element_id)
        return found[0] if found else None

    def active_element_id(self) -> str:
        """The id of the focused element ('' for one without an id, 'body' when nothing has focus)."""
        self.focus()
        return self.driver.execute_script(
            "const e = document.activeElement; return !e || e === document.body ? 'body' : e.id")

    # The accessibility tree

    def _remember(self, key: tuple, compute):
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def role(self, element: WebElement) -> str:
        return self._remember(("role", element.id), lambda: element.aria_role)

    def name(self, element: WebElement) -> str:
        return self._remember(("name", element.id), lambda: " ".join(element.accessible_name.split()))

    def controls(self, role: str, within: Control | WebElement | None = None) -> list[Control]:
        """Every element of `role` (in document order), inside `within` when given."""
        self.focus()
        scope = within.element if isinstance(within, Control) else within or self.driver
        key = ("controls", role, scope.id if within is not None else None)
        return self._remember(key, lambda: [
            Control(element, role, self.name(element))
            for element in scope.find_elements(By.CSS_SELECTOR, CANDIDATES) if self.role(element) == role])

    def title(self, item: Control) -> str:
        """A row's title: its `.title` element holds exactly the title (docs/HTML.md)."""
        return self._remember(("title", item.element.id), lambda: item.element.find_element(
            By.CSS_SELECTOR, ".title").get_attribute("textContent"))

    def find_all(self, role: str, name: str, within=None, prefix: bool = False) -> list[Control]:
        """The elements of `role` named `name` (or whose name starts with `name` and a space)."""
        def matches(candidate: str) -> bool:
            if same_name(candidate, name):
                return True
            return prefix and candidate.casefold().startswith(name.casefold() + " ")
        return [control for control in self.controls(role, within) if matches(control.name)]

    def find(self, role: str, name: str, within=None, prefix: bool = False) -> Control:
        """The one element of `role` named `name`; fails listing what there is."""
        found = self.find_all(role, name, within, prefix)
        if len(found) != 1:
            present = [control.name for control in self.controls(role, within)]
            raise AssertionError(f"{len(found)} {role} named {name!r}{' …' if prefix else ''} "
                                 f"on {self.path}#{self.fragment}; the {role}s there: {present}")
        return found[0]

    def absent(self, role: str, name: str, within=None, prefix: bool = False) -> None:
        found = self.find_all(role, name, within, prefix)
        assert not found, f"a {role} named {name!r} should not be on {self.path}: {[c.name for c in found]}"

    def region(self, title: str) -> Control:
        """A section: a region labelled by its title."""
        return self.find("region", title)

    def section_header(self, title: str) -> Control:
        """A collapsible section's header button: its name starts with the title, then the counts."""
        return self.find("button", title, prefix=True)

    def row_titles(self, section_title: str) -> list[str]:
        """The titles of the rows now in a section, in order. A row's title is its `.title` element, which holds
        exactly the title (docs/HTML.md); every row is a list item of the section's list."""
        return [self.title(item) for item in self.controls("listitem", self.region(section_title))]

    def row_item(self, section_title: str, row_title: str) -> Control:
        """The list item of a row."""
        region = self.region(section_title)
        for item in self.controls("listitem", region):
            if self.title(item) == row_title:
                return item
        raise AssertionError(f"no row {row_title!r} in {section_title!r}: {self.row_titles(section_title)}")

    def selection_control(self, section_title: str, row_title: str) -> Control:
        """A selectable row's radio or checkbox: named by the row title, the detail may follow."""
        region = self.region(section_title)
        found = [control for role in ("radio", "checkbox")
                 for control in self.find_all(role, row_title, region, prefix=True)]
        assert len(found) == 1, f"{len(found)} radios or checkboxes named {row_title!r} in {section_title!r}"
        return found[0]

    def checked_rows(self, section_title: str) -> list[str]:
        """Names of the rows checked in a section (title, then detail)."""
        region = self.region(section_title)
        return [control.name for role in ("radio", "checkbox") for control in self.controls(role, region)
                if control.checked == "true"]

    def edit_mode_buttons(self) -> list[Control]:
        return self.controls("button", self.find("group", "Edit mode"))

    def edit_mode(self, label: str) -> Control:
        """A button of the "Edit mode" group (a row titled "only" has a "Delete only" button too)."""
        return self.find("button", label, self.find("group", "Edit mode"))

    def message(self) -> tuple[str, str] | None:
        """The page's message: ("status" or "alert", its text), or None."""
        found = [control for role in ("status", "alert") for control in self.controls(role)]
        assert len(found) <= 1, f"several messages on one page: {[c.name for c in found]}"
        if not found:
            return None
        return found[0].role, " ".join(found[0].element.text.split())

    def landed_at(self, element_id: str) -> None:
        """SPEC §2: the redirect's fragment names `element_id` (the control tapped, or what stands in for it), the
        browser brought it entirely into the window, and it has the focus."""
        assert self.fragment == element_id, f"landed at #{self.fragment}, expected #{element_id}"
        target = self.driver.find_element(By.ID, element_id)
        box = self.rect(target)
        _, height = self.viewport()
        assert -1 <= box["top"] and box["bottom"] <= height + 1, \
            f"#{element_id} spans {box['top']:.0f}–{box['bottom']:.0f} px, outside the {height} px window"
        assert self.active_element_id() == element_id, \
            f"the focus is on #{self.active_element_id()}, not on #{element_id}"

    def state(self) -> dict:
        """What a visitor can tell about the table's state: the edit mode, and for each section its header,
        rows in order and checkmarks."""
        state = {"edit mode": [control.name for control in self.controls("button", self.find("group", "Edit mode"))
                               if control.pressed == "true"] if self.find_all("group", "Edit mode") else None}
        for region in self.controls("region"):
            headers = self.controls("button", region)
            header = [h.name for h in headers if h.expanded is not None]
            state[region.name] = {
                "header": header,
                "rows": self.row_titles(region.name),
                "checked": self.checked_rows(region.name),
            }
        return state
