"""A page seen the way a screen-reader user meets it, in whichever engine drives it.

Controls are found by their computed role and accessible name, read from the engine's accessibility tree
(WebDriver's Get Computed Role / Get Computed Label, which Chromium, Firefox and WebKitGTK all answer); names
are compared case-insensitively, since CSS text-transform shows in them. `Page` knows nothing of the engine:
everything engine-specific sits behind `engines.Engine`.
"""

from dataclasses import dataclass
from urllib.parse import urlsplit

from .engines import By, Element, Engine
from .engines.base import LOAD_DEADLINE, wait_until

# Everything that can carry a role a screen reader lists: controls, links, landmarks, headings, list items,
# live regions. (Hidden inputs are in no accessibility tree; WebKitGTK's driver errs on them.)
# What may carry a role, leaving out what aria-hidden takes out of the accessibility tree (WebKitGTK's WebDriver
# answers a role for such an element, as if it were in the tree).
CANDIDATES = (":is(button, a[href], input:not([type=hidden]), [role], section[aria-labelledby], nav[aria-label], h1, h2, li)"
              ":not([aria-hidden=true], [aria-hidden=true] *)")


def same_name(a: str, b: str) -> bool:
    return a.casefold() == b.casefold()


@dataclass
class Control:
    """An element as the accessibility tree presents it."""
    element: Element
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

    def __init__(self, browser: Engine, base_url: str, recorder, label: str, handle: str | None = None):
        self.browser = browser
        self.base_url = base_url
        self.recorder = recorder
        self.label = label
        # None: the engine's first tab (which a WebKitGTK relaunch for another color scheme replaces).
        self._handle = handle
        self.status = 0
        self.source = ""
        # What was read from the current document, which no script changes: cleared on each navigation.
        self._memo: dict[tuple, object] = {}

    # Navigation

    def new_tab(self, label: str) -> "Page":
        """A second tab of the same browser (same cookies): the way a stale page meets a changed state."""
        self.focus()
        return Page(self.browser, self.base_url, self.recorder, label, self.browser.open_tab())

    @property
    def handle(self) -> str:
        return self._handle or self.browser.main_handle

    def focus(self) -> None:
        self.browser.switch_to(self.handle)

    def open(self, path: str, step: str) -> "Page":
        self.focus()
        self.browser.navigate(self.base_url + path.lstrip("/"))
        self._loaded(step)
        return self

    def tap(self, control: "Control | Element", step: str, dx: float | None = None,
            dy: float | None = None) -> "Page":
        """Taps a control that submits a form with a pointer, at `dx`, `dy` from its top left corner (its middle
        by default), and waits for the page the redirect leads to."""
        self.focus()
        element = control.element if isinstance(control, Control) else control
        assert element.is_enabled(), f"{step}: the control is disabled"
        old = self.browser.document_root()
        element.tap(dx, dy)
        self._loaded(step, old)
        return self

    def search(self, text: str, step: str) -> "Page":
        """Finds `text` as a person does: taps the search field ("Find rows"), types `text` key by key and presses
        Enter, then waits for the page of results (the form's GET)."""
        self.focus()
        field = self.find("searchbox", "Find rows").element
        old = self.browser.document_root()
        field.tap()
        for key in text:
            self.browser.key_press(key)
        self.browser.key_press("\ue007")
        self._loaded(step, old)
        return self

    def follow_fragment(self, link: "Control | Element", step: str) -> "Page":
        """Taps a link to an element of this page (`#id`) and waits for the browser to scroll there. The document
        stays the same: following it asks nothing of the server."""
        self.focus()
        element = link.element if isinstance(link, Control) else link
        fragment = element.get_attribute("href").split("#", 1)[1]
        old = self.browser.document_root()
        element.tap()
        wait_until(f"{step}: #{fragment} in the URL", lambda: self.fragment == fragment)
        assert self.browser.document_root() == old, f"{step}: a new document was loaded"
        self.recorder.step(self, step)
        return self

    def back(self, step: str, same_url: bool = False) -> "Page":
        """The browser's Back, and the page it shows: a new document, or (WebKitGTK, between two pages of one URL
        but for the fragment) the same document at the earlier fragment. `same_url`: the entry before may have the
        same URL (a form's round trip that landed where the one before did), so a Back that changes neither the URL
        nor the document counts once the browser has had a moment to change them."""
        self.focus()
        url = self.browser.current_url()
        root = self.browser.document_root()

        def arrived() -> bool:
            return ((self.browser.current_url() != url or self.browser.document_root() != root)
                    and self.browser.execute("return document.readyState") == "complete")
        self.browser.back()
        with self.browser.navigating():
            try:
                wait_until(f"Back in {self.browser.title}", arrived, 2 if same_url else LOAD_DEADLINE)
            except AssertionError:
                if not same_url:
                    raise
                wait_until(f"Back in {self.browser.title}",
                           lambda: self.browser.execute("return document.readyState") == "complete")
        self._memo.clear()
        self.status, self.source = self.browser.last_document()
        self.recorder.step(self, step)
        return self

    def reload(self, step: str) -> "Page":
        """The browser's Reload, and the page it shows."""
        self.focus()
        old = self.browser.document_root()
        self.browser.reload()
        self._loaded(step, old)
        return self

    def focus_ring(self) -> str:
        """The focused element's outline style ("none" when no ring shows)."""
        self.focus()
        return self.browser.execute("return getComputedStyle(document.activeElement).outlineStyle")

    def press(self, control: "Control | Element", step: str) -> "Page":
        """Activates a control that submits a form from the keyboard (focus, Enter), and waits for the page the
        redirect leads to."""
        self.focus()
        element = control.element if isinstance(control, Control) else control
        assert element.is_enabled(), f"{step}: the control is disabled"
        old = self.browser.document_root()
        element.press()
        self._loaded(step, old)
        return self

    def _loaded(self, step: str, old_document: str | None = None) -> None:
        """Waits for a new document (its root element is another one) to finish loading. While the browser
        swaps documents, the driver may answer with any error: the wait goes on, up to a deadline."""
        self.browser.wait_for_document(old_document)
        self._memo.clear()
        self.status, self.source = self.browser.last_document()
        self.recorder.step(self, step)

    def screenshot(self, path) -> None:
        self.focus()
        self.browser.screenshot(path)

    @property
    def url(self) -> str:
        self.focus()
        return self.browser.current_url()

    @property
    def path(self) -> str:
        return urlsplit(self.url).path

    @property
    def fragment(self) -> str:
        return urlsplit(self.url).fragment

    @property
    def session_cookies(self) -> list[dict]:
        self.focus()
        return self.browser.cookies()

    # Geometry: what is where in the window (the place-keeping rules of SPEC §2)

    def set_viewport(self, width: int, height: int) -> None:
        """The size of the window's content area (the layout viewport), in CSS pixels, exactly: engines that
        can only size the window size it so that the inner size is right, and check it."""
        self.focus()
        self.browser.set_viewport(width, height)

    def viewport(self) -> tuple[int, int]:
        """(width, height) of the layout viewport."""
        self.focus()
        return self.browser.viewport()

    def scroll_to(self, y: float) -> None:
        """Scrolls the document so that its point `y` (CSS px from the top) is at the top of the window."""
        self.focus()
        self.browser.execute("window.scrollTo(0, arguments[0])", y)

    def scroll_y(self) -> float:
        self.focus()
        return self.browser.execute("return window.scrollY")

    def rect(self, element: "Control | Element") -> dict:
        """The element's border box relative to the window: top, bottom, left, right, height (CSS px)."""
        self.focus()
        element = element.element if isinstance(element, Control) else element
        return self.browser.execute(
            "const r = arguments[0].getBoundingClientRect();"
            "return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height}", element)

    def element(self, element_id: str) -> Element | None:
        """The element with this id on the current page, or None."""
        self.focus()
        found = self.browser.find_elements(By.ID, element_id)
        return found[0] if found else None

    def active_element_id(self) -> str:
        """The id of the focused element ('' for one without an id, 'body' when nothing has focus)."""
        self.focus()
        return self.browser.execute(
            "const e = document.activeElement; return !e || e === document.body ? 'body' : e.id")

    # The accessibility tree

    def _remember(self, key: tuple, compute):
        if key not in self._memo:
            self._memo[key] = compute()
        return self._memo[key]

    def role(self, element: Element) -> str:
        return self._remember(("role", element.id), lambda: element.role)

    def name(self, element: Element) -> str:
        return self._remember(("name", element.id), lambda: " ".join(element.accessible_name.split()))

    def controls(self, role: str, within: "Control | Element | None" = None) -> list[Control]:
        """Every element of `role` (in document order), inside `within` when given."""
        self.focus()
        scope = within.element if isinstance(within, Control) else within or self.browser
        key = ("controls", role, scope.id if within is not None else None)

        def compute() -> list[Control]:
            candidates = scope.find_elements(By.CSS_SELECTOR, CANDIDATES)
            self._learn("role", candidates, self.browser.computed_roles)
            matching = [element for element in candidates if self.role(element) == role]
            self._learn("name", matching, self.browser.computed_names)
            return [Control(element, role, self.name(element)) for element in matching]
        return self._remember(key, compute)

    def _learn(self, what: str, elements: list[Element], compute) -> None:
        """Remembers `what` ("role" or "name") of the elements not yet asked about, asking for them together."""
        unknown = [element for element in elements if (what, element.id) not in self._memo]
        for element, value in zip(unknown, compute(unknown)):
            self._memo[(what, element.id)] = value if what == "role" else " ".join(value.split())

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
        target = self.browser.find_element(By.ID, element_id)
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
