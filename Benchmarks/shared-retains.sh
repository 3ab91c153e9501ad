#!/usr/bin/env bash
# Which objects a warm request counts references to, and which of them both worker threads count: gdb attached to
# the release tableview serving the reference table, a breakpoint that never stops on each of the Swift runtime's
# retain and release entry points (Benchmarks/shared-retains.py), then REQUESTS requests of the visitor's, each on a
# connection of its own so that both worker threads serve some. It prints the retains per request by the object's
# type and the caller, those of objects more than one thread counted ("shared") first: each of those is a cache
# line several cores write on every request, which callgrind's instruction count does not show. The runtime's own bookkeeping and the server's timers are left out.
# Usage: Benchmarks/shared-retains.sh [get|post] [REQUESTS]   (default: get 8; needs gdb)
set -euo pipefail
cd "$(dirname "$0")/.."

kind=${1:-get}
requests=${2:-8}
[[ $kind == get || $kind == post ]] || { echo "usage: $0 [get|post] [REQUESTS]" >&2; exit 2; }
source Benchmarks/lib.sh
require_tools curl gdb python3
build_release_tableview
make_workspace

python3 Benchmarks/make-table.py 30 >"$work/reference.json"
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json"
make_visitor "$server_url"
request() {
    if [[ $kind == get ]]; then
        curl -fsS -o /dev/null -H "Cookie: $cookie" "$page_url"
    else
        curl -sS -o /dev/null -b "$work/jar" -H "Origin: ${server_url%/}" --data "$post_body" "$post_url"
    fi
}
for _ in $(seq 20); do request; done  # warm: the cached page, prepared responses and memos

export SHARED_RETAINS_OUT="$work/counts.txt"
gdb -q -batch -ex "set pagination off" -ex "source Benchmarks/shared-retains.py" -ex continue -p "$server_pid" \
    >"$work/gdb.out" 2>&1 &
gdb_pid=$!
for _ in $(seq 100); do [[ -e "$SHARED_RETAINS_OUT" ]] && break; sleep 0.2; done
sleep 1  # the breakpoints are set once the file is open
for _ in $(seq "$requests"); do request; done
sleep 0.5
recorded=$(wc -l <"$SHARED_RETAINS_OUT")  # what follows is the detaching, not a request
kill -INT "$gdb_pid" 2>/dev/null || true
wait "$gdb_pid" 2>/dev/null || true

echo "$kind: $requests requests, each on a connection of its own; retains per request of each object's type,"
echo "from each caller, the objects that more than one thread counted (shared) first"
head -n "$recorded" "$SHARED_RETAINS_OUT" | swift demangle --simplified | awk -v requests="$requests" -F' [|] ' '
    # The storage of empty arrays is immortal: retaining it writes nothing.
    $1 !~ /^retain / || $1 ~ /__EmptyArrayStorage/ || $2 ~ /cutSlowHeaders|dispatch|_swift_|swift::/ { next }
    {
        split($1, f, " "); thread = f[2]; object = f[3]
        type = $1; sub(/^[^ ]+ [^ ]+ [^ ]+ /, "", type); sub(/^(full )?type metadata for /, "", type)
        sub(/^No symbol matches.*/, "?", type)
        key = type "\t" $2; count[object, key]++
        if (!((object, thread) in seen)) { seen[object, thread] = 1; threads[object]++ }
    }
    END {
        for (pair in count) {
            split(pair, p, SUBSEP); object = p[1]; key = p[2]
            total[(threads[object] > 1 ? "shared" : "own") "\t" key] += count[pair]
        }
        for (line in total) { split(line, l, "\t"); printf "%-6s %6.2f  %s  (%s)\n", l[1], total[line] / requests, l[2], l[3] }
        for (object in threads) if (threads[object] > 1) shared++
        printf "%d\n", shared > summary
    }' summary="$work/shared" | sort -k1,1r -k2,2nr | cut -c1-180
echo "objects counted by more than one thread: $(cat "$work/shared")"
