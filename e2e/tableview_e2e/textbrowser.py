"""w3m and lynx, the text browsers: what their dumps of a table page list, in which order, and what they must not
show (SPEC §3: a button shows its label, never an internal value; a title is separated from its detail); and
what a row's button pressed in them leads to."""

from contextlib import contextmanager
import os
import re
import subprocess
import tempfile
import time
import xml.etree.ElementTree as ElementTree
from pathlib import Path

XHTML = "{http://www.w3.org/1999/xhtml}"
TOOLS = ("w3m", "lynx")
# lynx writes "(BUTTON)" before a button without a value, and "(value)" before one with a value.
LYNX_BUTTON = re.compile(r"^(?:\([^()]*\))+")


def _command(tool: str, url: str, cookies: list[dict], home: Path, options: tuple[str, ...] = ()) -> list[str]:
    if tool == "w3m":
        command = ["w3m", "-dump", "-cols", "400", "-O", "UTF-8"]
        if cookies:
            command += ["-header", "Cookie: " + "; ".join(f"{c['name']}={c['value']}" for c in cookies)]
        return command + [*options, url]
    return ["lynx", f"-cfg={_lynx_settings(home, cookies)}", "-dump", "-width=400", "-display_charset=utf-8",
            "-assume_charset=utf-8", *options, url]


def _lynx_settings(home: Path, cookies: list[dict]) -> Path:
    # lynx reads cookies only from a Netscape cookie file, and only with persistent cookies on in its settings; it
    # asks before taking one unless told to accept them all.
    jar = home / "cookies.txt"
    jar.write_text("".join(f"{c.get('domain', '127.0.0.1').lstrip('.')}\tFALSE\t{c.get('path', '/')}\tFALSE\t"
                           f"2147483647\t{c['name']}\t{c['value']}\n" for c in cookies), encoding="utf-8")
    settings = home / "lynx.cfg"
    settings.write_text(f"INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\nACCEPT_ALL_COOKIES:TRUE\n"
                        f"COOKIE_FILE:{jar}\nCOOKIE_SAVE_FILE:{home / 'saved.txt'}\n", encoding="utf-8")
    return settings


def dump(tool: str, url: str, cookies: list[dict], *options: str) -> str:
    """`w3m -dump` or `lynx -dump` of `url`, with the browser's cookies, so it sees the same visitor's state, and
    any more of the tool's `options`."""
    with tempfile.TemporaryDirectory(prefix=f"tableview-e2e-{tool}-") as home:
        # Both keep settings and history under $HOME; a fresh one keeps the run hermetic.
        result = subprocess.run(_command(tool, url, cookies, Path(home), options), capture_output=True, text=True,
                                encoding="utf-8", env={**os.environ, "HOME": home}, timeout=30, check=False)
    assert result.returncode == 0, f"{tool} -dump {url} exited {result.returncode}: {result.stderr}"
    return result.stdout


def details(page_source: str) -> list[tuple[str, str]]:
    """(title, detail) of every row that has a detail, in page order."""
    root = ElementTree.fromstring(page_source)
    found = []
    for item in root.iter(f"{XHTML}li"):
        classes = {element.get("class"): text(element) for element in item.iter() if element.get("class")}
        if "title" in classes and "detail" in classes:
            found.append((classes["title"], classes["detail"]))
    return found


def check_details_separated(tool: str, dump_text: str, pairs: list[tuple[str, str]]) -> None:
    """Each title is followed by a dash and its detail on its line (CJK text has no spaces to separate them)."""
    lines = [squeeze(tool, line) for line in dump_text.splitlines()]
    for title, detail in pairs:
        wanted = squeeze(tool, title) + "—" + squeeze(tool, detail)
        assert any(wanted in line for line in lines), f"{tool} does not show {title!r} — {detail!r} apart"


def text(element: ElementTree.Element) -> str:
    return "".join(element.itertext())


