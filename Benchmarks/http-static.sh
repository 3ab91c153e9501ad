#!/usr/bin/env bash
# Throughput of the Swift HTTP layer against nginx, serving the same 6.5 KB page.
#
# http-bench (this package, release build) serves Benchmarks/Fixtures/page.html from memory through the
# router and response path; nginx (Debian nginx-light, started here on its own port with its own temporary
# configuration) serves the same file from disk. wrk runs against each in turn, ROUNDS times; the script
# prints every result and the median of the rounds' ratios, Swift / nginx.
# Usage: Benchmarks/http-static.sh   (environment: DURATION=8s, ROUNDS=5)
set -euo pipefail
cd "$(dirname "$0")/.."

page=Benchmarks/Fixtures/page.html
duration=${DURATION:-8s}
rounds=${ROUNDS:-5}
wrk_options=(-t2 -c64 "-d$duration")

for tool in wrk nginx curl; do
    command -v "$tool" >/dev/null || { echo "http-static: $tool is missing (apt-get install wrk nginx-light curl)" >&2; exit 1; }
done

echo "building http-bench (release)…" >&2
swift build -c release --product http-bench >&2
bench_binary="$(swift build -c release --show-bin-path)/http-bench"

work=$(mktemp -d)
bench_pid=""
nginx_pid=""
cleanup() {
    set +e
    if [[ -n "$bench_pid" ]]; then kill "$bench_pid" 2>/dev/null; wait "$bench_pid" 2>/dev/null; fi
    if [[ -n "$nginx_pid" ]]; then kill -QUIT "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; fi
    rm -rf "$work"
}
trap cleanup EXIT

# --- the Swift layer -------------------------------------------------------------------------------------
"$bench_binary" --page "$page" --port 0 >"$work/bench.out" &
bench_pid=$!
for _ in $(seq 100); do
    [[ -s "$work/bench.out" ]] && break
    sleep 0.1
done
swift_url=$(sed -n '1s/^listening on //p' "$work/bench.out")
[[ -n "$swift_url" ]] || { echo "http-static: http-bench did not start" >&2; exit 1; }

# --- nginx -----------------------------------------------------------------------------------------------
mkdir -p "$work/www" "$work/temp"
cp "$page" "$work/www/page.html"
# Run as root, nginx's workers drop to nobody: let them read the page.
chmod 755 "$work" "$work/www"
chmod 644 "$work/www/page.html"
start_nginx() {
    local port=$1
    cat >"$work/nginx.conf" <<CONF
daemon off;
worker_processes auto;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 1000000;
    open_file_cache max=16;
    client_body_temp_path $work/temp/body;
    proxy_temp_path $work/temp/proxy;
    fastcgi_temp_path $work/temp/fastcgi;
    uwsgi_temp_path $work/temp/uwsgi;
    scgi_temp_path $work/temp/scgi;
    types { text/html html; }
    server {
        listen 127.0.0.1:$port;
        root $work/www;
        # The same headers the Swift layer sends on every response.
        add_header Content-Security-Policy "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
        add_header X-Content-Type-Options nosniff;
        add_header Referrer-Policy same-origin;
    }
}
CONF
    nginx -c "$work/nginx.conf" -p "$work" -e "$work/error.log" &
    nginx_pid=$!
    for _ in $(seq 50); do
        curl -fsS -o /dev/null "http://127.0.0.1:$port/page.html" 2>/dev/null && return 0
        kill -0 "$nginx_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -QUIT "$nginx_pid" 2>/dev/null
    wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=""
    return 1
}
nginx_url=""
for _ in 1 2 3 4 5; do
    port=$((20000 + RANDOM % 40000))
    if start_nginx "$port"; then nginx_url="http://127.0.0.1:$port/page.html"; break; fi
done
[[ -n "$nginx_url" ]] || { echo "http-static: nginx did not start:" >&2; cat "$work/error.log" >&2; exit 1; }

# --- same bytes? -----------------------------------------------------------------------------------------
curl -fsS "$swift_url" -o "$work/swift.html"
curl -fsS "$nginx_url" -o "$work/nginx.html"
cmp -s "$work/swift.html" "$work/nginx.html" || { echo "http-static: the two servers send different bodies" >&2; exit 1; }

# --- measure ---------------------------------------------------------------------------------------------
# The machine is shared: the two servers take turns, ROUNDS times, and each round's ratio compares two runs
# made back to back. The result is the median of those ratios, so a burst of someone else's load during
# one run cannot decide it.
requests_per_second() {  # requests_per_second NAME URL ROUND
    local name=$1 url=$2 round=$3
    echo "== round $round, $name: wrk ${wrk_options[*]} $url" >&2
    wrk "${wrk_options[@]}" "$url" | tee "$work/$name-$round.wrk" >&2
    awk '/^Requests\/sec:/ { print $2 }' "$work/$name-$round.wrk"
}
median() {
    sort -g | awk '{ values[NR] = $1 } END { print (NR % 2) ? values[(NR + 1) / 2] : (values[NR / 2] + values[NR / 2 + 1]) / 2 }'
}

swift_rates=()
nginx_rates=()
for round in $(seq "$rounds"); do
    # Alternate who goes first, so a steady drift in load favours neither.
    if ((round % 2)); then
        swift_rates+=("$(requests_per_second swift "$swift_url" "$round")")
        nginx_rates+=("$(requests_per_second nginx "$nginx_url" "$round")")
    else
        nginx_rates+=("$(requests_per_second nginx "$nginx_url" "$round")")
        swift_rates+=("$(requests_per_second swift "$swift_url" "$round")")
    fi
done

echo
echo "page: $(wc -c <"$page") bytes; wrk ${wrk_options[*]}; $rounds rounds, servers taking turns"
ratios=()
for round in $(seq "$rounds"); do
    swift_rate=${swift_rates[round - 1]}
    nginx_rate=${nginx_rates[round - 1]}
    ratios+=("$(awk -v s="$swift_rate" -v n="$nginx_rate" 'BEGIN { print s / n }')")
    awk -v r="$round" -v s="$swift_rate" -v n="$nginx_rate" \
        'BEGIN { printf "round %d: swift %9.0f requests/s  nginx %9.0f requests/s  ratio %.2f\n", r, s, n, s / n }'
done
printf 'median rates: swift (http-bench) %.0f requests/s, nginx %.0f requests/s\n' \
    "$(printf '%s\n' "${swift_rates[@]}" | median)" "$(printf '%s\n' "${nginx_rates[@]}" | median)"
printf 'ratio swift/nginx (median of the rounds): %.2f\n' "$(printf '%s\n' "${ratios[@]}" | median)"
