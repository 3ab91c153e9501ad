#!/usr/bin/env bash
# Memory per stored session: the server's resident set before and after VISITORS visitors who each changed
# one thing (a GET for the cookie and token, then one POST selecting a row of SPEC §8's reference table).
# Usage: Benchmarks/session-memory.sh   (environment: VISITORS=20000)
set -euo pipefail
cd "$(dirname "$0")/.."

visitors=${VISITORS:-20000}
source Benchmarks/lib.sh
require_tools python3

build_release_tableview

make_workspace

python3 Benchmarks/make-table.py 30 >"$work/reference.json"
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json" \
    --max-sessions $((visitors * 2))
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }

python3 Benchmarks/visitors.py "$server_url" 200 >/dev/null  # warm up: allocator arenas, first pages
before=$(rss_kib)
python3 Benchmarks/visitors.py "$server_url" "$visitors"
after=$(rss_kib)
awk -v b="$before" -v a="$after" -v n="$visitors" \
    'BEGIN { printf "RSS before %d KiB, after %d KiB: %.0f bytes per stored session (%d visitors)\n", b, a, (a - b) * 1024 / n, n }'
