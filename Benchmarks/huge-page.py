#!/usr/bin/env python3
"""The huge page: what the largest page of a 100,000-row table costs the server.

Starts BINARY on a table of ROWS rows (environment, default 100000) in SECTIONS sections (default 1; 50 makes the
table the second outside review built, 50 sections of 2,000 rows) and a tiny table for the session, switches the
visitor to edit mode All, then measures
- the CPU time (user + system, from /proc/PID/stat) the server spends per GET of that page, over GETS requests
  read to the end, without Accept-Encoding;
- the resident set (VmRSS) the server holds while CONNECTIONS clients have asked for the page and read nothing,
  against the resident set before they asked, and the kernel's TCP buffer memory meanwhile (/proc/net/sockstat,
  every socket of the machine: the part of each answer already handed to the kernel).
This measures cost, not speed: it compares nothing and is fine on a shared machine (quote the load average).
Usage: [ROWS=100000] Benchmarks/huge-page.py BINARY [CONNECTIONS=20] [GETS=5] [extra serve arguments…]
"""
import http.client
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

binary = sys.argv[1]
connections = int(sys.argv[2]) if len(sys.argv) > 2 else 20
gets = int(sys.argv[3]) if len(sys.argv) > 3 else 5
extra = sys.argv[4:]
clock_ticks = os.sysconf("SC_CLK_TCK")


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        return next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))


def tcp_buffer_kib():
    with open("/proc/net/sockstat") as sockstat:
        fields = next(line for line in sockstat if line.startswith("TCP:")).split()
    return int(fields[fields.index("mem") + 1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def cpu_seconds(pid):
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / clock_ticks  # utime, stime


with tempfile.TemporaryDirectory() as work:
    tables = os.path.join(work, "tables.json")
    count, sections = int(os.environ.get("ROWS", "100000")), int(os.environ.get("SECTIONS", "1"))
    rows = [{"id": f"r{i}", "title": f"Row {i}"} for i in range(count)]
    per_section = (count + sections - 1) // sections
    with open(tables, "w") as file:
        json.dump({"tables": [
            {"id": "tiny", "title": "Tiny", "sections": [{"id": "s", "title": "S", "rows": [{"id": "a", "title": "A"}]}]},
            {"id": "big", "title": "Big", "editModes": ["all"], "sections": [
                {"id": f"s{n}", "title": f"S{n}", "rows": rows[n * per_section:(n + 1) * per_section]}
                for n in range(sections)]},
        ]}, file)
    server = subprocess.Popen([binary, "serve", "--port", "0", "--quiet", "--tables", tables, *extra],
                              stdout=subprocess.PIPE, text=True)
    try:
        port = int(re.search(r":(\d+)/", server.stdout.readline()).group(1))
        client = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        client.request("GET", "/tables/tiny")
        response = client.getresponse()
        page = response.read()
        cookie = response.getheader("Set-Cookie").split(";")[0]
        token = re.search(rb'name="csrf" value="([-_0-9A-Za-z]+)"', page).group(1).decode()
        client.request("POST", "/tables/big/edit-mode", body=f"csrf={token}&mode=all", headers={
            "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://127.0.0.1:{port}"})
        response = client.getresponse()
        response.read()
        assert response.status == 303, response.status
        # The first stored state may come with a new session id.
        if response.getheader("Set-Cookie"):
            cookie = response.getheader("Set-Cookie").split(";")[0]

        def get():
            client.request("GET", "/tables/big", headers={"Cookie": cookie})
            response = client.getresponse()
            body = response.read()
            assert response.status == 200, response.status
            return len(body)

        size = get()  # warm
        before = cpu_seconds(server.pid)
        for _ in range(gets):
            get()
        per_get = (cpu_seconds(server.pid) - before) / gets
        client.close()
        time.sleep(1)
        rss_before, tcp_before = rss_kib(server.pid), tcp_buffer_kib()
        request = f"GET /tables/big HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n\r\n".encode()
        sockets = []
        for _ in range(connections):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.sendall(request)
            sockets.append(sock)
        time.sleep(3 + gets * per_get * connections / max(gets, 1))
        rss_held, tcp_held = rss_kib(server.pid), tcp_buffer_kib()
        for sock in sockets:
            sock.close()
        print(f"page: {size:,} bytes (edit mode All, no gzip)")
        print(f"CPU per GET: {per_get * 1000:.1f} ms (user + system over {gets} GETs)")
        print(f"VmRSS: {rss_before:,} KiB before, {rss_held:,} KiB with {connections} connections not reading: "
              f"{(rss_held - rss_before) / 1024:,.0f} MiB held")
        print(f"TCP buffers: {tcp_before:,} KiB before, {tcp_held:,} KiB with them")
        print(f"load average: {open('/proc/loadavg').read().split()[:3]}")
    finally:
        server.terminate()
        server.wait()
