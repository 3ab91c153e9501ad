#!/usr/bin/env python3
"""A restart with many stored visitors: how long `serve --database` takes from exec to "listening on".

Starts BINARY with a fresh database on SPEC §8's reference table (make-table.py), makes one visitor select a row,
stops the server (SIGTERM), then copies that visitor's row in the database VISITORS times under fresh session ids
(Python's sqlite3, the same file), and starts the server RESTARTS times, timing each from the exec to its first
line on standard output; every restart restores all the visitors (checked on a sample of them through
`state.json`). Prints the times, the median, the CPU time of the start and the database's size.
This measures the time a person waits for the server after a restart; quote the load average beside it.
Usage: Benchmarks/restart.py BINARY [VISITORS=10000] [RESTARTS=5]
"""
import http.client
import os
import re
import secrets
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.parse

binary = sys.argv[1]
visitors = int(sys.argv[2]) if len(sys.argv) > 2 else 10000
restarts = int(sys.argv[3]) if len(sys.argv) > 3 else 5
here = os.path.dirname(os.path.abspath(__file__))


def start(database, tables):
    began = time.monotonic()
    process = subprocess.Popen(
        [binary, "serve", "--port", "0", "--quiet", "--tables", tables, "--database", database,
         "--max-sessions", str(max(10000, visitors))],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    elapsed = time.monotonic() - began
    match = re.match(r"listening on http://127\.0\.0\.1:(\d+)/", line)
    if not match:
        process.kill()
        sys.exit(f"restart: the server did not start: {line!r} {process.stderr.read()!r}")
    return process, int(match.group(1)), elapsed


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def request(port, method, path, cookie=None, body=None):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Cookie": cookie} if cookie else {}
    if body is not None:
        headers.update({"Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{port}"})
    connection.request(method, path, body=body, headers=headers)
    response = connection.getresponse()
    return response.status, response.getheader("Set-Cookie"), response.read().decode()


load_before = open("/proc/loadavg").read().split()[:3]
with tempfile.TemporaryDirectory() as work:
    tables = os.path.join(work, "reference.json")
    with open(tables, "w") as out:
        subprocess.run([sys.executable, os.path.join(here, "make-table.py"), "30"], stdout=out, check=True)
    database = os.path.join(work, "state", "visitors.sqlite")

    process, port, _ = start(database, tables)
    status, set_cookie, page = request(port, "GET", "/tables/reference")
    cookie = set_cookie.split(";")[0]
    token = re.search(r'name="csrf" value="([-_0-9A-Za-z]+)"', page).group(1)
    status, set_cookie, _ = request(port, "POST", "/tables/reference/rows/row-2-1/select", cookie,
                                    "csrf=" + urllib.parse.quote(token))
    assert status == 303, status
    visitor = set_cookie.split(";")[0]
    process.terminate()
    process.wait()

    with sqlite3.connect(database) as db:
        (row_id,) = db.execute("SELECT id FROM sessions").fetchone()
        ids = [secrets.token_hex(16) for _ in range(visitors - 1)]
        db.executemany(
            "INSERT INTO sessions (id, last_used, returned, tables) "
            "SELECT ?, last_used, returned, tables FROM sessions WHERE id = ?",
            [(new, row_id) for new in ids])
    db.close()
    size = sum(os.path.getsize(os.path.join(os.path.dirname(database), name))
               for name in os.listdir(os.path.dirname(database)))

    times, cpu = [], []
    for _ in range(restarts):
        process, port, elapsed = start(database, tables)
        times.append(elapsed)
        cpu.append(cpu_seconds(process.pid))
        for sample in [visitor] + ["tableview_session=" + ids[i] for i in range(0, len(ids), max(1, len(ids) // 20))]:
            status, _, text = request(port, "GET", "/tables/reference/state.json", sample)
            if "row-2-1" not in text:
                sys.exit(f"restart: {sample} was not restored: {text[:200]}")
        process.terminate()
        process.wait()

    times.sort()
    print(f"load average before the run: {' '.join(load_before)}")
    print(f"{visitors} stored visitors, database {size} bytes")
    print("exec to 'listening on': " + ", ".join(f"{t:.2f} s" for t in times)
          + f"; median {times[len(times) // 2]:.2f} s; CPU of the start {sorted(cpu)[len(cpu) // 2]:.2f} s")
