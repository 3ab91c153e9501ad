# Shared pieces of the benchmark scripts: nginx on its own port with its own configuration, CPU time per
# request read from /proc, wrk runs, medians. Source it after setting `work` (a temporary folder) and
# `wrk_options`; the caller's EXIT trap stops `nginx_pid`.

# Makes the temporary folder `work` and an EXIT trap that stops `server_pid` and `nginx_pid` and removes it.
make_workspace() {
    work=$(mktemp -d)
    server_pid=""
    nginx_pid=""
    trap cleanup_workspace EXIT
}
cleanup_workspace() {
    set +e
    if [[ -n "$server_pid" ]]; then kill "$server_pid" 2>/dev/null; wait "$server_pid" 2>/dev/null; fi
    if [[ -n "$nginx_pid" ]]; then kill -QUIT "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; fi
    rm -rf "$work"
}

# Builds the release tableview; sets `binary`. TABLEVIEW=PATH uses that executable instead (a build made
# already, such as the --static-swift-stdlib one of the README).
build_release_tableview() {
    if [[ -n "${TABLEVIEW:-}" ]]; then binary=$TABLEVIEW; return; fi
    echo "building tableview (release)…" >&2
    swift build -c release --product tableview >&2
    binary="$(swift build -c release --show-bin-path)/tableview"
}

require_tools() {  # require_tools TOOL...: exit 1 naming the first one missing
    local tool
    for tool in "$@"; do
        command -v "$tool" >/dev/null || {
            echo "$(basename "$0"): $tool is missing (apt-get install wrk nginx-light curl)" >&2
            exit 1
        }
    done
}

# Serves the files of $work/www with nginx on a free port; sets nginx_url to http://127.0.0.1:PORT/ — or, when
# `nginx_tls_cert` and `nginx_tls_key` name PEM files, https://127.0.0.1:PORT/ over TLS with them.
serve_with_nginx() {
    mkdir -p "$work/temp"
    # Run as root, nginx's workers drop to nobody: let them read the files.
    chmod 755 "$work" "$work/www"
    chmod 644 "$work"/www/*
    nginx_url=""
    for _ in 1 2 3 4 5; do
        local port=$((20000 + RANDOM % 40000))
        if start_nginx "$port"; then nginx_url="$(nginx_scheme)://127.0.0.1:$port/"; return 0; fi
    done
    echo "$(basename "$0"): nginx did not start:" >&2
    cat "$work/error.log" >&2
    exit 1
}

nginx_scheme() { [[ -n "${nginx_tls_cert:-}" ]] && echo https || echo http; }

start_nginx() {
    local port=$1
    write_nginx_conf "$port" >"$work/nginx.conf"
    nginx -c "$work/nginx.conf" -p "$work" -e "$work/error.log" &
    nginx_pid=$!
    for _ in $(seq 50); do
        curl -ksS -o /dev/null "$(nginx_scheme)://127.0.0.1:$port/" 2>/dev/null && return 0  # any answer: it is up
        kill -0 "$nginx_pid" 2>/dev/null || break
        sleep 0.1
    done
    kill -QUIT "$nginx_pid" 2>/dev/null
    wait "$nginx_pid" 2>/dev/null || true
    nginx_pid=""
    return 1
}

# write_nginx_conf PORT: the configuration on stdout. NGINX_ACCESS_LOG=FILE logs to FILE (default off);
# NGINX_SINGLE=1 runs one process without a master (for valgrind); NGINX_REUSEPORT=1 gives each worker its own
# listening socket, so the kernel splits connections between workers by hash as it does between tableview's.
write_nginx_conf() {
    local port=$1 options="" tls=""
    [[ -z "${NGINX_REUSEPORT:-}" ]] || options+=" reuseport"
    if [[ -n "${nginx_tls_cert:-}" ]]; then
        chmod 644 "$nginx_tls_cert" "$nginx_tls_key"
        options+=" ssl"
        # nginx's defaults otherwise; a session cache as a server with TLS would have.
        tls="ssl_certificate $nginx_tls_cert; ssl_certificate_key $nginx_tls_key; ssl_session_cache shared:TLS:1m;"
    fi
    if [[ -n "${NGINX_SINGLE:-}" ]]; then
        echo "master_process off;"
        echo "worker_processes 1;"
    else
        echo "worker_processes auto;"
    fi
    local listen="listen 127.0.0.1:$port$options;"
    cat <<CONF
daemon off;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 1024; }
http {
    access_log ${NGINX_ACCESS_LOG:-off};
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
        $listen
        $tls
        root $work/www;
        # The same headers the Swift layer sends on every response.
        add_header Content-Security-Policy "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";
        add_header X-Content-Type-Options nosniff;
        add_header Referrer-Policy same-origin;
    }
}
CONF
}

# make_visitor URL: a visitor of the reference table on the server at URL, with state: a GET, then a POST selecting
# row-2-1 (checked: 303, and the row selected on the page after it). Sets page_url, post_url, post_body (the form,
# with the visitor's CSRF token) and cookie ("name=value"); the visitor's page is $work/visited.html, the cookie
# jar $work/jar.
make_visitor() {
    local url=$1 token status
    page_url="${url}tables/reference"
    curl -fsS -c "$work/jar" "$page_url" -o "$work/first.html"
    token=$(sed -n 's/.*name="csrf" value="\([-_0-9A-Za-z]*\)".*/\1/p' "$work/first.html" | sed -n 1p)
    cookie=$(awk '$6 ~ /tableview_session$/ { print $6 "=" $7 }' "$work/jar")
    post_body="csrf=$token"
    post_url="${url}tables/reference/rows/row-2-1/select"
    status=$(curl -sS -o /dev/null -w '%{http_code}' -b "$work/jar" -c "$work/jar" -H "Origin: ${url%/}" \
        -H 'Content-Type: application/x-www-form-urlencoded' --data "$post_body" "$post_url")
    [[ $status == 303 ]] || { echo "$(basename "$0"): the visitor's POST answered $status" >&2; exit 1; }
    curl -fsS -b "$work/jar" "$page_url" -o "$work/visited.html"
    grep -q 'aria-checked="true"' "$work/visited.html" || { echo "$(basename "$0"): no selection on the page" >&2; exit 1; }
    # The first stored state came with a new session id, and so a new token.
    cookie=$(awk '$6 ~ /tableview_session$/ { print $6 "=" $7 }' "$work/jar")
    token=$(sed -n 's/.*name="csrf" value="\([-_0-9A-Za-z]*\)".*/\1/p' "$work/visited.html" | sed -n 1p)
    post_body="csrf=$token"
}

