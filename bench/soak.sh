#!/usr/bin/env bash
# Soak: the server as shipped (the kit's server.xml and jvm.options) idles, then takes a steady keyed load against a
# fast upstream (nginx) for a while. Prints the idle RSS, then every sample (RSS; the old generation in use, what
# outlived young collections; threads; open files) and each one's slope per minute over the load: a leak shows as a
# slope that does not flatten. Usage: bench/soak.sh [minutes of load, default 20] [rate, req/s, default 300]
# [seconds between samples, default 30]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out-soak"
MINUTES=${1:-20}
RATE=${2:-300}
EVERY=${3:-30}
UPSTREAM_PORT=18510
PORT=9290
SERVER=soakServer
IDLE_TARGET_MB=300
. bench/server.sh

bench_tools nginx hey
rm -rf "$OUT" && mkdir -p "$OUT/nginx"
bench_stop_on_exit $SERVER "$OUT"

ANSWER='{"id":"chatcmpl-soak","object":"chat.completion","created":0,"model":"soak","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1,"total_tokens":6}}'
printf 'worker_processes 1;\npid %s/nginx/nginx.pid;\nerror_log %s/nginx/error.log warn;\nevents { worker_connections 1024; }\nhttp { access_log off; client_body_temp_path %s/nginx/body; server { listen 127.0.0.1:%s; location / { default_type application/json; return 200 %s; } } }\n' \
  "$OUT" "$OUT" "$OUT" "$UPSTREAM_PORT" "'$ANSWER'" > "$OUT/nginx/nginx.conf"
nginx -c "$OUT/nginx/nginx.conf"

echo "== building the WAR and the kit's server"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
bench_server_create $SERVER $PORT 9690 "$OUT" $'-DPROXY_ADMIN_PASSWORD=soak\n' target/llm-proxy.war
bench_server_start $SERVER $PORT
PID=$(pgrep -f "ws-server.jar $SERVER" | head -1)

curl -sf -u admin:soak -X PUT -H 'Content-Type: application/json' "localhost:$PORT/admin/api/config" -d "{
  \"providers\":[{\"name\":\"nginx\",\"kind\":\"openai\",\"baseUrl\":\"http://127.0.0.1:$UPSTREAM_PORT/v1\"}],
  \"models\":[{\"name\":\"soak-ok\",\"provider\":\"nginx\",\"upstreamModel\":\"soak\",\"inputCostPerMTok\":0.15,
               \"outputCostPerMTok\":0.6,\"contextWindow\":128000}],
  \"tiers\":[{\"name\":\"soak\",\"chain\":[\"soak-ok\"]}]}" >/dev/null
KEY=$(curl -sf -u admin:soak -H 'Content-Type: application/json' "localhost:$PORT/admin/api/keys" \
  -d '{"name":"soak","limitPerMinute":1000000}' | sed -E 's/.*"key":"([^"]+)".*/\1/')

# one sample: seconds since the load began, RSS (MB), old generation in use (MB: what outlived young collections),
# threads, open files
sample() {
  local rss old threads files
  rss=$(awk '/VmRSS/ {printf "%.1f", $2 / 1024}' "/proc/$PID/status")
  old=$(jstat -gc "$PID" | awk 'NR == 2 {printf "%.1f", $8 / 1024}')
  threads=$(ls "/proc/$PID/task" | wc -l)
  files=$(ls "/proc/$PID/fd" | wc -l)
  echo "$1 $rss $old $threads $files"
}

echo "== idle for a minute, as a newcomer's server is after its start"
sleep 60
read -r _ IDLE_RSS _ IDLE_THREADS _ <<<"$(sample 0)"
awk -v r="$IDLE_RSS" -v t="$IDLE_TARGET_MB" -v th="$IDLE_THREADS" 'BEGIN {
  printf "idle RSS %.0f MB, %d threads (target: at most %d MB): %s\n", r, th, t, r <= t ? "met" : "not met"
}'

echo "== ${MINUTES} minutes at ${RATE} req/s, a keyed caller with the request log on; a sample every ${EVERY} s"
printf '{"model":"soak","messages":[{"role":"user","content":"Say ok."}]}' > "$OUT/body.json"
hey -z "${MINUTES}m" -c 10 -q $((RATE / 10)) -m POST -T application/json -H "Authorization: Bearer $KEY" \
  -D "$OUT/body.json" "http://127.0.0.1:$PORT/v1/chat/completions" > "$OUT/hey.txt" &
LOAD=$!
START=$(date +%s)
printf '%8s %8s %8s %8s %8s\n' seconds rss_MB old_MB threads files
while kill -0 $LOAD 2>/dev/null; do
  sleep "$EVERY"
  kill -0 $LOAD 2>/dev/null || break
  sample $(( $(date +%s) - START )) | tee -a "$OUT/samples.txt" | awk '{printf "%8d %8.1f %8.1f %8d %8d\n", $1, $2, $3, $4, $5}'
done
wait $LOAD || true
grep -E "Requests/sec|^\s+\[[0-9]+\]" "$OUT/hey.txt" || true

# least-squares slope per minute of each column over the samples, and over their second half alone (what remains
# once the heap and the pools have grown to the load)
awk -v n="$(wc -l < "$OUT/samples.txt")" '
  { t[NR] = $1 / 60; for (c = 2; c <= 5; c++) v[c, NR] = $c }
  function slope(c, from,   i, k, st, sv, stt, stv) {
    k = 0; st = sv = stt = stv = 0
    for (i = from; i <= NR; i++) { k++; st += t[i]; sv += v[c, i]; stt += t[i] * t[i]; stv += t[i] * v[c, i] }
    return (k < 2 || k * stt == st * st) ? 0 : (k * stv - st * sv) / (k * stt - st * st)
  }
  END {
    split("rss_MB old_MB threads files", name, " ")
    printf "slopes per minute (all samples; second half):"
    for (c = 2; c <= 5; c++) printf "  %s %+.2f; %+.2f", name[c - 1], slope(c, 1), slope(c, int(NR / 2) + 1)
    printf "\n"
  }' "$OUT/samples.txt"