def titles(page_source: str) -> list[tuple[str, str]]:
    """Section and row titles in page order, read from the page's structure (docs/DESIGN.md ids,
    docs/HTML.md classes): [("section", title), ("row", title), …]. The page is polyglot XML, so the
    standard library's XML parser reads it."""
    root = ElementTree.fromstring(page_source)
    found = []
    for section in root.iter(f"{XHTML}section"):
        section_id = section.get("id")
        heading = next(element for element in section.iter() if element.get("id") == f"{section_id}_title")
        found.append(("section", text(heading)))
        for item in section.iter(f"{XHTML}li"):
            title = next(element for element in item.iter() if "title" in (element.get("class") or "").split())
            found.append(("row", text(title)))
    return found


def squeeze(tool: str, line: str) -> str:
    """A line without whitespace or list bullets (w3m drops the space between CJK words), and for lynx without
    its button marker."""
    line = "".join(line.split()).lstrip("•*·-")
    return LYNX_BUTTON.sub("", line) if tool == "lynx" else line


def check_order(tool: str, dump_text: str, expected: list[tuple[str, str]]) -> None:
    """Each title starts a line of the dump, after the line of the title before it."""
    lines = [squeeze(tool, line) for line in dump_text.splitlines()]
    position = 0
    for kind, title in expected:
        wanted = squeeze(tool, title)
        for index in range(position, len(lines)):
            if lines[index].startswith(wanted):
                position = index + 1
                break
        else:
            raise AssertionError(f"{tool}'s dump has no line starting with the {kind} title {title!r} after line "
                                 f"{position}:\n{dump_text}")


INTERNAL_VALUE = re.compile(r"\((true|false|off|all|delete|sort|-?\d+)\)")


def button_values(dump_text: str) -> list[str]:
    """The internal values lynx shows before buttons ("(true) 鍵", "(off) Off"): SPEC §3 wants labels only."""
    return INTERNAL_VALUE.findall(dump_text)


# lynx numbers links and form fields in page order ("[12]BUTTON) Saturday"); w3m's Tab visits them in that order.
LYNX_FIELD = re.compile(r"\[(\d+)\](?:BUTTON\))?\s*(.*)")


def control_number(url: str, label: str) -> int:
    """The number lynx gives the first link or button whose text starts with `label`, on a new visitor's page."""
    numbered = dump("lynx", url, [], "-number_fields")
    for match in LYNX_FIELD.finditer(numbered):
        if match.group(2).startswith(label):
            return int(match.group(1))
    raise AssertionError(f"lynx numbers no control {label!r}:\n{numbered}")


def field_number(url: str) -> int:
    """The number lynx gives the first text field (shown as a run of underscores), on a new visitor's page."""
    numbered = dump("lynx", url, [], "-number_fields")
    match = re.search(r"\[(\d+)\]_", numbered)
    assert match, f"lynx numbers no text field:\n{numbered}"
    return int(match.group(1))


def tap(tool: str, url: str, number: int, shown: str, done, lines: int = 60) -> str:
    """Opens `url` as a new visitor in `tool` and presses its `number`-th control (as `control_number` counts) with
    the keys a person would use; returns what the browser shows of the page the tap's redirect led to, once
    `done(text)` holds.

    w3m runs in a terminal (tmux, 200 columns by `lines`): once the page shows `shown`, Tab moves to the next link
    or field and Return presses it; the text is the terminal's screen. lynx reads its keys from a script as if
    typed (Down moves to the next link or field, Return presses it) and the script's last keys save the page it
    is shown into a file (Print, "Save to a local file"): the text is that file, the whole page."""
    if tool == "lynx":
        return _lynx(url, ["Down Arrow"] * (number - 1) + ["^J"], done)
    with _w3m(url, lines) as (keys, screen):
        _wait(lambda: shown in screen(), "w3m to show the page", screen)
        keys(*(["Tab"] * number), "Enter")
        _wait(lambda: done(screen()), "w3m to show the page after the tap", screen)
        return screen()


