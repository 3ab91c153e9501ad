#!/usr/bin/env bash
# What a visitor costs in a 100,000-row table. VISITORS visitors each delete one row; prints the
# server's resident set per visitor, then stops it (SIGTERM saves the state file) and prints the state file's
# size and how long a restart takes to restore it and print its "listening on" line.
# Usage: Benchmarks/large-table-memory.sh   (environment: VISITORS=5000, BINARY=path/to/tableview to skip the
# release build)
set -euo pipefail
cd "$(dirname "$0")/.."

visitors=${VISITORS:-5000}
source Benchmarks/lib.sh
require_tools python3
if [[ -n "${BINARY:-}" ]]; then binary=$BINARY; else build_release_tableview; fi
make_workspace

python3 - "$work/tables.json" <<'PYTHON'
import json, sys
rows = [{"id": f"r{i}", "title": f"Row {i}"} for i in range(100000)]
json.dump({"tables": [
    {"id": "tiny", "title": "Tiny", "sections": [{"id": "s", "title": "S", "rows": [{"id": "a", "title": "A"}]}]},
    {"id": "big", "title": "Big", "editModes": ["all"], "sections": [{"id": "s", "title": "S", "rows": rows}]},
]}, open(sys.argv[1], "w"))
PYTHON
arguments=(serve --port 0 --quiet --tables "$work/tables.json" --max-sessions $((visitors * 2))
    --state-file "$work/sessions.json" --save-interval 3600)
start_listening_server "$binary" "${arguments[@]}"
stop_server() { kill -TERM "$server_pid"; wait "$server_pid"; server_pid=""; }
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server_pid/status"; }

# Warm up every worker thread: each connection stays on one, and a thread's first big-table POST leaves a malloc
# arena of its own (about 8 MB here) that later visitors reuse, so it is not a visitor's cost. Eight connections
# reach both of two threads but for one run in 128.
for _ in $(seq 8); do python3 Benchmarks/large-table-visitors.py "$server_url" 5 >/dev/null; done
before=$(rss_kib)
python3 Benchmarks/large-table-visitors.py "$server_url" "$visitors"
after=$(rss_kib)
awk -v b="$before" -v a="$after" -v n="$visitors" \
    'BEGIN { printf "RSS before %d KiB, after %d KiB: %.0f bytes per visitor (%d visitors)\n", b, a, (a - b) * 1024 / n, n }'
stop_server
printf 'state file: %d bytes for %d visitors\n' "$(stat -c %s "$work/sessions.json")" "$((visitors + 40))"
started=$(date +%s.%N)
start_listening_server "$binary" "${arguments[@]}"
listening=$(date +%s.%N)
awk -v s="$started" -v l="$listening" 'BEGIN { printf "restart to the listening line: %.2f s\n", l - s }'
stop_server
