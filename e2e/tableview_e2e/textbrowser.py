"""w3m and lynx, the text browsers: what their dumps of a table page list, in which order, and what they must not
show (SPEC §3: a button shows its label, never an internal value; a title is separated from its detail)."""

import os
import re
import subprocess
import tempfile
import xml.etree.ElementTree as ElementTree

XHTML = "{http://www.w3.org/1999/xhtml}"


def dump(url: str, cookies: list[dict]) -> str:
    """`w3m -dump` of `url`, sending the browser's cookies so w3m sees the same visitor's state."""
    command = ["w3m", "-dump", "-cols", "400", "-O", "UTF-8"]
    if cookies:
        command += ["-header", "Cookie: " + "; ".join(f"{c['name']}={c['value']}" for c in cookies)]
    with tempfile.TemporaryDirectory(prefix="tableview-e2e-w3m-") as home:
        # w3m keeps its settings and history under $HOME/.w3m; a fresh one keeps the run hermetic.
        result = subprocess.run(command + [url], capture_output=True, text=True, encoding="utf-8",
                                env={**os.environ, "HOME": home}, timeout=30, check=False)
    assert result.returncode == 0, f"w3m -dump {url} exited {result.returncode}: {result.stderr}"
    return result.stdout


def lynx_dump(page_source: str) -> str:
    """`lynx -dump` of a page's HTML (the raw bytes the browser got), as lynx renders it."""
    with tempfile.TemporaryDirectory(prefix="tableview-e2e-lynx-") as home:
        path = os.path.join(home, "page.html")
        with open(path, "w", encoding="utf-8") as file:
            file.write(page_source)
        result = subprocess.run(["lynx", "-dump", "-force_html", "-width=400", "-display_charset=UTF-8",
                                 "-assume_charset=UTF-8", "-nolist", path], capture_output=True, text=True,
                                encoding="utf-8", env={**os.environ, "HOME": home}, timeout=30, check=False)
    assert result.returncode == 0, f"lynx -dump exited {result.returncode}: {result.stderr}"
    return result.stdout


# What lynx shows when a button carries a value: "(true) 文化浴泉", "(2) Move Phone up".
INTERNAL_VALUE = re.compile(r"\((?:true|false|off|all|delete|sort|\d+)\)")


def check_no_internal_values(dump_text: str, browser: str) -> None:
    found = [line.strip() for line in dump_text.splitlines() if INTERNAL_VALUE.search(line)]
    assert not found, f"{browser} shows internal values as labels: {found[:5]}"


def details(page_source: str) -> list[tuple[str, str]]:
    """(title, detail) of every row that has a detail, in page order."""
    root = ElementTree.fromstring(page_source)
    found = []
    for item in root.iter(f"{XHTML}li"):
        classes = {element.get("class"): text(element) for element in item.iter() if element.get("class")}
        if "title" in classes and "detail" in classes:
            found.append((classes["title"], classes["detail"]))
    return found


def check_details_separated(dump_text: str, pairs: list[tuple[str, str]], browser: str) -> None:
    """Each title is followed by a dash and its detail on its line (CJK text has no spaces to separate them)."""
    lines = [squeeze(line) for line in dump_text.splitlines()]
    for title, detail in pairs:
        wanted = squeeze(title) + "—" + squeeze(detail)
        assert any(wanted in line for line in lines), f"{browser} does not show {title!r} — {detail!r} apart"


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


def squeeze(line: str) -> str:
    """A line without whitespace or list bullets: w3m drops the space between CJK words."""
    return "".join(line.split()).lstrip("•*·-")


def check_order(dump_text: str, expected: list[tuple[str, str]]) -> None:
    """Each title starts a line of the dump, after the line of the title before it."""
    lines = [squeeze(line) for line in dump_text.splitlines()]
    position = 0
    for kind, title in expected:
        wanted = squeeze(title)
        for index in range(position, len(lines)):
            if lines[index].startswith(wanted):
                position = index + 1
                break
        else:
            raise AssertionError(f"w3m's dump has no line starting with the {kind} title {title!r} after line "
                                 f"{position}:\n{dump_text}")
