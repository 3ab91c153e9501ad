#!/usr/bin/env bash
# Find in a 100,000-row table (SPEC §10, "Find"): server time per search, by the kind of query.
#
# The release `tableview` serves make-table.py's table of ROWS rows (100,000 by default) in 4 sections; a visitor
# with state (a GET, then a POST selecting one row) asks for `/tables/reference?q=…`, one request at a time
# (`wrk -t1 -c1 --latency`, so the latency is the server's time plus loopback), for each query in turn:
#   rare     — one row matches ("Row 12345 of section 3")
#   common   — a quarter of the rows match ("section 2"): the page shows the first --window-rows (200)
#   none     — nothing matches
#   wide     — full-width capitals, folded before the search ("ＲＯＷ　１２３４５")
# Prints, per query, requests/s, CPU time per request (user + system of the server, from /proc), p50 and p99
# latency and the page's size; and the server's start-up time (it folds every row's texts once, at load), with the
# load average before the run.
# Usage: Benchmarks/find.sh   (environment: ROWS=100000, DURATION=10s)
set -euo pipefail
cd "$(dirname "$0")/.."

rows=${ROWS:-100000}
duration=${DURATION:-10s}
wrk_options=(-t1 -c1 "-d$duration" --latency)

source Benchmarks/lib.sh
require_tools wrk curl python3

build_release_tableview
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
make_workspace

python3 Benchmarks/make-table.py "$rows" 4 >"$work/reference.json"

started=$(date +%s%N)
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json"
startup_ms=$(( ($(date +%s%N) - started) / 1000000 ))
make_visitor "$server_url"

declare -A queries=(
    [rare]="Row%2012345%20of%20section%203"
    [common]="section%202"
    [none]="zzz"
    [wide]="%EF%BC%B2%EF%BC%AF%EF%BC%B7%E3%80%80%EF%BC%91%EF%BC%92%EF%BC%93%EF%BC%94%EF%BC%95"
)
results=()
for name in rare common none wide; do
    url="${page_url}?q=${queries[$name]}"
    size=$(curl -fsS -b "$work/jar" -o /dev/null -w '%{size_download}' "$url")
    read -r rate cpu p99 < <(measure "$name" "$url" "$server_pid" 1 -H "Cookie: $cookie")
    p50=$(awk '$1 == "50%" { print $2 }' "$work/$name-1.wrk")
    results+=("$(printf '%-7s %9s requests/s  %9s us CPU/request  p50 %-9s p99 %7s ms  %8s bytes' \
        "$name" "$rate" "$cpu" "$p50" "$p99" "$size")")
done

echo
echo "find in $rows rows, load average before: $load_before; start-up (load and fold every row): $startup_ms ms"
printf '%s\n' "${results[@]}"
