#!/usr/bin/env bash
# The table page of a visitor with state, and an idempotent POST, against nginx serving the same bytes; then the
# same GET with the access log on; then instructions per request (callgrind) on both sides; then the render.
#
# The release `tableview` serves SPEC §8's reference table (3 sections × 10 rows, made by make-table.py); a
# visitor selects one row; the page that visitor gets is saved and served by nginx as a static file.
#   (a) GET  — wrk --latency with the visitor's cookie against tableview, then nginx, alternated A B A B.
#   (b) POST — wrk posting the idempotent "select row-2-1" form (answered 303) against tableview, compared
#       with nginx serving the page.
#   (p) the same three paced: each connection waits PACE ms (wrk's Lua `delay()`) before its next request, so
#       both servers answer the same rate, about half of what they reach flat out, and their p99 latencies
#       compare service at equal load rather than how four busy threads share two cores.
#   (f) POSTs that each change the state — 128 visitors, each selecting and deselecting row-2-1 in turn — against
#       the server without a database, with `--database`, and with `--database --database-sync full`, compared with
#       nginx serving the page (SPEC §11: each 303 waits for its commit).
#   (c) GET with the access log on, to a file, on both sides (nginx's own `access_log` to a file).
#   (d) instructions per request: each server under callgrind, N requests on one keep-alive connection.
#   (e) the 30-row render: `render-bench`, and its instructions per render under callgrind.
# Prints requests/s, CPU time per request, p99 latency and the ratios (median of the rounds), with the load
# average before the run: a loaded machine makes the slower side look closer than it is.
# Usage: Benchmarks/table-page.sh   (environment: DURATION=10s, ROUNDS=4, PACE=1 (0 skips p), DATABASE=1 (0 skips
# f), INSTRUCTIONS=1 (0 skips d), RENDER=1)
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-10s}
rounds=${ROUNDS:-4}
wrk_options=(-t2 -c64 "-d$duration" --latency)

source Benchmarks/lib.sh
require_tools wrk nginx curl python3

build_release_tableview
[[ ${RENDER:-1} == 0 ]] || swift build -c release --product render-bench >&2

load_before=$(cut -d' ' -f1-3 /proc/loadavg)
make_workspace

python3 Benchmarks/make-table.py 30 >"$work/reference.json"

# visit URL: makes a visitor on the server at URL (make_visitor, Benchmarks/lib.sh) and the wrk scripts of their
# POST, flat out and paced.
visit() {
    local url=$1
    make_visitor "$url"
    cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = "$post_body"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Origin"] = "${url%/}"
wrk.headers["Cookie"] = "$cookie"
LUA
    echo "function delay() return ${PACE:-1} end" >"$work/paced.lua"
    cat "$work/post.lua" "$work/paced.lua" >"$work/post-paced.lua"
}

# --- a visitor with state, and nginx with the same bytes ---------------------------------------------------
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json"
visit "$server_url"
mkdir -p "$work/www"
cp "$work/visited.html" "$work/www/index.html"

serve_with_nginx
curl -fsS "$nginx_url" -o "$work/nginx.html"
cmp -s "$work/nginx.html" "$work/www/index.html" || { echo "table-page: nginx sends other bytes" >&2; exit 1; }

# changing_visitors URL NAME: makes 128 visitors on the server at URL and the wrk script NAME.lua in which each of
# wrk's two threads takes turns over its 64 visitors, each request deselecting or selecting row-2-1 for the next
# of them — more visitors than a thread has connections, so a visitor's previous request has been answered and
# each request changes its state.
changing_visitors() {
    local url=$1 name=$2 index
    {
        echo 'local visitors = {}'
        for index in $(seq 128); do
            make_visitor "$url"
            echo "visitors[$index] = { cookie = \"$cookie\", body = \"$post_body\" }"
        done
        cat <<LUA
local origin = "${url%/}"
local threads = 0
function setup(thread) thread:set("first", threads * 64); threads = threads + 1 end
local n = 0
function request()
    local visitor = visitors[first + n % 64 + 1]
    local action = (math.floor(n / 64) % 2 == 0) and "deselect" or "select"
    n = n + 1
    return wrk.format("POST", "/tables/reference/rows/row-2-1/" .. action, {
        ["Cookie"] = visitor.cookie, ["Origin"] = origin,
        ["Content-Type"] = "application/x-www-form-urlencoded" }, visitor.body)
end
LUA
    } >"$work/$name.lua"
}

