#!/usr/bin/env python3
"""Sends requests over one keep-alive connection, for callgrind's instruction counts per request.

Usage: Benchmarks/instructions.py URL COUNT [--cookie C] [--post BODY --origin O]
Prints nothing; exits 1 naming the status when a response is not the expected one (200 for GET,
303 for POST), so a count never includes error pages.
"""
import argparse
import http.client
import sys
import urllib.parse

parser = argparse.ArgumentParser()
parser.add_argument("url")
parser.add_argument("count", type=int)
parser.add_argument("--cookie")
parser.add_argument("--post")
parser.add_argument("--origin")
arguments = parser.parse_args()

url = urllib.parse.urlsplit(arguments.url)
connection = http.client.HTTPConnection(url.hostname, url.port)
headers = {"Cookie": arguments.cookie} if arguments.cookie else {}
if arguments.post is not None:
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    headers["Origin"] = arguments.origin
expected = 303 if arguments.post is not None else 200
for _ in range(arguments.count):
    connection.request("POST" if arguments.post is not None else "GET", url.path, body=arguments.post,
                       headers=headers)
    response = connection.getresponse()
    response.read()
    if response.status != expected:
        sys.exit(f"instructions.py: {arguments.url} answered {response.status}, not {expected}")
