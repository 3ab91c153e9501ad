#!/usr/bin/env bash
# The table page of a visitor with state, and an idempotent POST, against nginx serving the same bytes.
#
# The release `tableview` serves SPEC §8's reference table (3 sections × 10 rows, made by make-table.py); a
# visitor selects one row; the page that visitor gets is saved and served by nginx as a static file.
#   (a) GET  — wrk --latency with the visitor's cookie against tableview, then nginx, alternated A B A B.
#   (b) POST — wrk posting the idempotent "select row-2-1" form (answered 303) against tableview, compared
#       with nginx serving the page.
# Prints requests/s, CPU time per request, p99 latency and the ratios (median of the rounds).
# Usage: Benchmarks/table-page.sh   (environment: DURATION=10s, ROUNDS=4)
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-10s}
rounds=${ROUNDS:-4}
wrk_options=(-t2 -c64 "-d$duration" --latency)

source Benchmarks/lib.sh
require_tools wrk nginx curl python3

build_release_tableview

make_workspace

python3 Benchmarks/make-table.py 30 >"$work/reference.json"
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json"
page_url="${server_url}tables/reference"

# --- a visitor with state ---------------------------------------------------------------------------------
curl -fsS -c "$work/jar" "$page_url" -o "$work/first.html"
token=$(sed -n 's/.*name="csrf" value="\([0-9a-f]*\)".*/\1/p' "$work/first.html" | sed -n 1p)
cookie=$(awk '$6 == "tableview_session" { print $6 "=" $7 }' "$work/jar")
post_body="csrf=$token&selected=true"
post_url="${server_url}tables/reference/rows/row-2-1/selection"
status=$(curl -sS -o /dev/null -w '%{http_code}' -b "$work/jar" -H "Origin: ${server_url%/}" \
    -H 'Content-Type: application/x-www-form-urlencoded' --data "$post_body" "$post_url")
[[ $status == 303 ]] || { echo "table-page: the visitor's POST answered $status" >&2; exit 1; }
mkdir -p "$work/www"
curl -fsS -b "$work/jar" "$page_url" -o "$work/www/index.html"
grep -q 'aria-checked="true"' "$work/www/index.html" || { echo "table-page: no selection on the page" >&2; exit 1; }

serve_with_nginx
curl -fsS "$nginx_url" -o "$work/nginx.html"
cmp -s "$work/nginx.html" "$work/www/index.html" || { echo "table-page: nginx sends other bytes" >&2; exit 1; }

cat >"$work/post.lua" <<LUA
wrk.method = "POST"
wrk.body = "$post_body"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
wrk.headers["Origin"] = "${server_url%/}"
wrk.headers["Cookie"] = "$cookie"
LUA

declare -A rate cpu p99
for round in $(seq "$rounds"); do
    for name in $( ((round % 2)) && echo get nginx post || echo nginx get post); do
        case $name in
            get) read -r r c p < <(measure get "$page_url" "$server_pid" "$round" -H "Cookie: $cookie") ;;
            nginx) read -r r c p < <(measure nginx "$nginx_url" "$nginx_pid" "$round") ;;
            post) read -r r c p < <(measure post "$post_url" "$server_pid" "$round" -s "$work/post.lua") ;;
        esac
        rate[$name-$round]=$r cpu[$name-$round]=$c p99[$name-$round]=$p
    done
done

echo
echo "page: $(wc -c <"$work/www/index.html") bytes; wrk ${wrk_options[*]}; $rounds rounds, taking turns"
for round in $(seq "$rounds"); do
    printf 'round %d: GET %7.0f/s (%.2f us CPU, p99 %s ms)  nginx %7.0f/s (%.2f us CPU, p99 %s ms)  POST %7.0f/s (%.2f us CPU, p99 %s ms)\n' \
        "$round" "${rate[get-$round]}" "${cpu[get-$round]}" "${p99[get-$round]}" \
        "${rate[nginx-$round]}" "${cpu[nginx-$round]}" "${p99[nginx-$round]}" \
        "${rate[post-$round]}" "${cpu[post-$round]}" "${p99[post-$round]}"
done
ratio_of() {  # ratio_of NAME: the median over rounds of NAME's rate / nginx's rate in the same round
    for round in $(seq "$rounds"); do
        awk -v a="${rate[$1-$round]}" -v b="${rate[nginx-$round]}" 'BEGIN { print a / b }'
    done | median
}
printf '(a) GET  / nginx static: %.2f   (median of rounds; GET p99 median %s ms)\n' "$(ratio_of get)" \
    "$(for round in $(seq "$rounds"); do echo "${p99[get-$round]}"; done | median)"
printf '(b) POST / nginx static: %.2f   (median of rounds; POST p99 median %s ms)\n' "$(ratio_of post)" \
    "$(for round in $(seq "$rounds"); do echo "${p99[post-$round]}"; done | median)"
