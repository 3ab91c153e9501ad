#!/usr/bin/env bash
# Where the flat-out GET's tail waits: `perf sched` over 2 seconds of `wrk -t2 -c64` against tableview's cached
# table page, then against nginx serving the same bytes. For each side it prints wrk's percentiles and, per thread
# (the server's workers and wrk's), how often it was put on a core, how long it ran at most, and how long it waited
# runnable for a core on average and at most. With wrk on the same two cores as the server, its waits are in every
# latency it reports.
# Usage: Benchmarks/scheduling.sh   (needs perf: apt-get install linux-perf; run as root)
set -euo pipefail
cd "$(dirname "$0")/.."

wrk_options=(-t2 -c64 -d5s --latency)
source Benchmarks/lib.sh
require_tools wrk nginx curl perf python3
build_release_tableview
load_before=$(cut -d' ' -f1-3 /proc/loadavg)
make_workspace

python3 Benchmarks/make-table.py 30 >"$work/reference.json"
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json"
page_url="${server_url}tables/reference"
curl -fsS -c "$work/jar" "$page_url" -o "$work/www.html"
cookie=$(awk '$6 == "tableview_session" { print $6 "=" $7 }' "$work/jar")
mkdir -p "$work/www"
mv "$work/www.html" "$work/www/index.html"
serve_with_nginx

echo "load average before the run: $load_before"
for side in tableview nginx; do
    if [[ $side == tableview ]]; then url=$page_url; else url=$nginx_url; fi
    wrk "${wrk_options[@]}" -H "Cookie: $cookie" "$url" >"$work/wrk.txt" &
    wrk_pid=$!
    sleep 1.5  # past the connections' start
    perf sched record -o "$work/$side.data" -- sleep 2 >/dev/null 2>&1
    wait "$wrk_pid"
    echo "$side: wrk $(awk '/^ +(50|90|99)%/ { printf "%s %s  ", $1, $2 } /^Requests\/sec/ { printf "%s/s", $2 }' "$work/wrk.txt")"
    perf sched latency -i "$work/$side.data" 2>/dev/null |
        awk -F'|' '$1 ~ /MHD-single|nginx|wrk/ {
            gsub(/ +/, " "); printf "  %-16s switches %6d  waited for a core: %s, %s\n", $1, $3, $4, $5 }'
    perf sched timehist -i "$work/$side.data" -s 2>/dev/null |
        awk '/Runtime summary/ { on = 1 } on && $1 ~ /^(MHD-single|nginx|wrk)\[/ {
            printf "  %-26s ran %5d times, at most %s ms\n", $1, $3, $7 }'
done
