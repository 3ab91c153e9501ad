"""SPEC §9 in a real browser: a Chromium set to Japanese (`--lang=ja`, `intl.accept_languages`) gets the demo in
Japanese — `<html lang="ja">`, the Japanese names of every contract control, counts and an action's message —
and its pages go to the Nu Html Checker and axe-core with the rest of the suite's. The Japanese walk runs once,
in the Chromium turn; an English browser of every engine gets English with the titles marked `ja`."""

import pytest

from tableview_e2e.browser import Page
from tableview_e2e.engines import By, Chromium, EngineError


@pytest.fixture
def japanese(engine, recorder, demo, request, workdir):
    """A tab of a Chromium whose UI language is Japanese, JavaScript off, on the demo. axe-core checks its pages
    in a Japanese Chromium of its own (the recorder starts one per language)."""
    if engine.name != "chromium":
        pytest.skip("the demo is walked in Japanese in the Chromium turn only")
    recorder.test = request.node.originalname.removeprefix("test_").replace("_", "-")
    try:
        browser = Chromium(workdir, language="ja")
    except EngineError as error:
        pytest.fail(f"chromium (ja): {error}", pytrace=False)
    try:
        yield Page(browser, demo.url, recorder, "ja")
    finally:
        browser.quit()


def html_lang(page: Page) -> str:
    return page.browser.find_element(By.TAG_NAME, "html").get_attribute("lang")


def test_the_demo_reads_in_japanese(japanese):
    page = japanese.open("/", "ja: the index")
    assert html_lang(page) == "ja"
    assert page.find("heading", "表の一覧")

    page.open("/tables/sento", "ja: 銭湯めぐり")
    assert html_lang(page) == "ja"
    assert page.find("link", "すべての表")
    assert page.find("button", "リセット")
    assert page.find("heading", "お好きな銭湯", prefix=True).name == "お好きな銭湯 5件、1件選択"
    # The tables declare Japanese: on a Japanese page their titles need no lang of their own.
    assert page.browser.find_elements(By.CSS_SELECTOR, "body [lang]") == []

    page.open("/tables/edit", "ja: お風呂セット")
    modes = page.find("group", "編集モード")
    assert [control.name for control in page.controls("button", modes)] \
        == ["オフ", "すべて", "削除のみ", "並べ替えのみ"]
    page.tap(page.find("button", "すべて", modes), "ja: edit mode すべて")
    page.landed_at("edit-mode-all")
    assert page.find("button", "タオルを削除")
    for name in ("タオルを上へ", "タオルを下へ"):
        assert page.find("button", name)
    assert page.find("link", "タオルを移動…"), "to top and to bottom are on the position picker"

    page.tap(page.find("button", "タオルを削除"), "ja: delete タオル")
    role, text = page.message()
    assert role == "status" and text.startswith("「タオル」を削除しました。"), text
    undo = page.find("button", "取り消す", page.controls("status")[0])
    page.landed_at(undo.element.get_attribute("id"))
    page.tap(undo, "ja: undo the deletion")
    assert page.find("button", "タオルを削除")
    # On a later page, the toolbar offers the Undo, naming the row.
    page.tap(page.find("button", "タオルを削除"), "ja: delete タオル again")
    page.open("/tables/edit", "ja: the page again, after the deletion")
    page.tap(page.find("button", "「タオル」の削除を取り消す"), "ja: undo the deletion from the toolbar")
    assert page.find("button", "タオルを削除")
    page.tap(page.find("button", "リセット"), "ja: reset")
    page.tap(page.find("button", "リセットを取り消す"), "ja: undo the reset")
    assert page.find("button", "リセット")

    page.open("/tables/accordion", "ja: 文化浴泉のご案内")
    page.tap(page.find("button", "すべて閉じる"), "ja: collapse all")
    page.tap(page.find("button", "すべて開く"), "ja: expand all")
    assert page.find("button", "すべて閉じる")


def test_an_english_browser_gets_english_with_the_titles_marked_japanese(browsers, demo):
    page = browsers(demo).open("/tables/edit", "en: お風呂セット")
    assert html_lang(page) == "en"
    assert page.browser.find_element(By.TAG_NAME, "h1").get_attribute("lang") == "ja"
    assert [control.name for control in page.edit_mode_buttons()] == ["Off", "All", "Delete only", "Reorder only"]
