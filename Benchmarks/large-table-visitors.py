#!/usr/bin/env python3
"""The large-table memory scenario: COUNT visitors of a 100,000-row table who each delete one row. Each visitor GETs the
tiny table for its session cookie and CSRF token, switches the big table to edit mode All (which stores its state
under a new session id, so it GETs the tiny table again for that id's token) and deletes one row (the redirects are
not followed, as a script would not). Used by large-table-memory.sh.
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
    """Posts a form; returns the cookie to go on with (the first stored state comes with a new session id)."""
    connection.request("POST", path, body=body, headers={
        "Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded", "Origin": f"http://{url.netloc}"})
    response = connection.getresponse()
    response.read()
    if response.status != 303:
        sys.exit(f"POST {path} answered {response.status}")
    return (response.getheader("Set-Cookie") or cookie).split(";")[0]


def session(cookie=None):
    """The cookie and CSRF token of a GET of the tiny table, with `cookie` or as a new visitor."""
    connection.request("GET", "/tables/tiny", headers={"Cookie": cookie} if cookie else {})
    response = connection.getresponse()
    page = response.read()
    cookie = cookie or response.getheader("Set-Cookie").split(";")[0]
    return cookie, token_pattern.search(page).group(1).decode()


for visitor in range(count):
    cookie, token = session()
    cookie, token = session(post("/tables/big/edit-mode", f"csrf={token}&mode=all", cookie))
    post(f"/tables/big/rows/r{(visitor * 7919) % 100000}/deletion", f"csrf={token}", cookie)
print(f"{count} visitors each deleted one row of 100,000")
