"""SPEC §9 in a real browser: Chromium set to Japanese (`--lang=ja`, `intl.accept_languages`) gets the demo in
Japanese — `<html lang="ja">`, the Japanese names of every contract control, counts and an action's message —
and its pages go to the Nu Html Checker with the rest of the suite's."""

import pytest
from axe_selenium_python import Axe

from tableview_e2e.browser import Browser, Page


@pytest.fixture
def japanese(recorder, demo, request):
    """A tab of a Chromium whose UI language is Japanese, JavaScript off, on the demo. The recorder's axe-core
    browser reloads each page to check it, so for this walk it asks for Japanese too (else the server would
    show it the English page): a second Japanese browser stands in for it, and the usual one comes back after."""
    recorder.test = request.node.name.removeprefix("test_").replace("_", "-")
    browser = Browser(javascript=False, language="ja")
    axe_browser = Browser(javascript=True, language="ja")
    usual = recorder.axe.browser, recorder.axe.axe
    recorder.axe.browser, recorder.axe.axe = axe_browser, Axe(axe_browser.driver)
    try:
        yield Page(browser, demo.url, recorder, "ja")
    finally:
        recorder.axe.browser, recorder.axe.axe = usual
        axe_browser.quit()
        browser.quit()


def html_lang(page: Page) -> str:
    return page.driver.find_element("tag name", "html").get_attribute("lang")


def test_the_demo_reads_in_japanese(japanese):
    page = japanese.open("/", "ja: the index")
    assert html_lang(page) == "ja"
    assert page.find("heading", "表の一覧")

    page.open("/tables/sento", "ja: 銭湯めぐり")
    assert html_lang(page) == "ja"
    assert page.find("link", "すべての表")
    assert page.find("button", "リセット")
    header = page.driver.find_element("id", "section_favorite_title").find_element("xpath", "..")
    assert "5件、1件選択" in header.text
    # The tables declare Japanese: on a Japanese page their titles need no lang of their own.
    assert page.driver.find_elements("css selector", "body [lang]") == []

    page.open("/tables/edit", "ja: お風呂セット")
    modes = [control.name for control in page.controls("button", page.find("group", "編集モード"))]
    assert modes == ["オフ", "すべて", "削除のみ", "並べ替えのみ"]
    page.tap(page.find("button", "すべて", page.find("group", "編集モード")), "ja: edit mode すべて")
    assert page.find("button", "タオルを削除")
    for name in ("タオルを上へ", "タオルを下へ", "タオルを先頭へ", "タオルを末尾へ"):
        assert page.find("button", name)
    page.tap(page.find("button", "タオルを削除"), "ja: delete タオル")
    role, text = page.message()
    assert role == "status" and text.startswith("「タオル」を削除しました。"), text
    page.tap(page.find("button", "取り消す"), "ja: undo the deletion")
    assert page.find("button", "タオルを削除")
    page.tap(page.find("button", "リセット"), "ja: reset")
    assert page.find("button", "リセットを取り消す")

    page.open("/tables/accordion", "ja: 文化浴泉のご案内")
    assert page.find("button", "すべて開く")
    page.tap(page.find("button", "すべて閉じる"), "ja: collapse all")
    assert page.find("button", "すべて開く")


def test_an_english_browser_gets_english_with_the_titles_marked_japanese(browsers, demo):
    page = browsers(demo).open("/tables/edit", "en: お風呂セット")
    assert html_lang(page) == "en"
    assert page.driver.find_element("tag name", "h1").get_attribute("lang") == "ja"
    assert [control.name for control in page.controls("button", page.find("group", "Edit mode"))] \
        == ["Off", "All", "Delete only", "Reorder only"]