declare -A rate cpu p99
# run NAME ROUND: one wrk run of NAME, recorded as NAME-ROUND. NAME is get, nginx or post (against the server or
# nginx running now); with "paced" after it, each connection waits PACE ms between requests; with "log" after it,
# the same run under another name (the servers were restarted with their access logs on).
run() {
    local name=$1 round=$2 paced=() post_script=$work/post.lua r c p
    if [[ $name == *paced ]]; then paced=(-s "$work/paced.lua") post_script=$work/post-paced.lua; fi
    case ${name%paced} in
        get|getlog) read -r r c p < <(measure "$name" "$page_url" "$server_pid" "$round" -H "Cookie: $cookie" "${paced[@]}") ;;
        nginx|nginxlog) read -r r c p < <(measure "$name" "$nginx_url" "$nginx_pid" "$round" "${paced[@]}") ;;
        post) read -r r c p < <(measure "$name" "$post_url" "$server_pid" "$round" -s "$post_script") ;;
        change) read -r r c p < <(measure "$name" "$server_url" "$server_pid" "$round" -s "$work/change.lua") ;;
        changedb) read -r r c p < <(measure "$name" "$db_url" "$db_pid" "$round" -s "$work/changedb.lua") ;;
        changefull) read -r r c p < <(measure "$name" "$full_url" "$full_pid" "$round" -s "$work/changefull.lua") ;;
    esac
    rate[$name-$round]=$r cpu[$name-$round]=$c p99[$name-$round]=$p
}
# take_turns NAME...: ROUNDS rounds of the NAMEs; even rounds swap the first two, so neither always goes first.
take_turns() {
    local round name names
    for round in $(seq "$rounds"); do
        names=("$@")
        ((round % 2)) || names=("$2" "$1" "${@:3}")
        for name in "${names[@]}"; do run "$name" "$round"; done
    done
}
# --- (a) GET and (b) POST, flat out -----------------------------------------------------------------------------
take_turns get nginx post
# --- (p) the same, paced -------------------------------------------------------------------------------------
[[ ${PACE:-1} == 0 ]] || take_turns getpaced nginxpaced postpaced

# --- (f) POSTs that change the state, with and without the database --------------------------------------------
if [[ ${DATABASE:-1} != 0 ]]; then
    main_pid=$server_pid main_url=$server_url
    start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json" --database "$work/db/normal.sqlite"
    db_pid=$server_pid db_url=$server_url
    start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json" \
        --database "$work/db/full.sqlite" --database-sync full
    full_pid=$server_pid full_url=$server_url
    server_pid=$main_pid server_url=$main_url
    changing_visitors "$server_url" change
    changing_visitors "$db_url" changedb
    changing_visitors "$full_url" changefull
    take_turns changedb nginx change changefull
    kill "$db_pid" "$full_pid"; wait "$db_pid" "$full_pid" 2>/dev/null || true
    database_bytes=$(du -cb "$work"/db/normal.sqlite* | tail -1 | cut -f1)
fi

# --- (c) the access log on, to a file, on both sides ------------------------------------------------------------
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
kill -QUIT "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true
"$binary" serve --port 0 --tables "$work/reference.json" >"$work/server.out" 2>"$work/access.log" &
server_pid=$!
for _ in $(seq 100); do [[ -s "$work/server.out" ]] && break; sleep 0.1; done
server_url=$(sed -n '1s/^listening on //p' "$work/server.out")
visit "$server_url"
cp "$work/visited.html" "$work/www/index.html"  # this visitor's page: their own token
NGINX_ACCESS_LOG="$work/nginx-access.log" serve_with_nginx
take_turns getlog nginxlog
log_lines=$(grep -c '^GET /tables/reference 200 ' "$work/access.log" || true)
kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
kill -QUIT "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true
server_pid="" nginx_pid=""

