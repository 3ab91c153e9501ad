#!/usr/bin/env python3
"""A tap on a large table in Chromium with JavaScript off (SPEC §10): how long a tap takes — the POST,
its 303 and the load of the page it leads to — and how many bytes the page costs, per row and on the wire.

Serves Benchmarks/make-table.py's table of ROWS rows in SECTIONS sections (2,000 in 4 × 500 by default) with the
release tableview, opens it in headless Chromium (the browser suite's engine code, e2e/tableview_e2e) at 390×800
with scripts off, and taps one row's selection button TAPS times (it flips: select, deselect…), a row in the
middle of the second section, scrolled into view as a reader would have it. Each tap is timed twice:

  wall      from WebDriver's pointer tap (at the button's middle) to the new document's readyState "complete" (includes WebDriver's overhead);
  browser   the new document's Navigation Timing, from the navigation's start (the form's submission) to the end
            of its load event: POST, redirect, GET, parse, style, layout, load; and each phase's median —
            post (the submission to the end of the 303), get (to the page's last byte: the server's render and
            compression, the transfer), parse (to domInteractive), rest (style, layout, paint, the load event).

Prints the medians (and the fastest and slowest), the page's bytes (uncompressed, per row), and what one page
costs on the wire: the bytes Chromium received for it (transferSize, headers included) and the Content-Encoding
the server answered with, and the same page fetched directly with and without Accept-Encoding: gzip. Exits 1 when a tap does not land
on its row, inside the window.

    .venv/bin/python Benchmarks/large-table-tap.py [--rows 2000] [--sections 4] [--taps 15] [--mode off|all] [--motion]
        [--binary PATH]

--motion lets the page animate (the browser suite asks for reduced motion): the page after each tap runs its CSS
animations (docs/DESIGN.md "Animated changes").

`scripts/e2e` (or scripts/test) installs .venv's packages. Without --binary or TABLEVIEW_BIN, builds the release
binary. The machine's load changes the times: compare runs made one after another, and quote the command.
"""

import argparse
import gzip
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "e2e"))

from tableview_e2e.engines import By, Chromium  # noqa: E402  (after the path is set)
from tableview_e2e.server import Server  # noqa: E402

WIDTH, HEIGHT = 390, 800


def release_binary(given: str | None) -> Path:
    if given or os.environ.get("TABLEVIEW_BIN"):
        return Path(given or os.environ["TABLEVIEW_BIN"])
    print("building tableview (release)…", file=sys.stderr)
    subprocess.run(["swift", "build", "-c", "release", "--product", "tableview", "--quiet"], cwd=ROOT, check=True)
    path = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return Path(path) / "tableview"


# A graphical browser's User-Agent: the server sends the tap inputs to such a browser only.
USER_AGENT = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36"


def fetch(url: str, gzip_ok: bool, cookie: str | None = None) -> tuple[int, str, int]:
    """(body bytes on the wire, Content-Encoding, decoded bytes) of a GET, as a graphical browser's, with `cookie`."""
    headers = {"User-Agent": USER_AGENT} | ({"Accept-Encoding": "gzip"} if gzip_ok else {})
    if cookie:
        headers["Cookie"] = cookie
    request = urllib.request.Request(url, headers=headers)
    with urllib.request.urlopen(request) as response:
        body = response.read()
        encoding = response.headers.get("Content-Encoding") or "identity"
    decoded = gzip.decompress(body) if encoding == "gzip" else body
    return len(body), encoding, len(decoded)


def navigation(browser) -> dict:
    # WebDriver's scripts run with the page's scripts off (shared/NOTES.md); the page itself has none.
    return browser.execute("""
        const entry = performance.getEntriesByType('navigation')[0];
        return {duration: entry.loadEventEnd - entry.startTime, transferSize: entry.transferSize,
                post: entry.redirectEnd - entry.startTime, get: entry.responseEnd - entry.redirectEnd,
                parse: entry.domInteractive - entry.responseEnd, rest: entry.loadEventEnd - entry.domInteractive,
                encodedBodySize: entry.encodedBodySize, decodedBodySize: entry.decodedBodySize,
                type: entry.type, redirects: entry.redirectCount};
    """)


