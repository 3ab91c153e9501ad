"""Debian's Firefox ESR through Mozilla's Marionette client (PyPI marionette-driver), headless, no geckodriver.

The profile's user.js turns page scripts off, asks for reduced motion and overlay scrollbars (so the layout
viewport is the whole width) and lets the system pick Marionette's port, which Firefox writes to the profile's
`MarionetteActivePort`. `-remote-allow-system-access` lets chrome-context scripts run: the color scheme is a
preference, and the viewport is the size of the tab's `<browser>` element (the headless window cannot be
narrower than 500 px). Marionette cannot hand out response bodies: the raw bytes are fetched again with the
same cookies (without the one-shot message).
"""

import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path

from .base import COMMAND_DEADLINE, LOAD_DEADLINE, START_DEADLINE, Element, Engine, EngineError, fetch_again, wait_until, \
    within_deadline

FIREFOX = "/usr/bin/firefox-esr"
PREFERENCES = {
    "javascript.enabled": False,
    "marionette.port": 0,
    "ui.prefersReducedMotion": 1,
    "ui.useOverlayScrollbars": 1,
    "layout.css.prefers-color-scheme.content-override": 1,
    "intl.accept_languages": "en-US",
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.startup.page": 0,
    "browser.aboutwelcome.enabled": False,
    "browser.sessionstore.resume_from_crash": False,
    "browser.tabs.warnOnClose": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "app.update.disabledForTesting": True,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
}
# The screen of a headless Firefox: room for a 1280×800 viewport and then some.
SCREEN = (1600, 1200)
COLOR_SCHEME_OVERRIDE = {"dark": 0, "light": 1}


def _pref_line(name: str, value) -> str:
    literal = ("true" if value else "false") if isinstance(value, bool) else repr(value).replace("'", '"')
    return f'user_pref("{name}", {literal});\n'


