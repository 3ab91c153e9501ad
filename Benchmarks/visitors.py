#!/usr/bin/env python3
"""Simulates COUNT visitors of SERVER_URL's reference table who each change one thing: a GET for the session
cookie and CSRF token, then a POST selecting one row. Used by session-memory.sh.
Usage: visitors.py SERVER_URL COUNT
"""
import http.client
import re
import sys
import urllib.parse

url = urllib.parse.urlsplit(sys.argv[1])
count = int(sys.argv[2])
connection = http.client.HTTPConnection(url.hostname, url.port)
token_pattern = re.compile(rb'name="csrf" value="([-_0-9A-Za-z]+)"')
for visitor in range(count):
    connection.request("GET", "/tables/reference")
    response = connection.getresponse()
    page = response.read()
    cookie = response.getheader("Set-Cookie").split(";")[0]
    token = token_pattern.search(page).group(1).decode()
    row = f"row-2-{visitor % 10 + 1}"
    connection.request("POST", f"/tables/reference/rows/{row}/select", body=f"csrf={token}",
                       headers={"Cookie": cookie, "Content-Type": "application/x-www-form-urlencoded",
                                "Origin": f"http://{url.netloc}"})
    response = connection.getresponse()
    response.read()
    if response.status != 303:
        sys.exit(f"visitor {visitor}: POST answered {response.status}")
print(f"{count} visitors each changed one thing")
