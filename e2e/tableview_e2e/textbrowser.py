"""w3m, the text browser: what its dump of a table page lists, and in which order."""

import os
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