def summary(name: str, values: list[float]) -> str:
    return (f"{name:<8} median {statistics.median(values):7.1f} ms   fastest {min(values):7.1f}   "
            f"slowest {max(values):7.1f}   ({len(values)} taps)")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=2000)
    parser.add_argument("--sections", type=int, default=4)
    parser.add_argument("--taps", type=int, default=15)
    parser.add_argument("--binary")
    parser.add_argument("--mode", choices=("off", "all"), default="off",
                        help="off: tap a row's selection; all: in edit mode All, move a row down and up in turn")
    parser.add_argument("--motion", action="store_true",
                        help="prefers-reduced-motion: no-preference, so that the page after each tap animates")
    options = parser.parse_args()

    binary = release_binary(options.binary)
    with tempfile.TemporaryDirectory(prefix="tableview-tap-") as folder:
        work = Path(folder)
        tables = work / "large.json"
        with open(tables, "w", encoding="utf-8") as file:
            subprocess.run([sys.executable, str(ROOT / "Benchmarks" / "make-table.py"), str(options.rows),
                            str(options.sections)], stdout=file, check=True)
        server = Server(binary, work / "server.log", tables)
        browser = None
        try:
            page_url = server.url + "tables/reference"
            plain, plain_encoding, _ = fetch(page_url, gzip_ok=False)
            wire, encoding, decoded = fetch(page_url, gzip_ok=True)

            browser = Chromium(work)
            browser.fresh(server.url)
            browser.set_viewport(WIDTH, HEIGHT)
            if options.motion:
                browser.set_reduced_motion(False)
            browser.navigate(page_url)
            # A row in the middle of the second section (a multiple one: each tap flips it; in All, it moves down,
            # then back up).
            row = f"row-2-{options.rows // options.sections // 2}"
            controls = ["select"]
            if options.mode == "all":
                old = browser.document_root()
                browser.find_element(By.ID, "edit-mode-all").tap()
                browser.wait_for_document(old)
                controls = ["down", "up"]
                # The page in All, for its bytes.
                cookie = "; ".join(f"{c['name']}={c['value']}" for c in browser.cookies())
                plain, plain_encoding, decoded = fetch(page_url, gzip_ok=False, cookie=cookie)
                wire, encoding, _ = fetch(page_url, gzip_ok=True, cookie=cookie)
            walls, durations, loads = [], [], []
            for tap in range(options.taps):
                control = controls[tap % len(controls)]
                button = browser.find_element(By.ID, f"row_{row}_{control}")
                old = browser.document_root()
                started = time.perf_counter()
                button.tap()
                browser.wait_for_document(old)
                walls.append((time.perf_counter() - started) * 1000)
                landed = browser.current_url().split("#")[-1]
                box = browser.execute("const r = document.getElementById(arguments[0]).getBoundingClientRect();"
                                      "return [r.top, r.bottom, innerHeight];", landed)
                if not (-1 <= box[0] and box[1] <= box[2] + 1):
                    print(f"large-table-tap: the tapped row is at {box[0]:.0f}–{box[1]:.0f} px, outside the window",
                          file=sys.stderr)
                    return 1
                entry = navigation(browser)
                durations.append(entry["duration"])
                loads.append(entry)
            if not browser.current_url().split("#")[-1].startswith(f"row_{row}_"):
                print(f"large-table-tap: the tap landed at {browser.current_url()}, not at its row", file=sys.stderr)
                return 1
        finally:
            if browser is not None:
                browser.quit()
            server.stop()

    last = loads[-1]
    what = "one row's selection tapped" if options.mode == "off" else "in edit mode All, one row moved down and up"
    print(f"large-table-tap: {options.rows} rows in {options.sections} sections, Chromium {WIDTH}×{HEIGHT}, "
          f"JavaScript off{', motion allowed' if options.motion else ''}; {what} (POST, 303, GET)")
    print(summary("wall", walls))
    print(summary("browser", durations))
    phases = {name: statistics.median(entry[name] for entry in loads) for name in ("post", "get", "parse", "rest")}
    print("phases   " + "   ".join(f"{name} {value:.1f} ms" for name, value in phases.items()) + "   (medians)")
    print(f"page     {decoded} bytes uncompressed, {decoded / options.rows:.0f} bytes per row")
    print(f"wire     Chromium received {last['transferSize']} bytes for the page after a tap (body "
          f"{last['encodedBodySize']} encoded, {last['decodedBodySize']} decoded; "
          f"{last['redirects']} redirect(s) before it)")
    print(f"         GET with Accept-Encoding: gzip → Content-Encoding {encoding}, {wire} body bytes; "
          f"without → {plain_encoding}, {plain} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