class Firefox(Engine):
    name = "firefox"
    title = "Firefox ESR"

    def __init__(self, workdir: Path, javascript: bool = False, color_scheme: str = "light"):
        super().__init__(workdir, javascript, color_scheme)
        if not Path(FIREFOX).is_file():
            raise EngineError(f"Firefox: {FIREFOX} is missing (scripts/install-deps --test installs it)")
        try:
            from marionette_driver.marionette import Marionette
        except ImportError as error:
            raise EngineError("Firefox: PyPI marionette-driver is missing (scripts/e2e installs "
                              "scripts/requirements-e2e.txt into .venv/)") from error
        self.profile = Path(tempfile.mkdtemp(prefix="tableview-e2e-firefox-", dir=workdir))
        preferences = {**PREFERENCES, "javascript.enabled": javascript}
        (self.profile / "user.js").write_text("".join(_pref_line(k, v) for k, v in preferences.items()),
                                              encoding="utf-8")
        self._log = open(self.profile.parent / f"{self.profile.name}.log", "wb")
        environment = {**os.environ, "MOZ_HEADLESS_WIDTH": str(SCREEN[0]), "MOZ_HEADLESS_HEIGHT": str(SCREEN[1])}
        self.process = subprocess.Popen(
            [FIREFOX, "--marionette", "--headless", "--no-remote", "-remote-allow-system-access",
             "--profile", str(self.profile)], stdout=self._log, stderr=subprocess.STDOUT, env=environment,
            start_new_session=True)
        self._viewport = self.default_viewport

        def start():
            port_file = self.profile / "MarionetteActivePort"
            port = wait_until("Firefox's Marionette port", lambda: self._port(port_file), START_DEADLINE,
                              ignored=(OSError, ValueError))
            client = Marionette(host="127.0.0.1", port=port, socket_timeout=COMMAND_DEADLINE)
            client.start_session(timeout=START_DEADLINE)
            return client

        self.client = within_deadline("Firefox ESR", START_DEADLINE, start, self._stop_process)
        self.client.timeout.page_load = LOAD_DEADLINE
        self.client.timeout.script = LOAD_DEADLINE
        self.client.set_window_rect(x=0, y=0, width=SCREEN[0], height=SCREEN[1])
        self.main_handle = self.client.current_window_handle
        self.set_color_scheme(color_scheme)
        self.set_viewport(*self._viewport)
        self.check_scripts()

    def _port(self, port_file: Path) -> int | None:
        if self.process.poll() is not None:
            raise EngineError(f"Firefox exited with status {self.process.returncode}; see {self._log.name}")
        text = port_file.read_text().strip()
        return int(text) if text else None

    def _stop_process(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self._log.close()
        shutil.rmtree(self.profile, ignore_errors=True)

    def quit(self) -> None:
        try:
            self.client.delete_session()
        except Exception:  # noqa: BLE001 - the process is stopped below either way
            pass
        finally:
            self._stop_process()

    # Navigation and documents

    def navigate(self, url: str) -> None:
        self.client.navigate(url)

    def back(self) -> None:
        self.client.go_back()

    def reload(self) -> None:
        self.client.refresh()

    def current_url(self) -> str:
        return self.client.get_url()

    def document_title(self) -> str:
        return self.client.title

    def find_elements(self, by: str, value: str) -> list[Element]:
        return [Element(self, native) for native in self.client.find_elements(by, value)]

    def execute(self, script: str, *args):
        return self.client.execute_script(script, script_args=[a.native if isinstance(a, Element) else a
                                                               for a in args])

    def last_document(self) -> tuple[int, str]:
        return fetch_again(self.current_url(), self.cookies(), self.execute("return navigator.userAgent"))

    def pointer_tap(self, x: int, y: int) -> None:
        mouse = self.client.actions.sequence("pointer", "mouse", {"pointerType": "mouse"})
        mouse.pointer_move(x, y, origin="viewport").pointer_down().pointer_up().perform()

    def pointer_taps(self, points: list[tuple[int, int]], pause_ms: int) -> None:
        mouse = self.client.actions.sequence("pointer", "mouse", {"pointerType": "mouse"})
        for index, (x, y) in enumerate(points):
            if index:
                mouse.pause(pause_ms)
            mouse.pointer_move(x, y, origin="viewport").pointer_down().pointer_up()
        mouse.perform()

    def key_press(self, key: str) -> None:
        self.client.actions.sequence("key", "keyboard").key_down(key).key_up(key).perform()

    def computed_role(self, element: Element) -> str:
        return element.native.computed_role

    def computed_name(self, element: Element) -> str:
        return element.native.computed_label

    # Tabs

    def window_handles(self) -> list[str]:
        return self.client.window_handles

    def current_handle(self) -> str:
        return self.client.current_window_handle

    def switch_to(self, handle: str, force: bool = False) -> None:
        if force or self.client.current_window_handle != handle:
            self.client.switch_to_window(handle)

    def open_tab(self) -> str:
        handle = self.client.open(type="tab", focus=True)["handle"]
        self.client.switch_to_window(handle)
        self.set_viewport(*self._viewport)
        return handle

    def close_tab(self) -> None:
        self.client.close()

    # Cookies

    def cookies(self) -> list[dict]:
        return self.client.get_cookies()

    def delete_cookies(self) -> None:
        self.client.delete_all_cookies()

    def add_cookie(self, cookie: dict) -> None:
        self.client.add_cookie(cookie)

    # Looks

    def screenshot(self, path: Path) -> None:
        path.write_bytes(self.client.screenshot(format="binary", full=False))

    def set_viewport(self, width: int, height: int) -> None:
        # The tab's <browser> element is the viewport; fixing its size in CSS px fixes innerWidth/innerHeight.
        self._viewport = (width, height)
        with self.client.using_context("chrome"):
            self.client.execute_script(
                "const b = gBrowser.selectedBrowser, [w, h] = arguments;"
                "for (const [p, v] of [['width', w], ['height', h]]) {"
                "  for (const q of [p, 'min-' + p, 'max-' + p]) b.style.setProperty(q, v + 'px'); }"
                "b.style.setProperty('flex', 'none');", script_args=[width, height])
        wait_until(f"a {width}×{height} viewport in Firefox", lambda: self.viewport() == (width, height), 5)

    def set_reduced_motion(self, reduce: bool) -> None:
        self.reduced_motion = reduce
        self.client.set_pref("ui.prefersReducedMotion", 1 if reduce else 0)

    def set_color_scheme(self, scheme: str) -> None:
        self.color_scheme = scheme
        self.client.set_pref("layout.css.prefers-color-scheme.content-override", COLOR_SCHEME_OVERRIDE[scheme])