# --- (d) instructions per request ----------------------------------------------------------------------------
count=${COUNT:-2000}
declare -A instructions
# callgrind_total FILE: the program's total instruction count.
callgrind_total() { callgrind_annotate "$1" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'; }
# counted NAME PID CLIENT-ARGS...: instructions the process spends on COUNT requests sent by instructions.py.
counted() {
    local name=$1 pid=$2
    shift 2
    python3 Benchmarks/instructions.py "$@" 200  # warm
    callgrind_control -z "$pid" >/dev/null
    callgrind_control -i on "$pid" >/dev/null
    python3 Benchmarks/instructions.py "$@" "$count"
    callgrind_control -i off "$pid" >/dev/null
    callgrind_control -d "$name" "$pid" >/dev/null
    local dump
    dump=$(ls -t "$work"/callgrind.* | head -1)
    mv "$dump" "$work/$name.callgrind"
    instructions[$name]=$(($(callgrind_total "$work/$name.callgrind") / count))
}
if [[ ${INSTRUCTIONS:-1} != 0 ]] && command -v valgrind >/dev/null; then
    echo "== callgrind: $count requests per kind on one connection" >&2
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.%p" \
        "$binary" serve --port 0 --quiet --tables "$work/reference.json" >"$work/server.out" 2>"$work/valgrind.err" &
    server_pid=$!
    for _ in $(seq 300); do [[ -s "$work/server.out" ]] && break; sleep 0.1; done
    server_url=$(sed -n '1s/^listening on //p' "$work/server.out")
    visit "$server_url"
    counted get "$server_pid" "$page_url" --cookie "$cookie"
    counted post "$server_pid" "$post_url" --cookie "$cookie" --post "$post_body" --origin "${server_url%/}"
    kill "$server_pid"; wait "$server_pid" 2>/dev/null || true
    server_pid=""
    port=$((20000 + RANDOM % 40000))
    NGINX_SINGLE=1 write_nginx_conf "$port" >"$work/nginx-single.conf"
    valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file="$work/callgrind.%p" \
        nginx -c "$work/nginx-single.conf" -p "$work" -e "$work/error.log" 2>"$work/valgrind-nginx.err" &
    nginx_pid=$!
    for _ in $(seq 300); do curl -sS -o /dev/null "http://127.0.0.1:$port/" 2>/dev/null && break; sleep 0.1; done
    counted nginx "$nginx_pid" "http://127.0.0.1:$port/"
    kill -QUIT "$nginx_pid"; wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=""
fi

# --- (e) the render -------------------------------------------------------------------------------------------
if [[ ${RENDER:-1} != 0 ]]; then
    render_bench="$(swift build -c release --show-bin-path)/render-bench"
    "$render_bench" --samples 300 >"$work/render.txt"
    # Instructions per render, which do not move with the host's speed: the inclusive count of PageRenderer's
    # table-page render over its 5 × 200 + 1 calls.
    if [[ ${INSTRUCTIONS:-1} != 0 ]] && command -v valgrind >/dev/null; then
        valgrind --tool=callgrind --callgrind-out-file="$work/render.callgrind" "$render_bench" --samples 5 \
            >/dev/null 2>"$work/valgrind-render.err"
        render_instructions=$(callgrind_annotate --inclusive=yes "$work/render.callgrind" 2>/dev/null |
            awk '/PageRenderer[+]Pages[.]swift:.*PageRendererV06renderA0_/ && !n++ { gsub(",", "", $1); print int($1 / 1001) }')
    fi
fi

# --- the report ----------------------------------------------------------------------------------------------
echo
echo "load average before the run: $load_before"
echo "page: $(wc -c <"$work/www/index.html") bytes; wrk ${wrk_options[*]}; $rounds rounds, taking turns"
report_rounds() {  # report_rounds LABEL NAME...: a line per round with each NAME's rate, CPU per request and p99
    local label=$1 round name
    shift
    for round in $(seq "$rounds"); do
        printf 'round %d%s:' "$round" "$label"
        for name; do
            case $name in
                get*) printf ' GET' ;; post*) printf ' POST' ;; changedb) printf ' POST db' ;;
                changefull) printf ' POST db full' ;; change) printf ' POST memory' ;; *) printf ' nginx' ;;
            esac
            printf ' %7.0f/s (%.2f us CPU, p99 %s ms)' "${rate[$name-$round]}" "${cpu[$name-$round]}" "${p99[$name-$round]}"
        done
        echo
    done
}
report_rounds "" get nginx post
[[ ${PACE:-1} == 0 ]] || report_rounds ", paced" getpaced nginxpaced postpaced
[[ ${DATABASE:-1} == 0 ]] || report_rounds ", state-changing POSTs" changedb nginx change changefull
report_rounds ", access logs on" getlog nginxlog
ratio_of() {  # ratio_of NAME BASE: the median over rounds of NAME's rate / BASE's rate in the same round
    for round in $(seq "$rounds"); do
        awk -v a="${rate[$1-$round]}" -v b="${rate[$2-$round]}" 'BEGIN { print a / b }'
    done | median
}
median_of() {  # median_of ARRAY NAME: the median over rounds
    local -n values=$1
    for round in $(seq "$rounds"); do echo "${values[$2-$round]}"; done | median
}
printf '(a) GET  / nginx static: %.2f   GET p99 %s ms, nginx p99 %s ms; CPU per request %s us / %s us\n' \
    "$(ratio_of get nginx)" "$(median_of p99 get)" "$(median_of p99 nginx)" "$(median_of cpu get)" "$(median_of cpu nginx)"