# Starts a server command that prints "listening on URL" first; sets server_pid and server_url.
start_listening_server() {
    "$@" >"$work/server.out" &
    server_pid=$!
    for _ in $(seq 100); do
        [[ -s "$work/server.out" ]] && break
        sleep 0.1
    done
    server_url=$(sed -n '1s/^listening on //p' "$work/server.out")
    [[ -n "$server_url" ]] || { echo "$(basename "$0"): $1 did not start" >&2; exit 1; }
}

# CPU time (user + system, in clock ticks) used so far by a process and its children (nginx's workers).
cpu_ticks() {
    local total=0 pid
    for pid in "$1" $(pgrep -P "$1"); do
        total=$((total + $(awk '{ print $14 + $15 }' "/proc/$pid/stat")))
    done
    echo "$total"
}
# measure NAME URL PID ROUND [WRK ARGS...]: prints "requests/s CPU-microseconds-per-request p99-ms"
measure() {
    local name=$1 url=$2 pid=$3 round=$4 before after
    shift 4
    echo "== round $round, $name: wrk ${wrk_options[*]} $* $url" >&2
    before=$(cpu_ticks "$pid")
    wrk "${wrk_options[@]}" "$@" "$url" | tee "$work/$name-$round.wrk" >&2
    after=$(cpu_ticks "$pid")
    awk -v ticks=$((after - before)) -v hz="$(getconf CLK_TCK)" '
        function ms(v) { if (v ~ /us$/) return v / 1000; if (v ~ /ms$/) return v + 0; if (v ~ /s$/) return v * 1000; return v }
        /^Requests\/sec:/ { rate = $2 }
        / requests in / { count = $1 }
        $1 == "99%" { p99 = ms($2) }
        END { printf "%s %.2f %s\n", rate, ticks / hz * 1e6 / count, (p99 == "" ? "-" : p99) }' "$work/$name-$round.wrk"
}
median() {
    sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

