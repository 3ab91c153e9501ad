"""WebKitGTK: Debian's MiniBrowser through WebKitWebDriver (package webkit2gtk-driver) and selenium, on a private
Xvfb display.

MiniBrowser needs an X display and hangs, without an error, when it has none: the display is an Xvfb of the
engine's own (`-displayfd`), and the new-session request has a deadline. A window manager (openbox) runs on it
before the browser starts: without one no window has the system's keyboard focus, `document.hasFocus()` is false
and `:focus` matches nothing, so no focus ring could show. A private GTK configuration
($XDG_CONFIG_HOME) turns animations off, which WebKit reports as `prefers-reduced-motion: reduce`, and shrinks
MiniBrowser's toolbar so the window can be as narrow as a phone (its widgets hold it at 447 px otherwise).
The color scheme is chosen at launch (`--dark-mode`): switching it starts the browser again, with no cookies.
The driver cannot hand out response bodies: the raw bytes are fetched again with the same cookies (without the
one-shot message). `click()` returns before the navigation ends; `wait_for_document` covers that. A command sent while a page is
being replaced now and then gets no answer at all (about one in a few hundred taps, pointer or keyboard; the
next command is answered at once, by a driver that is otherwise fine): while polling for the new document each
command has NAVIGATING_COMMAND_DEADLINE, and one that times out is polled again. A second
"tab" is a second window: MiniBrowser does not paint a tab opened through WebDriver.
"""

import os
import select
import shutil
import signal
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.webkitgtk.options import Options
from selenium.webdriver.webkitgtk.service import Service

from .base import START_DEADLINE, Element, EngineError, fetch_again, wait_until, within_deadline
from .selenium_engine import SeleniumEngine

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"
WEBKITWEBDRIVER = "/usr/bin/WebKitWebDriver"
XVFB = "/usr/bin/Xvfb"
OPENBOX = "/usr/bin/openbox"
XPROP = "/usr/bin/xprop"
SCREEN = "1600x1200x24"
# Seconds a command sent while a page is being replaced may take before it is taken as lost (they take
# milliseconds when answered).
NAVIGATING_COMMAND_DEADLINE = 3
GTK_SETTINGS = "[Settings]\ngtk-enable-animations=false\n"
# MiniBrowser's toolbar (buttons, address entry) would keep the window 447 px wide at least.
GTK_CSS = "window * { min-width: 0; min-height: 0; padding: 0; margin: 0; border-width: 0; font-size: 1px; }\n"


class PrivateDisplay:
    """`Xvfb -displayfd`: the X server picks a free display number and writes it to a pipe (in pieces)."""

    def __init__(self, log):
        read_end, write_end = os.pipe()
        self.process = subprocess.Popen([XVFB, "-displayfd", str(write_end), "-nolisten", "tcp", "-screen", "0",
                                         SCREEN], pass_fds=(write_end,), stdout=log, stderr=log,
                                        start_new_session=True)
        os.close(write_end)
        number = b""
        deadline = time.monotonic() + 20
        try:
            # Read up to the newline: closing the pipe after the first piece kills Xvfb.
            while not number.endswith(b"\n"):
                remaining = deadline - time.monotonic()
                ready, _, _ = select.select([read_end], [], [], max(remaining, 0))
                if not ready:
                    self.stop()
                    raise EngineError("WebKitGTK: Xvfb named no display within 20 s")
                piece = os.read(read_end, 64)
                if not piece:
                    self.stop()
                    raise EngineError(f"WebKitGTK: Xvfb exited ({self.process.poll()}) before naming a display")
                number += piece
        finally:
            os.close(read_end)
        self.display = ":" + number.decode().strip()
        # The window manager takes the display's windows as they are mapped: it must be there before the browser.
        self.window_manager = subprocess.Popen([OPENBOX, "--sm-disable"], env={**os.environ, "DISPLAY": self.display},
                                               stdout=log, stderr=log, start_new_session=True)
        wait_until("openbox to manage the display", lambda: self._managed(), 10)

    def _managed(self) -> bool:
        if self.window_manager.poll() is not None:
            raise EngineError(f"WebKitGTK: openbox exited ({self.window_manager.returncode}) on {self.display}")
        # A window manager, once up, names its check window on the root window (EWMH).
        probe = subprocess.run([XPROP, "-display", self.display, "-root", "_NET_SUPPORTING_WM_CHECK"],
                               capture_output=True, text=True)
        return "window id" in probe.stdout

    def stop(self) -> None:
        manager = getattr(self, "window_manager", None)
        if manager is not None and manager.poll() is None:
            os.killpg(manager.pid, signal.SIGTERM)
            manager.wait()
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()


