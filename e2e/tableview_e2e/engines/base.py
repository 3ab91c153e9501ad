"""One browser engine, driven with its page scripts off, behind one interface.

`Engine` is what `Page` and the tests talk to; `Chromium`, `Firefox` and `WebKit` implement it. An engine is one
running browser (one profile, one cookie jar) with one or more tabs. The engine-neutral `Element` wraps the
driver's element: both selenium's `WebElement` and Marionette's `HTMLElement` take the same locator strategies
("css selector", "id", "tag name"), so `element.find_element(By.CSS_SELECTOR, …)` reads the same everywhere.
Roles and accessible names come from each engine's own accessibility tree, through WebDriver's "Get Computed
Role" and "Get Computed Label" (all three answer them).

Every wait has a deadline: a browser that does not start, or a page that never arrives, fails with a message.
"""

import threading
import time
from contextlib import contextmanager
import urllib.error
import urllib.request
from abc import ABC, abstractmethod
from pathlib import Path
from urllib.parse import urlsplit

START_DEADLINE = 60
LOAD_DEADLINE = 30
# A driver command that has not answered in this time fails (a page load has LOAD_DEADLINE of it).
COMMAND_DEADLINE = 60
# Scripts are off: a page whose own script retitles it tells whether they run (WebDriver's scripts run anyway).
SCRIPT_PROBE = "<!DOCTYPE html><title>off</title><script>document.title = 'on'</script>\n"


class By:
    """Locator strategies, spelled as WebDriver (and so selenium and Marionette) spell them."""
    CSS_SELECTOR = "css selector"
    ID = "id"
    TAG_NAME = "tag name"


class EngineError(RuntimeError):
    """A browser engine that could not start or answer: the message says which and why."""


def wait_until(what: str, condition, deadline: float = LOAD_DEADLINE, ignored=(Exception,)):
    """Polls `condition` until it returns something truthy; exceptions of `ignored` count as "not yet"."""
    end = time.monotonic() + deadline
    last: Exception | None = None
    while time.monotonic() < end:
        try:
            result = condition()
            if result:
                return result
        except ignored as error:
            last = error
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting {deadline} s for {what}" + (f" (last error: {last})" if last else ""))


def within_deadline(what: str, seconds: float, start, abandon):
    """Runs `start()` in a thread; if it has not returned in `seconds`, calls `abandon()` (which kills what it
    started) and raises EngineError. A new-session request to a browser without a display hangs for ever."""
    outcome: dict = {}

    def run():
        try:
            outcome["value"] = start()
        except BaseException as error:  # noqa: BLE001 - handed to the caller below
            outcome["error"] = error

    thread = threading.Thread(target=run, name=f"start {what}", daemon=True)
    thread.start()
    thread.join(seconds)
    if thread.is_alive():
        abandon()
        raise EngineError(f"{what} did not start within {seconds} s")
    if "error" in outcome:
        abandon()
        error = outcome["error"]
        raise EngineError(f"{what} did not start: {type(error).__name__}: {error}") from error
    return outcome.get("value")


def script_probe_file(folder: Path) -> str:
    """A file:// URL of the script probe (Firefox refuses top-level data: URLs; the server's CSP forbids
    scripts, so it cannot serve the probe)."""
    probe = folder / "scripts-probe.html"
    probe.write_text(SCRIPT_PROBE, encoding="utf-8")
    return probe.as_uri()


def fetch_again(url: str, cookies: list[dict], user_agent: str) -> tuple[int, str]:
    """GET `url` once more with the browser's cookies and `User-Agent` (the server leaves the tap inputs out of a
    text browser's page): the raw bytes for engines whose driver cannot hand out a response body. The server shows
    a message (status, alert) once, so the copy lacks it."""
    request = urllib.request.Request(urlsplit(url)._replace(fragment="").geturl(),
                                     headers={"User-Agent": user_agent})
    if cookies:
        request.add_header("Cookie", "; ".join(f"{c['name']}={c['value']}" for c in cookies))
    try:
        with urllib.request.urlopen(request, timeout=LOAD_DEADLINE) as response:
            return response.status, response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode("utf-8")


