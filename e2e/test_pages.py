"""Pages beyond the techniques: an error page, the demo in dark mode, and the README's screenshots."""

import os
import shutil

from conftest import ARTIFACTS, ROOT
from tableview_e2e import techniques as t

README_SCREENSHOTS = ROOT / "docs" / "screenshots"
PHONE = (390, 844)


def test_unknown_table_page(browsers, demo):
    page = browsers(demo).open("/tables/no-such-table", "an unknown table")
    assert page.status == 404
    assert page.find("heading", "404 Not Found")
    t.expect_message(page, "alert", "no-such-table")
    page.tap(page.find("link", "All tables"), "follow the error page's link")
    assert page.path == "/"


def test_demo_in_dark_mode(browsers, demo):
    page = browsers(demo)
    page.browser.set_color_scheme("dark")
    page.open("/tables/sento", "dark: 銭湯めぐり")
    t.limited(page, "湯上がりの一杯", 2)
    page.open("/tables/edit", "dark: お風呂セット")
    t.set_mode(page, "All")
    t.delete(page, "持ち物", "石鹸")
    page.open("/tables/accordion", "dark: 文化浴泉のご案内")
    t.set_expanded(page, "料金", True)


def test_readme_screenshots(browsers, demo):
    """The README's pictures: 銭湯めぐり at 390×844 (a phone), light and dark, one pair per engine.
    scripts/e2e --update-screenshots (or E2E_UPDATE_SCREENSHOTS=1) copies them to docs/screenshots/."""
    page = browsers(demo)
    for scheme in ("light", "dark"):
        page.browser.set_color_scheme(scheme)
        page.set_viewport(*PHONE)
        page.open("/tables/sento", f"the README's screenshot, {scheme}")
        assert page.viewport() == PHONE
        readme_screenshot(page, f"{page.browser.name}-{scheme}.png", 150_000)


WINDOWS = {"phone": PHONE, "desktop": (1280, 800)}
MODES = {"off": "Off", "all": "All", "sort": "Reorder only"}


def test_edit_mode_screenshots(browsers, errands):
    """The README's pictures of the edit modes with long titles (e2e/fixtures/errands.json): Off, All and Reorder
    only at 390×844 and 1280×800, light and dark, per engine: `<engine>-<mode>-<window>-<scheme>.png`, copied to
    docs/screenshots/ as the README's pictures are."""
    page = browsers(errands)
    for scheme in ("light", "dark"):
        page.browser.set_color_scheme(scheme)
        for window, size in WINDOWS.items():
            page.set_viewport(*size)
            page.open("/tables/errands", f"errands, {window}, {scheme}")
            assert page.viewport() == size
            for mode, label in MODES.items():
                if mode != "off":
                    page.tap(page.edit_mode(label), f"{label}, {window}, {scheme}")
                readme_screenshot(page, f"{page.browser.name}-{mode}-{window}-{scheme}.png", 250_000)
            page.tap(page.edit_mode("Off"), f"back to Off, {window}, {scheme}")


def readme_screenshot(page, name: str, most_bytes: int) -> None:
    """A screenshot of the window for the README, under `most_bytes`; copied to docs/screenshots/ with
    E2E_UPDATE_SCREENSHOTS=1."""
    shot = ARTIFACTS / "readme" / name
    shot.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(shot)
    assert shot.stat().st_size < most_bytes, f"{shot} is {shot.stat().st_size} bytes, not under {most_bytes:,}"
    if os.environ.get("E2E_UPDATE_SCREENSHOTS") == "1":
        README_SCREENSHOTS.mkdir(exist_ok=True)
        shutil.copyfile(shot, README_SCREENSHOTS / shot.name)