class WebKit(SeleniumEngine):
    name = "webkit"
    title = "WebKitGTK"
    screenshot_settle = 0.3

    def __init__(self, workdir: Path, javascript: bool = False, color_scheme: str = "light"):
        super().__init__(workdir, javascript, color_scheme)
        for path, package in ((MINIBROWSER, "libwebkit2gtk-4.1-0"), (WEBKITWEBDRIVER, "webkit2gtk-driver"),
                              (XVFB, "xvfb"), (OPENBOX, "openbox"), (XPROP, "x11-utils")):
            if not Path(path).is_file():
                raise EngineError(f"WebKitGTK: {path} is missing (Debian {package}; scripts/install-deps --test)")
        self.home = Path(tempfile.mkdtemp(prefix="tableview-e2e-webkit-", dir=workdir))
        (self.home / "gtk-3.0").mkdir()
        (self.home / "gtk-3.0" / "settings.ini").write_text(GTK_SETTINGS, encoding="utf-8")
        (self.home / "gtk-3.0" / "gtk.css").write_text(GTK_CSS, encoding="utf-8")
        self._log = open(self.home.parent / f"{self.home.name}.log", "wb")
        self.screen = PrivateDisplay(self._log)
        self._chrome = (0, 0)
        self._viewport = self.default_viewport
        self._launch()

    def _launch(self) -> None:
        options = Options()
        options.binary_location = MINIBROWSER
        # With any argument given, --automation must be among them.
        for argument in ("--automation", f"--enable-javascript={'true' if self.javascript else 'false'}",
                         "--enable-smooth-scrolling=false", *(["--dark-mode"] if self.color_scheme == "dark" else [])):
            options.add_argument(argument)
        environment = {**os.environ, "DISPLAY": self.screen.display, "XDG_CONFIG_HOME": str(self.home),
                       "XDG_DATA_HOME": str(self.home / "data"), "XDG_CACHE_HOME": str(self.home / "cache"),
                       "LANG": "en_US.UTF-8"}
        self.service = Service(WEBKITWEBDRIVER, env=environment, log_output=self._log,
                               popen_kw={"start_new_session": True})
        self.driver = within_deadline(f"WebKitGTK (MiniBrowser on display {self.screen.display})", START_DEADLINE,
                                      lambda: webdriver.WebKitGTK(options=options, service=self.service),
                                      self._abandon)
        self._session_started()
        self.set_viewport(*self._viewport)
        self.check_scripts()

    def _stop_driver_group(self) -> None:
        process = self.service.process
        if process is not None and process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    def _abandon(self) -> None:
        self._stop_driver_group()
        self.screen.stop()
        self._log.close()
        shutil.rmtree(self.home, ignore_errors=True)

    def _quit_driver(self) -> None:
        try:
            self.driver.quit()
        finally:
            # MiniBrowser is the driver's child, in the driver's process group.
            self._stop_driver_group()

    def quit(self) -> None:
        try:
            self._quit_driver()
        finally:
            self.screen.stop()
            self._log.close()
            shutil.rmtree(self.home, ignore_errors=True)

    def computed_role(self, element: Element) -> str:
        return self._accessible(element, lambda: element.native.aria_role)

    def computed_name(self, element: Element) -> str:
        return self._accessible(element, lambda: element.native.accessible_name)

    def _accessible(self, element: Element, read) -> str:
        """WebKitGTK's driver answers an error, not an empty role or name, for an element that is not rendered
        (no accessibility object); such an element has neither."""
        try:
            return read()
        except WebDriverException:
            if self.execute("return arguments[0].getClientRects().length", element) == 0:
                return ""
            raise

    @contextmanager
    def navigating(self):
        config = self.driver.command_executor._client_config
        deadline = config.timeout
        config.timeout = NAVIGATING_COMMAND_DEADLINE
        try:
            yield
        finally:
            config.timeout = deadline

    def last_document(self) -> tuple[int, str]:
        return fetch_again(self.current_url(), self.cookies(), self.execute("return navigator.userAgent"))

    def open_tab(self) -> str:
        # A window, not a tab: MiniBrowser leaves a new tab unpainted, and a screenshot of it never returns.
        self.driver.switch_to.new_window("window")
        self.set_viewport(*self._viewport)
        return self.driver.current_window_handle

    def set_viewport(self, width: int, height: int) -> None:
        # Only the window can be sized: size it so that its inner size is exact, correcting by what it shows.
        self._viewport = (width, height)
        window = (width + self._chrome[0], height + self._chrome[1])
        for _ in range(4):
            self.driver.set_window_rect(width=window[0], height=window[1])
            try:
                shown = wait_until(f"a {width}×{height} viewport in WebKitGTK",
                                   lambda: self.viewport() == (width, height) and self.viewport(), 2)
            except AssertionError:
                shown = self.viewport()
            if shown == (width, height):
                self._chrome = (window[0] - width, window[1] - height)
                return
            window = (window[0] + width - shown[0], window[1] + height - shown[1])
        self.check_viewport(width, height)

    def set_color_scheme(self, scheme: str) -> None:
        if scheme == self.color_scheme:
            return
        if len(self.window_handles()) > 1:
            raise AssertionError("WebKitGTK chooses its color scheme at launch: switch it before opening tabs")
        self.color_scheme = scheme
        self._quit_driver()
        self._launch()