def search_and_tap(tool: str, url: str, field: int, query: str, shown: str, number: int, done,
                   lines: int = 60) -> str:
    """Opens `url` as a new visitor in `tool`, types `query` into its `field`-th control (the search field, as
    `field_number` counts; its Find button follows it) and presses Find; on the page of results, once it shows
    `shown`, presses its `number`-th control; returns what the browser shows of the page that tap led to, once
    `done(text)` holds. The keys are a person's, as in `tap`: lynx types into the field it is on and moves on to
    Find with Down; w3m opens the field's prompt with Return, takes the text and Return, then Tab to Find."""
    if tool == "lynx":
        return _lynx(url, ["Down Arrow"] * (field - 1) + list(query) + ["Down Arrow", "^J"]
                     + ["Down Arrow"] * (number - 1) + ["^J"], done)
    with _w3m(url, lines) as (keys, screen):
        _wait(lambda: "Find" in screen(), "w3m to show the page", screen)
        keys(*(["Tab"] * field), "Enter")
        _wait(lambda: screen().rstrip().endswith("TEXT:"), "w3m's prompt for the field's text", screen)
        keys("-l", query)
        keys("Enter", "Tab", "Enter")
        _wait(lambda: shown in screen(), "w3m to show the results", screen)
        keys(*(["Tab"] * number), "Enter")
        _wait(lambda: done(screen()), "w3m to show the page after the tap", screen)
        return screen()


def _lynx(url: str, keys: list[str], done) -> str:
    """Runs lynx on `url` as a new visitor with `keys` as if typed, then the keys that save the page it shows;
    returns that page once `done(page)` holds."""
    with tempfile.TemporaryDirectory(prefix="tableview-e2e-lynx-") as home:
        saved = Path(home) / "page.txt"
        script = Path(home) / "keys.txt"
        keys = [*keys, "p", "^J", "^U", *str(saved), "^J", "q", "y"]
        script.write_text("".join(f"key {key}\n" for key in keys), encoding="utf-8")
        subprocess.run(["lynx", f"-cfg={_lynx_settings(Path(home), [])}", f"-cmd_script={script}", "-term=vt100",
                        url], stdin=subprocess.DEVNULL, capture_output=True, env={**os.environ, "HOME": home},
                       timeout=60, check=True)
        page = saved.read_text(encoding="utf-8") if saved.exists() else ""
        assert done(page), f"lynx's page after the keys:\n{page}"
        return page


@contextmanager
def _w3m(url: str, lines: int):
    """w3m on `url` as a new visitor in a terminal (tmux, 200 columns by `lines`): yields `keys(*keys)`, which
    sends tmux keys, and `screen()`, the terminal's text."""
    with tempfile.TemporaryDirectory(prefix="tableview-e2e-w3m-") as home:
        # A tmux server of its own (its own socket): no other tmux meets it.
        tmux = ["tmux", "-L", f"tableview-e2e-{os.getpid()}-{time.monotonic_ns()}"]
        subprocess.run([*tmux, "new-session", "-d", "-s", "w3m", "-x", "200", "-y", str(lines),
                        "env", f"HOME={home}", "LANG=C.UTF-8", "w3m", "-O", "UTF-8", url], check=True)
        try:
            def keys(*names: str) -> None:
                subprocess.run([*tmux, "send-keys", "-t", "w3m", *names], check=True)

            def screen() -> str:
                return subprocess.run([*tmux, "capture-pane", "-t", "w3m", "-p"], capture_output=True,
                                      text=True, encoding="utf-8", check=True).stdout
            yield keys, screen
        finally:
            subprocess.run([*tmux, "kill-server"], check=False, capture_output=True)


def _wait(condition, what: str, screen, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds:.0f} s for {what}; the screen:\n{screen()}")
        time.sleep(0.2)


def checked(screen: str, title: str) -> bool:
    """Whether the screen shows the row titled `title` with its checkmark (the line of the first such title)."""
    line = next((line for line in screen.splitlines() if title in line), "")
    return line.rstrip().endswith("✓")