class Element:
    """An element of the current document, whichever engine holds it."""

    def __init__(self, engine: "Engine", native):
        self.engine = engine
        self.native = native

    @property
    def id(self) -> str:
        """The driver's reference (unique per element and document), not the HTML id."""
        return self.native.id

    def __eq__(self, other) -> bool:
        return isinstance(other, Element) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def find_element(self, by: str, value: str) -> "Element":
        return Element(self.engine, self.native.find_element(by, value))

    def find_elements(self, by: str, value: str) -> list["Element"]:
        return [Element(self.engine, native) for native in self.native.find_elements(by, value)]

    def get_attribute(self, name: str) -> str | None:
        """The attribute, or the DOM property of that name when there is no such attribute (as selenium's)."""
        return self.engine.execute(
            "const e = arguments[0], n = arguments[1];"
            "if (e.hasAttribute(n)) return e.getAttribute(n);"
            "const v = e[n]; return v === undefined || v === null ? null : String(v)", self, name)

    @property
    def text(self) -> str:
        """The rendered text (after CSS): `innerText`, which the engines agree on. (WebDriver's Get Element Text
        differs: WebKitGTK's leaves out a section's "No rows" note, which it shows.)"""
        return self.engine.execute("return arguments[0].innerText", self)

    @property
    def tag_name(self) -> str:
        return self.native.tag_name.lower()

    @property
    def rect(self) -> dict:
        """x, y, width, height relative to the document (WebKitGTK's driver answers relative to the window)."""
        return self.engine.execute(
            "const r = arguments[0].getBoundingClientRect();"
            "return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height}", self)

    def is_enabled(self) -> bool:
        return self.native.is_enabled()

    @property
    def role(self) -> str:
        return self.engine.computed_role(self)

    @property
    def accessible_name(self) -> str:
        return self.engine.computed_name(self)

    def window_rect(self) -> dict:
        """The border box relative to the window: left, top, width, height (CSS px)."""
        return self.engine.execute(
            "const r = arguments[0].getBoundingClientRect();"
            "return {left: r.left, top: r.top, width: r.width, height: r.height}", self)

    def into_view(self) -> dict:
        """Scrolls the element into the window if it is not entirely in it, as WebDriver's click does (its bottom
        edge to the window's), and returns its `window_rect`."""
        box = self.window_rect()
        _, height = self.engine.viewport()
        if box["top"] < 0 or box["top"] + box["height"] > height:
            self.engine.execute("arguments[0].scrollIntoView({block: 'end', inline: 'nearest'})", self)
            box = self.window_rect()
        return box

    def tap(self, dx: float | None = None, dy: float | None = None) -> None:
        """A pointer press and release at a point of the element, as a finger or a mouse makes it: `dx`, `dy` from
        its top left corner (its middle by default). The press goes to whatever the browser finds at that point,
        as a person's would; WebDriver's element click refuses a control with another element above it. An element
        not entirely in the window is first scrolled into view, as WebDriver's click does (its bottom edge to the
        window's)."""
        box = self.into_view()
        x, y = self._point(box, dx, dy)
        if self._covered_at(x, y):
            # Something else is over that point (a message fixed to the window's edge): a person scrolls the
            # control to where they can reach it.
            self.engine.execute("arguments[0].scrollIntoView({block: 'center', inline: 'nearest'})", self)
            x, y = self._point(self.window_rect(), dx, dy)
            cover = self._covered_at(x, y)
            if cover:
                raise AssertionError(f"cannot tap {self.get_attribute('id')!r}: {cover} lies over it")
        self.engine.pointer_tap(x, y)

    @staticmethod
    def _point(box: dict, dx: float | None, dy: float | None) -> tuple[int, int]:
        return (int(box["left"] + (box["width"] / 2 if dx is None else dx)),
                int(box["top"] + (box["height"] / 2 if dy is None else dy)))

    def _covered_at(self, x: int, y: int) -> str:
        """What covers the element at (x, y) of the window, or "" when a press there reaches it: the element, a
        descendant, or its form's tap input (which lies over the button to report where it was tapped)."""
        return self.engine.execute(
            "const e = arguments[0], hit = document.elementFromPoint(arguments[1], arguments[2]);"
            "if (!hit || e.contains(hit) || (hit.type === 'image' && hit.form && hit.form === e.form)) return '';"
            "return hit.outerHTML.slice(0, 80)", self, x, y)

    def press(self, key: str = "\ue007") -> None:
        """Focuses the element, as Tab would, and presses `key` (Enter by default) on the keyboard."""
        self.engine.execute("arguments[0].focus({preventScroll: true})", self)
        self.engine.key_press(key)


