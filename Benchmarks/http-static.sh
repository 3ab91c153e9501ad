#!/usr/bin/env bash
# Throughput of the Swift HTTP layer against nginx, serving the same 6.5 KB page.
#
# http-bench (this package, release build) serves Benchmarks/Fixtures/page.html from memory through the
# router and response path; nginx (Debian nginx-light, started here on its own port with its own temporary
# configuration) serves the same file from disk. wrk runs against each in turn, ROUNDS times; the script
# prints every result, the servers' CPU time per request, and the median of the rounds' ratios, Swift / nginx.
# Usage: Benchmarks/http-static.sh   (environment: DURATION=8s, ROUNDS=5, NGINX_SENDFILE=on)
set -euo pipefail
cd "$(dirname "$0")/.."

page=Benchmarks/Fixtures/page.html
duration=${DURATION:-8s}
rounds=${ROUNDS:-5}
wrk_options=(-t2 -c64 "-d$duration")

for tool in wrk nginx curl; do
    command -v "$tool" >/dev/null || {
        echo "http-static: $tool is missing (apt-get install wrk nginx-light curl)" >&2
        exit 1
    }
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
    # Debian's nginx.conf settings for files (the access log is off on both sides; see Benchmarks/README.md
    # for nginx with sendfile off, which costs it less CPU per request on a file this small).
    sendfile ${NGINX_SENDFILE:-on};
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
if ! cmp -s "$work/swift.html" "$work/nginx.html"; then
    echo "http-static: the two servers send different bodies" >&2
    exit 1
fi

# --- measure ---------------------------------------------------------------------------------------------
# The machine is shared: the two servers take turns, ROUNDS times, and each round's ratio compares two runs
# made back to back. The result is the median of those ratios, so a burst of someone else's load during
# one run cannot decide it.
# CPU time (user + system, in clock ticks) used so far by a process and its children (nginx's workers).
cpu_ticks() {
    local total=0 pid
    for pid in "$1" $(pgrep -P "$1"); do
        total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
    done
    echo "$total"
}
measure() {  # measure NAME URL PID ROUND: prints "requests/s CPU-microseconds-per-request"
    local name=$1 url=$2 pid=$3 round=$4 before after
    echo "== round $round, $name: wrk ${wrk_options[*]} $url" >&2
    before=$(cpu_ticks "$pid")
    wrk "${wrk_options[@]}" "$url" | tee "$work/$name-$round.wrk" >&2
    after=$(cpu_ticks "$pid")
    awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
        /^Requests\/sec:/ { rate = $2 }
        / requests in / { count = $1 }
        END { printf "%s %.2f\n", rate, ticks / hz * 1e6 / count }' "$work/$name-$round.wrk"
}
median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

swift_rates=()
nginx_rates=()
swift_cpu=()
nginx_cpu=()
for round in $(seq "$rounds"); do
    # Alternate who goes first, so a steady drift in load favours neither.
    for name in $( ((round % 2)) && echo swift nginx || echo nginx swift); do
        if [[ $name == swift ]]; then
            read -r rate cpu < <(measure swift "$swift_url" "$bench_pid" "$round")
            swift_rates+=("$rate")
            swift_cpu+=("$cpu")
        else
            read -r rate cpu < <(measure nginx "$nginx_url" "$nginx_pid" "$round")
            nginx_rates+=("$rate")
            nginx_cpu+=("$cpu")
        fi
    done
done

echo
echo "page: $(wc -c <"$page") bytes; wrk ${wrk_options[*]}; $rounds rounds, servers taking turns"
ratios=()
for round in $(seq "$rounds"); do
    i=$((round - 1))
    ratios+=("$(awk -v s="${swift_rates[i]}" -v n="${nginx_rates[i]}" 'BEGIN { print s / n }')")
    awk -v r="$round" -v s="${swift_rates[i]}" -v n="${nginx_rates[i]}" -v sc="${swift_cpu[i]}" -v nc="${nginx_cpu[i]}" \
        'BEGIN { printf "round %d: swift %7.0f/s (%.2f us CPU/request)  nginx %7.0f/s (%.2f us CPU/request)  ratio %.2f\n",
                 r, s, sc, n, nc, s / n }'
done
printf 'medians: swift (http-bench) %.0f requests/s, %.2f us CPU/request; nginx %.0f requests/s, %.2f us CPU/request\n' \
    "$(printf '%s\n' "${swift_rates[@]}" | median)" "$(printf '%s\n' "${swift_cpu[@]}" | median)" \
    "$(printf '%s\n' "${nginx_rates[@]}" | median)" "$(printf '%s\n' "${nginx_cpu[@]}" | median)"
printf 'ratio swift/nginx (median of the rounds): %.2f\n' "$(printf '%s\n' "${ratios[@]}" | median)"
awk -v s="$(printf '%s\n' "${swift_cpu[@]}" | median)" -v n="$(printf '%s\n' "${nginx_cpu[@]}" | median)" \
    'BEGIN { printf "CPU per request nginx/swift (medians): %.2f\n", n / s }'
