#!/usr/bin/env bash
# Memory per stored session: the server's resident set before and after VISITORS visitors who each changed
# one thing (a GET for the cookie and token, then one POST selecting a row of SPEC §8's reference table).
# Usage: Benchmarks/session-memory.sh   (environment: VISITORS=20000; ROWS=30 SECTIONS=3 the table's shape, e.g.
# ROWS=2000 SECTIONS=4 for SPEC §10's large table; the visitors select rows of the second section)
set -euo pipefail
cd "$(dirname "$0")/.."

visitors=${VISITORS:-20000}
source Benchmarks/lib.sh
require_tools python3

build_release_tableview

make_workspace

python3 Benchmarks/make-table.py "${ROWS:-30}" "${SECTIONS:-3}" >"$work/reference.json"
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json" \
    --max-sessions $((visitors * 2))
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }

python3 Benchmarks/visitors.py "$server_url" 200 >/dev/null  # warm up: allocator arenas, first pages
before=$(rss_kib)
python3 Benchmarks/visitors.py "$server_url" "$visitors"
after=$(rss_kib)
awk -v b="$before" -v a="$after" -v n="$visitors" \
    -v rows="${ROWS:-30}" -v sections="${SECTIONS:-3}" \
    'BEGIN { printf "%d rows in %d sections: RSS before %d KiB, after %d KiB: %.0f bytes per stored session (%d visitors)\n", rows, sections, b, a, (a - b) * 1024 / n, n }'
