#!/usr/bin/env python3
"""Issue 13's memory scenario: COUNT visitors of a 100,000-row table who each delete one row. Each visitor GETs the
tiny table for its session cookie and CSRF token, switches the big table to edit mode All and deletes one row
(the redirects are not followed, as a script would not). Used by large-table-memory.sh.
Usage: large-table-visitors.py SERVER_URL COUNT
"""
import http.client
import re
import sys
import urllib.parse

url = urllib.parse.urlsplit(sys.argv[1])
count = int(sys.argv[2])
connection = http.client.HTTPConnection(url.hostname, url.port)
token_pattern = re.compile(rb'name="csrf" value="([-_0-9A-Za-z]+)"')


def post(path, body, cookie):
    connection.request("POST", path, body=body, headers={
        "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://{url.netloc}"})
    response = connection.getresponse()
    response.read()
    if response.status != 303:
        sys.exit(f"POST {path} answered {response.status}")


for visitor in range(count):
    connection.request("GET", "/tables/tiny")
    response = connection.getresponse()
    page = response.read()
    cookie = response.getheader("Set-Cookie").split(";")[0]
    token = token_pattern.search(page).group(1).decode()
    post("/tables/big/edit-mode", f"csrf={token}&mode=all", cookie)
    post(f"/tables/big/rows/r{(visitor * 7919) % 100000}/deletion", f"csrf={token}", cookie)
print(f"{count} visitors each deleted one row of 100,000")
