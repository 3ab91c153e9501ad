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

source Benchmarks/lib.sh
require_tools wrk nginx curl
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
mkdir -p "$work/www"
cp "$page" "$work/www/page.html"
serve_with_nginx
nginx_url+=page.html

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
swift_rates=()
nginx_rates=()
swift_cpu=()
nginx_cpu=()
for round in $(seq "$rounds"); do
    # Alternate who goes first, so a steady drift in load favours neither.
    for name in $( ((round % 2)) && echo swift nginx || echo nginx swift); do
        if [[ $name == swift ]]; then
            read -r rate cpu _ < <(measure swift "$swift_url" "$bench_pid" "$round")
            swift_rates+=("$rate")
            swift_cpu+=("$cpu")
        else
            read -r rate cpu _ < <(measure nginx "$nginx_url" "$nginx_pid" "$round")
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