class Engine(ABC):
    """A running browser of one engine, scripts on or off, its tabs and its cookie jar."""

    name: str = ""
    title: str = ""

    def __init__(self, workdir: Path, javascript: bool = False, color_scheme: str = "light"):
        self.workdir = workdir
        self.javascript = javascript
        self.color_scheme = color_scheme
        self.main_handle = ""

    # Life

    @abstractmethod
    def quit(self) -> None:
        """Stops the browser and whatever it needed (driver, display); removes its profile."""

    def check_scripts(self) -> None:
        if self.scripts_run() != self.javascript:
            self.quit()
            raise EngineError(f"{self.title} runs page scripts {'off' if self.javascript else 'on'}, not as asked")

    def scripts_run(self) -> bool:
        """Whether a page's own scripts run in this browser."""
        self.navigate(script_probe_file(self.workdir))
        return self.document_title() == "on"

    def fresh(self, origin: str) -> None:
        """A clean start for the next test: one tab, no cookies for `origin`'s host, default viewport, light."""
        for handle in self.window_handles():
            if handle != self.main_handle:
                self.switch_to(handle)
                self.close_tab()
                # The closed tab was the current one: there is none until the next switch.
                self.switch_to(self.main_handle, force=True)
        self.navigate(origin + "static/style.css")
        # WebKitGTK deletes asynchronously: a request sent at once may still carry the old cookie, and the next
        # one not (a revalidated page of the old session, then a 403 for its form). Asking for the cookies again
        # goes through the same cookie store, after the deletion. A deletion asked for when there is nothing to
        # delete cannot be waited for that way, and may land later, on the cookie of the next page (its first
        # POST then refused, 3 times in 120 visits): only cookies that are there are deleted.
        if self.cookies():
            self.delete_cookies()
            wait_until(f"{self.title} to delete its cookies", lambda: not self.cookies(), 10)
        if not self.reduced_motion:
            self.set_reduced_motion(True)
        self.set_color_scheme("light")
        self.set_viewport(*self.default_viewport)

    default_viewport = (420, 900)

    # Navigation and documents

    @abstractmethod
    def navigate(self, url: str) -> None: ...

    @abstractmethod
    def current_url(self) -> str: ...

    @abstractmethod
    def back(self) -> None:
        """The browser's Back."""

    @abstractmethod
    def reload(self) -> None:
        """The browser's Reload."""

    @abstractmethod
    def document_title(self) -> str: ...

    @abstractmethod
    def find_elements(self, by: str, value: str) -> list[Element]: ...

    def find_element(self, by: str, value: str) -> Element:
        found = self.find_elements(by, value)
        if not found:
            raise LookupError(f"no element for {by} {value!r} on {self.current_url()}")
        return found[0]

    @abstractmethod
    def execute(self, script: str, *args):
        """Runs a WebDriver script (it runs with page scripts off too); Elements in `args` pass as elements."""

    @abstractmethod
    def last_document(self) -> tuple[int, str]:
        """Status and raw text of the document the current tab shows."""

    def document_root(self) -> str:
        """The driver's reference to the current <html>: another one after each navigation."""
        return self.find_element(By.TAG_NAME, "html").id

    def wait_for_document(self, previous_root: str | None) -> None:
        """Waits until a document other than `previous_root`'s has loaded completely."""
        def ready() -> bool:
            # Firefox may show a blank document for a moment between the form's submission and the page it leads
            # to (seen once in a few hundred pointer taps): that is not the new document.
            return (self.document_root() != previous_root and self.execute("return document.readyState") == "complete"
                    and not self.current_url().startswith("about:"))
        with self.navigating():
            wait_until(f"a new document in {self.title}", ready)

    @contextmanager
    def navigating(self):
        """Around the polling of a page that is being replaced: an engine whose driver may lose the answer to a
        command sent at that moment gives each command a short deadline there, so that a lost one counts as
        "not yet" instead of using up the wait."""
        yield

    # Input

    @abstractmethod
    def pointer_tap(self, x: int, y: int) -> None:
        """A mouse press and release at (x, y) of the window, in CSS px."""

    @abstractmethod
    def pointer_taps(self, points: list[tuple[int, int]], pause_ms: int) -> None:
        """Taps at each point of the window in turn, `pause_ms` apart, in one pointer sequence as a quick finger
        makes them: the driver dispatches them all without waiting for a navigation one of them starts."""

    @abstractmethod
    def key_press(self, key: str) -> None:
        """A key pressed and released on the focused element (a WebDriver key, such as Enter's "\ue007")."""

    # Accessibility

    @abstractmethod
    def computed_role(self, element: Element) -> str: ...

    @abstractmethod
    def computed_name(self, element: Element) -> str: ...

    def computed_roles(self, elements: list[Element]) -> list[str]:
        """The roles of several elements: one driver command each, unless the engine can answer in one."""
        return [self.computed_role(element) for element in elements]

    def computed_names(self, elements: list[Element]) -> list[str]:
        """The accessible names of several elements, as `computed_roles`."""
        return [self.computed_name(element) for element in elements]

    # Tabs

    @abstractmethod
    def window_handles(self) -> list[str]: ...

    @abstractmethod
    def current_handle(self) -> str: ...

    @abstractmethod
    def switch_to(self, handle: str, force: bool = False) -> None:
        """Makes `handle`'s tab the current one (`force`: even when the driver thinks it is)."""

    @abstractmethod
    def open_tab(self) -> str:
        """Opens a tab sized and coloured as the others, switches to it and returns its handle."""

    @abstractmethod
    def close_tab(self) -> None: ...

    # Cookies

    @abstractmethod
    def cookies(self) -> list[dict]: ...

    @abstractmethod
    def delete_cookies(self) -> None: ...

    @abstractmethod
    def add_cookie(self, cookie: dict) -> None: ...

    # Looks

    @abstractmethod
    def screenshot(self, path: Path) -> None:
        """A PNG of the viewport."""

    @abstractmethod
    def set_viewport(self, width: int, height: int) -> None:
        """The layout viewport (window.innerWidth × innerHeight) of the current tab, exactly, in CSS px."""

    @abstractmethod
    def set_color_scheme(self, scheme: str) -> None:
        """prefers-color-scheme light or dark (reduced motion unless `set_reduced_motion(False)`)."""

    # Every engine asks pages for reduced motion, so that no check meets a page mid-animation; the tests of
    # animations turn it off (until the next test).
    reduced_motion = True

    def set_reduced_motion(self, reduce: bool) -> None:
        """prefers-reduced-motion: reduce, or no-preference."""
        raise EngineError(f"{self.title}: reduced motion is set at launch")

    def viewport(self) -> tuple[int, int]:
        return tuple(self.execute("return [window.innerWidth, window.innerHeight]"))

    def check_viewport(self, width: int, height: int) -> None:
        shown = self.viewport()
        if shown != (width, height):
            raise AssertionError(f"{self.title} shows a {shown[0]}×{shown[1]} viewport, not {width}×{height}")