printf '(b) POST / nginx static: %.2f   POST p99 %s ms; CPU per request %s us\n' \
    "$(ratio_of post nginx)" "$(median_of p99 post)" "$(median_of cpu post)"
if [[ ${PACE:-1} != 0 ]]; then
    printf '(p) paced, %s ms between a connection'"'"'s requests: GET p99 %s ms at %.0f/s, nginx p99 %s ms at %.0f/s, POST p99 %s ms at %.0f/s\n' \
        "${PACE:-1}" "$(median_of p99 getpaced)" "$(median_of rate getpaced)" "$(median_of p99 nginxpaced)" \
        "$(median_of rate nginxpaced)" "$(median_of p99 postpaced)" "$(median_of rate postpaced)"
fi
if [[ ${DATABASE:-1} != 0 ]]; then
    printf '(f) state-changing POST / nginx static: --database %.2f (p99 %s ms, %s us CPU), --database-sync full %.2f (p99 %s ms), no database %.2f (p99 %s ms); database after the run: %s bytes\n' \
        "$(ratio_of changedb nginx)" "$(median_of p99 changedb)" "$(median_of cpu changedb)" \
        "$(ratio_of changefull nginx)" "$(median_of p99 changefull)" "$(ratio_of change nginx)" \
        "$(median_of p99 change)" "$database_bytes"
fi
printf '(c) GET, access log on / nginx, log off: %.2f   / nginx, log on: %.2f   CPU per request %s us; %s log lines\n' \
    "$(ratio_of getlog nginx)" "$(ratio_of getlog nginxlog)" "$(median_of cpu getlog)" "$log_lines"
if [[ -n "${instructions[get]:-}" ]]; then
    printf '(d) instructions per request (callgrind): GET %s, POST %s, nginx GET %s\n' \
        "${instructions[get]}" "${instructions[post]}" "${instructions[nginx]}"
fi
if [[ -s "$work/render.txt" ]]; then
    echo "(e) render-bench --samples 300:"
    sed 's/^/    /' "$work/render.txt"
    [[ -z "${render_instructions:-}" ]] || echo "    instructions per render (callgrind): $render_instructions"
fi
echo "load average after the run: $(cut -d' ' -f1-3 /proc/loadavg)"
