"""State is per visitor (SPEC §2, §4): a second browser profile, with a cookie jar of its own, sees none of
the first one's changes, and its own changes do not reach the first."""

from tableview_e2e import techniques as t


def session_cookie(page) -> str:
    cookies = page.session_cookies
    assert len(cookies) == 1, f"one session cookie, not {cookies}"
    assert cookies[0]["httpOnly"] and cookies[0]["sameSite"] == "Lax" and cookies[0]["path"] == "/"
    return cookies[0]["value"]


def test_demo_second_profile(browsers, demo):
    first = browsers(demo, "first")
    initial = {}
    for path in ("/tables/sento", "/tables/edit", "/tables/accordion"):
        initial[path] = first.open(path, f"first profile: open {path}").state()
    first.open("/tables/sento", "first profile: back to 銭湯めぐり")
    t.tap_row(first, "お好きな銭湯", "北欧", "first profile: select 北欧")
    first.open("/tables/edit", "first profile: open お風呂セット")
    t.set_mode(first, "All")
    t.delete(first, "持ち物", "石鹸")
    first.open("/tables/accordion", "first profile: open 文化浴泉のご案内")
    t.set_expanded(first, "料金", True)
    changed = {path: first.open(path, f"first profile: {path} as changed").state() for path in initial}
    assert all(changed[path] != initial[path] for path in initial)

    second = browsers(demo, "second")
    for path in initial:
        assert second.open(path, f"second profile: {path} as defined").state() == initial[path]
    assert session_cookie(second) != session_cookie(first)
    t.set_expanded(second, "次に行く日", True)
    t.tap_row(second, "次に行く日", "祝日", "second profile: select 祝日")
    assert first.open("/tables/accordion", "first profile: unchanged by the second").state() == \
        changed["/tables/accordion"]


def test_fixture_second_profile(browsers, pantry):
    first = browsers(pantry, "first").open("/tables/pantry", "first profile: open Pantry")
    initial = first.state()
    t.set_mode(first, "Reorder only")
    t.move(first, "Fruit bowl", "Pears", "up")
    changed = first.state()
    second = browsers(pantry, "second").open("/tables/pantry", "second profile: open Pantry")
    assert second.state() == initial
    t.tap_row(second, "Fridge", "Milk", "second profile: deselect Milk")
    assert first.open("/tables/pantry", "first profile: unchanged by the second").state() == changed
