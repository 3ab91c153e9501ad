#!/usr/bin/env bash
# Render cost as the table grows: the median time of a GET of the whole table page for a visitor with state,
# at 5,000, 10,000 and 20,000 rows (SPEC §8's shape, make-table.py). Pages this large are never cached, so
# every GET renders. Sections are shown whole (--max-section-rows at its largest): the server's own limit shows a
# section of more than 2,000 rows in windows of 200, whose cost does not grow with the table. SIZES entries may
# name a shape, ROWSxSECTIONS: "2000x4 100000x1" are SPEC §10's large tables.
# Usage: Benchmarks/render-scale.sh   (environment: SIZES="5000 10000 20000", RUNS=21)
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=${SIZES:-5000 10000 20000}
runs=${RUNS:-21}
source Benchmarks/lib.sh
require_tools curl python3

build_release_tableview

make_workspace

declare -A median_ms
for size in $sizes; do
    rows=${size%x*}
    sections=3
    [[ $size == *x* ]] && sections=${size#*x}
    python3 Benchmarks/make-table.py "$rows" "$sections" >"$work/table.json"
    # The visitor selects a row of the second section, or of the only one.
    row=row-2-1
    ((sections > 1)) || row=row-1-1
    start_listening_server "$binary" serve --port 0 --quiet --tables "$work/table.json" \
        --max-section-rows 1000000000
    page_url="${server_url}tables/reference"
    rm -f "$work/jar"
    curl -fsS -c "$work/jar" "$page_url" -o "$work/page.html"
    token=$(sed -n 's/.*name="csrf" value="\([-_0-9A-Za-z]*\)".*/\1/p' "$work/page.html" | sed -n 1p)
    # The visitor's first stored state comes with a new session cookie.
    curl -sS -o /dev/null -b "$work/jar" -c "$work/jar" -H "Origin: ${server_url%/}" \
        -H 'Content-Type: application/x-www-form-urlencoded' --data "csrf=$token" \
        "${server_url}tables/reference/rows/$row/select"
    curl -fsS -b "$work/jar" "$page_url" -o /dev/null  # warm up
    for _ in $(seq "$runs"); do
        curl -fsS -b "$work/jar" -o /dev/null -w '%{time_total}\n' "$page_url"
    done >"$work/times"
    median_ms[$size]=$(awk '{ print $1 * 1000 }' "$work/times" | median)
    printf '%6d rows in %d sections: page %9d bytes, median GET %.2f ms over %d runs\n' "$rows" "$sections" \
        "$(wc -c <"$work/page.html")" "${median_ms[$size]}" "$runs"
    kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
done
if [[ -n "${median_ms[10000]:-}" && -n "${median_ms[20000]:-}" ]]; then
    awk -v a="${median_ms[20000]}" -v b="${median_ms[10000]}" 'BEGIN { printf "20k / 10k: %.2f\n", a / b }'
fi
