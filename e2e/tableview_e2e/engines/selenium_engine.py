"""What Chromium and WebKitGTK share: a selenium WebDriver session."""

import time
from pathlib import Path

from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.remote.webdriver import WebDriver

from .base import COMMAND_DEADLINE, LOAD_DEADLINE, Element, Engine


class SeleniumEngine(Engine):
    """An engine driven through a selenium WebDriver session (`self.driver`)."""

    driver: WebDriver
    # Seconds to let the page finish painting before a screenshot (WebKitGTK paints CSS mask images late).
    screenshot_settle = 0.0

    def _session_started(self) -> None:
        # Every command gets a deadline: selenium waits for the driver's answer for ever otherwise.
        self.driver.command_executor._client_config.timeout = COMMAND_DEADLINE
        self.driver.set_page_load_timeout(LOAD_DEADLINE)
        self.driver.set_script_timeout(LOAD_DEADLINE)
        self.main_handle = self.driver.current_window_handle

    def navigate(self, url: str) -> None:
        self.driver.get(url)

    def back(self) -> None:
        self.driver.back()

    def reload(self) -> None:
        self.driver.refresh()

    def current_url(self) -> str:
        return self.driver.current_url

    def document_title(self) -> str:
        return self.driver.title

    def find_elements(self, by: str, value: str) -> list[Element]:
        return [Element(self, native) for native in self.driver.find_elements(by, value)]

    def execute(self, script: str, *args):
        return self.driver.execute_script(script, *[arg.native if isinstance(arg, Element) else arg for arg in args])

    def pointer_tap(self, x: int, y: int) -> None:
        actions = ActionBuilder(self.driver)
        actions.pointer_action.move_to_location(x, y).pointer_down().pointer_up()
        actions.perform()

    def pointer_taps(self, points: list[tuple[int, int]], pause_ms: int) -> None:
        # The finger lands where it taps: no 250 ms glide between the points (selenium's default move).
        actions = ActionBuilder(self.driver, duration=0)
        for index, (x, y) in enumerate(points):
            if index:
                actions.pointer_action.pause(pause_ms / 1000)
            actions.pointer_action.move_to_location(x, y).pointer_down().pointer_up()
        actions.perform()

    def key_press(self, key: str) -> None:
        actions = ActionBuilder(self.driver)
        actions.key_action.key_down(key).key_up(key)
        actions.perform()

    def computed_role(self, element: Element) -> str:
        return element.native.aria_role

    def computed_name(self, element: Element) -> str:
        return element.native.accessible_name

    def window_handles(self) -> list[str]:
        return self.driver.window_handles

    def current_handle(self) -> str:
        return self.driver.current_window_handle

    def switch_to(self, handle: str, force: bool = False) -> None:
        if force or self.driver.current_window_handle != handle:
            self.driver.switch_to.window(handle)

    def close_tab(self) -> None:
        self.driver.close()

    def cookies(self) -> list[dict]:
        return self.driver.get_cookies()

    def delete_cookies(self) -> None:
        self.driver.delete_all_cookies()

    def add_cookie(self, cookie: dict) -> None:
        self.driver.add_cookie(cookie)

    def screenshot(self, path: Path) -> None:
        time.sleep(self.screenshot_settle)
        if not self.driver.save_screenshot(str(path)):
            raise AssertionError(f"{self.title} took no screenshot for {path}")
