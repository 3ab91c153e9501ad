#!/usr/bin/env bash
# The table page over HTTPS: tableview's own TLS (libmicrohttpd + GnuTLS) against nginx with TLS (OpenSSL)
# on the same certificate, serving the same bytes as a static file.
#
# A certificate is made for the run (openssl, ECDSA P-256). The release `tableview` serves SPEC §8's reference
# table with --tls-cert/--tls-key; a visitor selects one row; the page that visitor gets is saved and nginx
# serves it over TLS with the same certificate and key. wrk (which keeps its connections alive, so the
# handshakes are few and the records are what is measured) runs against each in turn, alternated A B A B, with
# the visitor's cookie on the tableview side. Prints requests/s, CPU time per request, p99 latency and the
# ratio tableview/nginx (median of the rounds).
# Usage: Benchmarks/tls-get.sh   (environment: DURATION=10s, ROUNDS=4, TABLEVIEW=PATH to skip the build)
set -euo pipefail
cd "$(dirname "$0")/.."

duration=${DURATION:-10s}
rounds=${ROUNDS:-4}
wrk_options=(-t2 -c64 "-d$duration" --latency)

source Benchmarks/lib.sh
require_tools wrk nginx curl python3 openssl

build_release_tableview

make_workspace

openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout "$work/key.pem" \
    -out "$work/cert.pem" -days 2 -subj /CN=localhost -addext subjectAltName=IP:127.0.0.1 2>/dev/null
python3 Benchmarks/make-table.py 30 >"$work/reference.json"
start_listening_server "$binary" serve --port 0 --quiet --tables "$work/reference.json" \
    --tls-cert "$work/cert.pem" --tls-key "$work/key.pem"
[[ $server_url == https://* ]] || { echo "tls-get: tableview does not serve HTTPS ($server_url)" >&2; exit 1; }
page_url="${server_url}tables/reference"
tls_curl() { curl -fsS --cacert "$work/cert.pem" "$@"; }

# --- a visitor with state ---------------------------------------------------------------------------------
tls_curl -c "$work/jar" "$page_url" -o "$work/first.html"
token=$(sed -n 's/.*name="csrf" value="\([-_0-9A-Za-z]*\)".*/\1/p' "$work/first.html" | sed -n 1p)
status=$(tls_curl -o /dev/null -w '%{http_code}' -b "$work/jar" -c "$work/jar" -H "Origin: ${server_url%/}" \
    -H 'Content-Type: application/x-www-form-urlencoded' --data "csrf=$token" \
    "${server_url}tables/reference/rows/row-2-1/select")
[[ $status == 303 ]] || { echo "tls-get: the visitor's POST answered $status" >&2; exit 1; }
# Over HTTPS the cookie is __Host-tableview_session, and the first stored state came with a new id.
cookie=$(awk '$6 ~ /tableview_session$/ { print $6 "=" $7 }' "$work/jar")
mkdir -p "$work/www"
tls_curl -b "$work/jar" "$page_url" -o "$work/www/index.html"
grep -q 'aria-checked="true"' "$work/www/index.html" || { echo "tls-get: no selection on the page" >&2; exit 1; }
# Keep-alive over TLS: two requests on one connection, the second reusing it.
tls_curl -v -b "$work/jar" "$page_url" "$page_url" -o /dev/null -o /dev/null 2>"$work/keepalive.txt"
grep -qi 're-using existing connection\|reusing existing connection' "$work/keepalive.txt" \
    || { echo "tls-get: the TLS connection was not kept alive" >&2; exit 1; }

nginx_tls_cert=$work/cert.pem
nginx_tls_key=$work/key.pem
serve_with_nginx
tls_curl "$nginx_url" -o "$work/nginx.html"
cmp -s "$work/nginx.html" "$work/www/index.html" || { echo "tls-get: nginx sends other bytes" >&2; exit 1; }

declare -A rate cpu p99
for round in $(seq "$rounds"); do
    for name in $( ((round % 2)) && echo tableview nginx || echo nginx tableview); do
        case $name in
            tableview) read -r r c p < <(measure tableview "$page_url" "$server_pid" "$round" -H "Cookie: $cookie") ;;
            nginx) read -r r c p < <(measure nginx "$nginx_url" "$nginx_pid" "$round") ;;
        esac
        rate[$name-$round]=$r cpu[$name-$round]=$c p99[$name-$round]=$p
    done
done

echo
echo "page: $(wc -c <"$work/www/index.html") bytes over TLS ($(openssl x509 -in "$work/cert.pem" -noout \
    -text | sed -n 's/.*Public Key Algorithm: //p' | head -1)); wrk ${wrk_options[*]}; $rounds rounds, taking turns"
for round in $(seq "$rounds"); do
    printf 'round %d: tableview %7.0f/s (%.2f us CPU, p99 %s ms)  nginx %7.0f/s (%.2f us CPU, p99 %s ms)\n' \
        "$round" "${rate[tableview-$round]}" "${cpu[tableview-$round]}" "${p99[tableview-$round]}" \
        "${rate[nginx-$round]}" "${cpu[nginx-$round]}" "${p99[nginx-$round]}"
done
ratios=$(for round in $(seq "$rounds"); do
    awk -v a="${rate[tableview-$round]}" -v b="${rate[nginx-$round]}" 'BEGIN { print a / b }'
done | median)
printf 'TLS GET tableview / nginx static over TLS: %.2f   (median of rounds; tableview p99 median %s ms)\n' \
    "$ratios" "$(for round in $(seq "$rounds"); do echo "${p99[tableview-$round]}"; done | median)"
printf 'CPU per request tableview / nginx (medians): %.2f\n' "$(awk -v a="$(for round in $(seq "$rounds"); do
    echo "${cpu[tableview-$round]}"; done | median)" -v b="$(for round in $(seq "$rounds"); do
    echo "${cpu[nginx-$round]}"; done | median)" 'BEGIN { print a / b }')"
