#!/usr/bin/env bash
# Benchmark: the proxy against a fast static upstream (nginx), compared in the same run with the upstream alone and
# with a trivial servlet on the same Liberty server (the container's floor). Prints req/s, p50 and p99.
# Usage: bench/run.sh [seconds per load, default 15] [fixed rate, default 500] [rounds, default 3]
# The fixed-rate loads run in rounds, each round visiting every target in turn, and the figures are the medians over
# the rounds: one 15 s sample per target swings by a millisecond or more at p99 on a shared 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out"
DURATION=${1:-15}
RATE=${2:-500}
ROUNDS=${3:-3}
UPSTREAM_PORT=18500
SSE_PORT=18501
PROXY_PORT=9280
SERVER=benchServer
. bench/server.sh

bench_tools nginx wrk hey

rm -rf "$OUT" && mkdir -p "$OUT/nginx" "$OUT/floor-classes"
bench_stop_on_exit $SERVER "$OUT"

CHUNK='{"id":"chatcmpl-bench","object":"chat.completion.chunk","created":0,"model":"bench-upstream","choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":null}]}'
FINISH='{"id":"chatcmpl-bench","object":"chat.completion.chunk","created":0,"model":"bench-upstream","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}'
EMBEDDING='{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,0.2,0.3,0.4]}],"model":"bench-embed","usage":{"prompt_tokens":3,"total_tokens":3}}'
COMPLETION='{"id":"chatcmpl-bench","object":"chat.completion","created":0,"model":"bench-upstream","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1,"total_tokens":6}}'
cat > "$OUT/nginx/nginx.conf" <<CONF
worker_processes 1;
pid $OUT/nginx/nginx.pid;
error_log $OUT/nginx/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path $OUT/nginx/body;
  keepalive_requests 1000000;
  server {
    listen 127.0.0.1:$UPSTREAM_PORT;
    location / { default_type application/json; return 200 '$COMPLETION'; }
    location /v1/embeddings { default_type application/json; return 200 '$EMBEDDING'; }
  }
  server {
    listen 127.0.0.1:$SSE_PORT;
    location / { default_type text/event-stream; return 200 'data: $CHUNK\n\ndata: $FINISH\n\ndata: [DONE]\n\n'; }
  }
}
CONF
nginx -c "$OUT/nginx/nginx.conf"

echo "== building the WAR and the floor servlet"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
API_JAR=$(find ~/.m2/repository/jakarta/platform/jakarta.jakartaee-api/10.0.0 -name 'jakarta.jakartaee-api-10.0.0.jar' | head -1)
javac -d "$OUT/floor-classes" -cp "$API_JAR" bench/floor/*.java
mkdir -p "$OUT/floor-war/WEB-INF" && cp -r "$OUT/floor-classes" "$OUT/floor-war/WEB-INF/classes"
(cd "$OUT/floor-war" && jar cf "$OUT/floor.war" .)

bench_server_create $SERVER $PROXY_PORT 9643 "$OUT" $'-DPROXY_ADMIN_PASSWORD=bench\n' target/llm-proxy.war \
  "$OUT/floor.war"
echo "== starting Liberty"
"$WLP/bin/server" start $SERVER >/dev/null
for i in $(seq 1 120); do
  curl -sf -o /dev/null "localhost:$PROXY_PORT/v1/models" && curl -sf -o /dev/null -X POST "localhost:$PROXY_PORT/floor/v1/chat/completions" && break
  sleep 1
done

put_config() { # $1 = extra settings, e.g. ',"streamCommitMs":100'
  curl -sf -u admin:bench -X PUT -H 'Content-Type: application/json' "localhost:$PROXY_PORT/admin/api/config" -d "{
  \"providers\":[{\"name\":\"nginx\",\"kind\":\"openai\",\"baseUrl\":\"http://127.0.0.1:$UPSTREAM_PORT/v1\"},
                 {\"name\":\"nginx-sse\",\"kind\":\"openai\",\"baseUrl\":\"http://127.0.0.1:$SSE_PORT/v1\"},
                 {\"name\":\"sim\",\"kind\":\"sim\"}],
  \"models\":[{\"name\":\"bench-ok\",\"provider\":\"nginx\",\"upstreamModel\":\"bench-upstream\",
               \"inputCostPerMTok\":0.15,\"outputCostPerMTok\":0.6,\"contextWindow\":128000},
              {\"name\":\"bench-sse\",\"provider\":\"nginx-sse\",\"upstreamModel\":\"bench-upstream\"},
              {\"name\":\"bench-sim\",\"provider\":\"sim\",\"upstreamModel\":\"healthy-20ms\"},
              {\"name\":\"bench-embed\",\"provider\":\"nginx\",\"upstreamModel\":\"bench-embed\",
               \"vectorSpace\":\"bench@4\",\"inputCostPerMTok\":0.02}],
  \"tiers\":[{\"name\":\"bench\",\"chain\":[\"bench-ok\"]},{\"name\":\"bench-stream\",\"chain\":[\"bench-sse\"]},
            {\"name\":\"bench-words\",\"chain\":[\"bench-sim\"]},{\"name\":\"bench-embeddings\",\"chain\":[\"bench-embed\"]}],
  \"settings\":{\"ipLimitPerMinute\":0,\"ipLimitPerHour\":0$1}}" >/dev/null
}
put_config ""
# Anonymous load is from one address, so the address limits are off for the 'proxy' target (no limiter call);
# the 'keyed' target is an API-key caller whose every request is counted by the limiter (cap far above the load).
KEY=$(curl -sf -u admin:bench -H 'Content-Type: application/json' "localhost:$PROXY_PORT/admin/api/keys" \
  -d '{"name":"bench","limitPerMinute":1000000}' | sed -E 's/.*"key":"([^"]+)".*/\1/')
# the 'budgeted' target is the same caller with a budget of its own (far above the load): every request reserves its
# worst case before the call and settles it after, so the difference to 'keyed' is what a budget costs a request.
BUDGET_KEY=$(curl -sf -u admin:bench -H 'Content-Type: application/json' "localhost:$PROXY_PORT/admin/api/keys" \
  -d '{"name":"bench budgeted","limitPerMinute":1000000,"budget":{"dailyUsd":1000000,"monthlyTokens":1000000000000}}' \
  | sed -E 's/.*"key":"([^"]+)".*/\1/')

# wrk's script for one target: POST $2 as JSON, with bearer $3 when given.
post_lua() {
  { echo 'wrk.method = "POST"'; echo "wrk.body   = '$2'"; echo 'wrk.headers["Content-Type"] = "application/json"'
    if [ -n "${3:-}" ]; then echo "wrk.headers[\"Authorization\"] = \"Bearer $3\""; fi; } > "$1"
}
BODY='{"model":"bench","messages":[{"role":"user","content":"Say ok."}]}'
echo "$BODY" > "$OUT/body.json"
post_lua "$OUT/post.lua" "$BODY"
# the 'messages' target is the same request through the Anthropic Messages front door (translated both ways).
MBODY='{"model":"bench","max_tokens":64,"messages":[{"role":"user","content":"Say ok."}]}'
echo "$MBODY" > "$OUT/body-messages.json"
post_lua "$OUT/post-messages.lua" "$MBODY"
# the 'responses' target: the same through the Responses front door, not stored (a stored answer is one insert more).
RBODY='{"model":"bench","store":false,"input":"Say ok."}'
echo "$RBODY" > "$OUT/body-responses.json"
post_lua "$OUT/post-responses.lua" "$RBODY"
# the 'embeddings' target: one text through the embeddings front door (a checked vector instead of a completion).
EBODY='{"model":"bench-embeddings","input":"Say ok."}'
echo "$EBODY" > "$OUT/body-embeddings.json"
post_lua "$OUT/post-embeddings.lua" "$EBODY"
post_lua "$OUT/post-keyed.lua" "$BODY" "$KEY"
post_lua "$OUT/post-budgeted.lua" "$BODY" "$BUDGET_KEY"

declare -A URLS=(
  [upstream]="http://127.0.0.1:$UPSTREAM_PORT/v1/chat/completions"
  [floor]="http://127.0.0.1:$PROXY_PORT/floor/v1/chat/completions"
  [asyncfloor]="http://127.0.0.1:$PROXY_PORT/floor/v1/async/chat/completions"
  [proxy]="http://127.0.0.1:$PROXY_PORT/v1/chat/completions"
  [messages]="http://127.0.0.1:$PROXY_PORT/v1/messages"
  [responses]="http://127.0.0.1:$PROXY_PORT/v1/responses"
  [embeddings]="http://127.0.0.1:$PROXY_PORT/v1/embeddings"
  [keyed]="http://127.0.0.1:$PROXY_PORT/v1/chat/completions"
  [budgeted]="http://127.0.0.1:$PROXY_PORT/v1/chat/completions"
)
ORDER=(upstream floor asyncfloor proxy messages responses embeddings keyed budgeted)
bodyfile() { [ -f "$OUT/body-$1.json" ] && echo "$OUT/body-$1.json" || echo "$OUT/body.json"; }
lua() { [ -f "$OUT/post-$1.lua" ] && echo "$OUT/post-$1.lua" || echo "$OUT/post.lua"; }
auth() {
  case "$1" in keyed) echo "Authorization: Bearer $KEY" ;; budgeted) echo "Authorization: Bearer $BUDGET_KEY" ;;
    *) echo "X-Bench: none" ;; esac
}

# The JIT needs well over half a minute of load before the container's and the proxy's paths are compiled.
echo "== warming up (JIT)"
for name in floor asyncfloor proxy messages responses embeddings keyed budgeted proxy; do
  wrk -t2 -c16 -d20s -s "$(lua $name)" "${URLS[$name]}" >/dev/null
done

percentile() { # $1 = hey output file, $2 = 50|99 -> milliseconds
  awk -v p="$2%" '$1==p && $2=="in" {printf "%.2f", $3*1000}' "$1"
}
median() { tr ' ' '\n' | grep -v '^$' | sort -n | awk '{v[NR]=$1} END {printf "%.2f", (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
declare -A P50S P99S P50 P99 RPS GC
# The collector's pauses stop every thread of the server: their share of a saturation run is time nothing was served.
LIBERTY_PID=$(pgrep -f "ws-server.jar $SERVER" | head -1 || true)
gc_seconds() { if [ -n "$LIBERTY_PID" ]; then jstat -gc "$LIBERTY_PID" 2>/dev/null | awk 'NR == 2 {print $NF}' || true; fi; }
paused_since() { # $1 = gc_seconds before a run of $DURATION s -> the percentage of it the collector paused the server
  awk -v a="$1" -v b="$(gc_seconds)" -v d="$DURATION" 'BEGIN { if (a != "" && b != "") printf "%.0f", (b - a) * 100 / d }'
}
for round in $(seq 1 "$ROUNDS"); do
  for name in "${ORDER[@]}"; do
    echo "== round $round/$ROUNDS, $name: fixed ${RATE} req/s for ${DURATION}s (hey)"
    hey -z "${DURATION}s" -c 10 -q $((RATE / 10)) -m POST -T application/json -H "$(auth $name)" -D "$(bodyfile $name)" \
      "${URLS[$name]}" > "$OUT/hey-$name-$round.txt"
    grep -E "^\s+\[[0-9]+\]" "$OUT/hey-$name-$round.txt" | grep -v "\[200\]" || true
    P50S[$name]+="$(percentile "$OUT/hey-$name-$round.txt" 50) "
    P99S[$name]+="$(percentile "$OUT/hey-$name-$round.txt" 99) "
  done
done
for name in "${ORDER[@]}"; do
  P50[$name]=$(echo "${P50S[$name]}" | median)
  P99[$name]=$(echo "${P99S[$name]}" | median)
  echo "== $name: saturation (wrk -t2 -c32, ${DURATION}s); p50 per round: ${P50S[$name]}ms; p99 per round: ${P99S[$name]}ms"
  GC_BEFORE=$(gc_seconds)
  wrk -t2 -c32 -d"${DURATION}s" -s "$(lua $name)" "${URLS[$name]}" > "$OUT/wrk-$name.txt"
  GC[$name]=$(paused_since "$GC_BEFORE")
  RPS[$name]=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$OUT/wrk-$name.txt")
  grep -E "Non-2xx|Socket errors" "$OUT/wrk-$name.txt" || true
done

echo
echo "fixed-rate figures: medians over $ROUNDS rounds of ${DURATION}s"
printf '%-10s %14s %14s %16s %22s\n' target "p50 @${RATE}/s" "p99 @${RATE}/s" "saturated req/s" "collector paused it"
for name in "${ORDER[@]}"; do
  printf '%-10s %11s ms %11s ms %16s %20s %%\n' "$name" "${P50[$name]}" "${P99[$name]}" "${RPS[$name]}" "${GC[$name]:-}"
done
echo
awk -v pp50="${P50[proxy]}" -v pp99="${P99[proxy]}" -v u50="${P50[upstream]}" -v u99="${P99[upstream]}" \
    -v f50="${P50[floor]}" -v f99="${P99[floor]}" 'BEGIN {
  printf "proxy adds over the upstream: p50 %+.2f ms, p99 %+.2f ms\n", pp50-u50, pp99-u99
  printf "proxy adds over the floor:    p50 %+.2f ms, p99 %+.2f ms (targets: within 1 ms and 3 ms)\n", pp50-f50, pp99-f99
}'
# The asynchronous floor: the container alone, doing what the proxy's exchange asks of it (body read with a listener,
# the answer written from another thread with a listener). What the proxy costs beyond it is the proxy's own.
awk -v a="${RPS[asyncfloor]}" -v f="${RPS[floor]}" -v k="${RPS[keyed]}" -v a50="${P50[asyncfloor]}" \
    -v f50="${P50[floor]}" -v k50="${P50[keyed]}" 'BEGIN {
  printf "the asynchronous floor: %.2f of the floor saturated, p50 %+.2f ms over it; keyed: %.2f of the asynchronous floor, p50 %+.2f ms over it\n",
    a/f, a50-f50, k/a, k50-a50
}'
for door in messages responses embeddings; do
  awk -v door="$door" -v m50="${P50[$door]}" -v m99="${P99[$door]}" -v p50="${P50[proxy]}" -v p99="${P99[proxy]}" \
      -v mr="${RPS[$door]}" -v pr="${RPS[proxy]}" 'BEGIN {
    printf "the %s front door adds over chat completions: p50 %+.2f ms, p99 %+.2f ms, saturated %+.0f %% (target: within 0.2 ms p50)\n",
      door, m50-p50, m99-p99, (mr/pr-1)*100
  }'
done
awk -v k50="${P50[keyed]}" -v k99="${P99[keyed]}" -v p50="${P50[proxy]}" -v p99="${P99[proxy]}" 'BEGIN {
  printf "a keyed caller counted by the limiter adds over anonymous: p50 %+.2f ms, p99 %+.2f ms\n", k50-p50, k99-p99
}'
awk -v b50="${P50[budgeted]}" -v b99="${P99[budgeted]}" -v k50="${P50[keyed]}" -v k99="${P99[keyed]}" \
    -v brps="${RPS[budgeted]}" -v krps="${RPS[keyed]}" 'BEGIN {
  printf "a budget (reserve before, settle after) adds over keyed: p50 %+.2f ms, p99 %+.2f ms, saturated %+.0f %%\n",
    b50-k50, b99-k99, (brps/krps-1)*100
}'
# Time to first byte of a streamed answer, sequential requests: the upstream's SSE straight, and through the proxy.
STREAM_BODY='{"model":"bench-stream","stream":true,"messages":[{"role":"user","content":"Say ok."}]}'
ttfb() { # $1 = url [$2 = body, $3 = requests] -> p50 and p99 of time_starttransfer in ms
  for i in $(seq 1 "${3:-300}"); do
    curl -s -o /dev/null -w '%{time_starttransfer}\n' -H 'Content-Type: application/json' -d "${2:-$STREAM_BODY}" "$1"
  done | sort -n | awk '{v[NR]=$1*1000} END {printf "%.2f %.2f", v[int(NR*0.5)], v[int(NR*0.99)]}'
}
ttfb "http://127.0.0.1:$PROXY_PORT/v1/chat/completions" >/dev/null # warm the streaming path
read -r SU50 SU99 <<<"$(ttfb "http://127.0.0.1:$SSE_PORT/v1/chat/completions")"
read -r SP50 SP99 <<<"$(ttfb "http://127.0.0.1:$PROXY_PORT/v1/chat/completions")"
echo
printf 'streamed answer, time to first byte (sequential): upstream p50 %s ms p99 %s ms; proxy p50 %s ms p99 %s ms\n' \
  "$SU50" "$SU99" "$SP50" "$SP99"
awk -v a="$SP50" -v b="$SU50" -v c="$SP99" -v d="$SU99" 'BEGIN {printf "proxy adds to time to first byte: p50 %+.2f ms, p99 %+.2f ms\n", a-b, c-d}'
# The commit window's price: a simulated model that streams a word every 15 ms, without and with a 100 ms window.
WORDS_BODY='{"model":"bench-words","stream":true,"messages":[{"role":"user","content":"Say ok, and then say a few more words."}]}'
read -r W0_50 W0_99 <<<"$(ttfb "http://127.0.0.1:$PROXY_PORT/v1/chat/completions" "$WORDS_BODY" 100)"
put_config ',"streamCommitMs":100'
read -r W1_50 W1_99 <<<"$(ttfb "http://127.0.0.1:$PROXY_PORT/v1/chat/completions" "$WORDS_BODY" 100)"
put_config ""
printf 'commit window, first byte of a word-by-word stream: off p50 %s ms p99 %s ms; streamCommitMs=100 p50 %s ms p99 %s ms\n' \
  "$W0_50" "$W0_99" "$W1_50" "$W1_99"

# The proxy's own time as every answer states it (X-Proxy-Overhead-Ms): 500 sequential requests of the keyed caller,
# sampled while the same caller's fixed-rate load runs beside them, so that the figure is the one a user reads under load.
overhead_ms() { # $1 = requests -> p50, p90, p99 and max of the header, in ms
  for i in $(seq 1 "$1"); do
    curl -s -o /dev/null -D - -H 'Content-Type: application/json' -H "Authorization: Bearer $KEY" -d "$BODY" \
      "${URLS[keyed]}" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-proxy-overhead-ms" {print $2}'
  done | sort -n | awk '{v[NR] = $1} END {
    if (NR == 0) { print "no answer said it"; exit }
    printf "p50 %.3f ms, p90 %.3f ms, p99 %.3f ms, max %.3f ms (%d answers)", v[int(NR * 0.5)], v[int(NR * 0.9)],
      v[int(NR * 0.99)], v[NR], NR }'
}
hey -z 600s -c 10 -q $((RATE / 10)) -m POST -T application/json -H "$(auth keyed)" -D "$OUT/body.json" \
  "${URLS[keyed]}" > "$OUT/hey-overhead.txt" &
OVERHEAD_LOAD=$!
OVERHEAD=$(overhead_ms 500)
kill $OVERHEAD_LOAD 2>/dev/null || true
wait $OVERHEAD_LOAD 2>/dev/null || true
echo "the proxy's own time per answer (X-Proxy-Overhead-Ms), keyed, beside ${RATE} req/s of the same caller: $OVERHEAD"

logged=$(curl -s -u admin:bench "localhost:$PROXY_PORT/admin/api/requests?limit=1" | grep -c requestId || true)
echo "request logging: on (latest row present: $([ "$logged" -gt 0 ] && echo yes || echo no))"

# The upstream client, compared in the same run: the proxy target again, with Jetty's client for plain http too.
echo
echo "== restarting Liberty with PROXY_PLAIN_HTTP_CLIENT=jetty"
"$WLP/bin/server" stop $SERVER >/dev/null
printf -- '-DPROXY_PLAIN_HTTP_CLIENT=jetty\n' >> "$WLP/usr/servers/$SERVER/jvm.options"
"$WLP/bin/server" start $SERVER >/dev/null
for i in $(seq 1 120); do
  curl -sf -o /dev/null "localhost:$PROXY_PORT/v1/models" && break
  sleep 1
done
for i in 1 2; do wrk -t2 -c16 -d20s -s "$OUT/post.lua" "${URLS[proxy]}" >/dev/null; done
J50S=""; J99S=""
for round in $(seq 1 "$ROUNDS"); do
  hey -z "${DURATION}s" -c 10 -q $((RATE / 10)) -m POST -T application/json -D "$(bodyfile $name)" \
    "${URLS[proxy]}" > "$OUT/hey-jetty-$round.txt"
  J50S+="$(percentile "$OUT/hey-jetty-$round.txt" 50) "
  J99S+="$(percentile "$OUT/hey-jetty-$round.txt" 99) "
done
wrk -t2 -c32 -d"${DURATION}s" -s "$OUT/post.lua" "${URLS[proxy]}" > "$OUT/wrk-jetty.txt"
JRPS=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$OUT/wrk-jetty.txt")
J50=$(echo "$J50S" | median)
J99=$(echo "$J99S" | median)
printf '%-22s %14s %14s %16s\n' "upstream client" "p50 @${RATE}/s" "p99 @${RATE}/s" "saturated req/s"
printf '%-22s %11s ms %11s ms %16s\n' "proxy, NIO (default)" "${P50[proxy]}" "${P99[proxy]}" "${RPS[proxy]}"
printf '%-22s %11s ms %11s ms %16s\n' "proxy, Jetty" "$J50" "$J99" "$JRPS"
awk -v j="$J50" -v n="${P50[proxy]}" -v jr="$JRPS" -v nr="${RPS[proxy]}" 'BEGIN {
  printf "Jetty over NIO: p50 %+.2f ms, saturated %+.1f %% (adopt for every upstream when within +0.10 ms and -10 %%)\n", j-n, (jr-nr)*100/nr
}'

# The shared stores, compared in the same run: the keyed caller with its limits in Redis (the database still embedded
# H2), then with everything in PostgreSQL (limits, budgets, the request log), one instance each.
restart_with() { # $1 = extra bootstrap.properties lines, $2 = extra jvm.options lines
  "$WLP/bin/server" stop $SERVER >/dev/null
  printf 'PROXY_HTTP_PORT=%s\nPROXY_HTTPS_PORT=9643\nPROXY_DATA_DIR=%s/data\n%s' $PROXY_PORT "$OUT" "$1" \
    > "$WLP/usr/servers/$SERVER/bootstrap.properties"
  { cat "$WLP/usr/servers/defaultServer/jvm.options"; printf -- '-DPROXY_ADMIN_PASSWORD=bench\n%s' "$2"; } \
    > "$WLP/usr/servers/$SERVER/jvm.options" # the kit's options (heap, collector), then the run's
  "$WLP/bin/server" start $SERVER >/dev/null
  for i in $(seq 1 120); do
    curl -sf -o /dev/null "localhost:$PROXY_PORT/v1/models" && break
    sleep 1
  done
}
keyed_figures() { # $1 = label; prints one row of the shared-store table
  for i in 1 2; do wrk -t2 -c16 -d20s -s "$OUT/post-keyed.lua" "${URLS[keyed]}" >/dev/null; done
  local s50="" s99=""
  for round in $(seq 1 "$ROUNDS"); do
    hey -z "${DURATION}s" -c 10 -q $((RATE / 10)) -m POST -T application/json -H "Authorization: Bearer $KEY" \
      -D "$OUT/body.json" "${URLS[keyed]}" > "$OUT/hey-keyed-$1-$round.txt"
    grep -E "^\s+\[[0-9]+\]" "$OUT/hey-keyed-$1-$round.txt" | grep -v "\[200\]" || true
    s50+="$(percentile "$OUT/hey-keyed-$1-$round.txt" 50) "
    s99+="$(percentile "$OUT/hey-keyed-$1-$round.txt" 99) "
  done
  LIBERTY_PID=$(pgrep -f "ws-server.jar $SERVER" | head -1 || true)
  local gc_before
  gc_before=$(gc_seconds)
  wrk -t2 -c32 -d"${DURATION}s" -s "$OUT/post-keyed.lua" "${URLS[keyed]}" > "$OUT/wrk-keyed-$1.txt"
  STORE_GC[$1]=$(paused_since "$gc_before")
  grep -E "Non-2xx|Socket errors" "$OUT/wrk-keyed-$1.txt" || true
  STORE_P50[$1]=$(echo "$s50" | median)
  STORE_P99[$1]=$(echo "$s99" | median)
  STORE_RPS[$1]=$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$OUT/wrk-keyed-$1.txt")
}
declare -A STORE_P50 STORE_P99 STORE_RPS STORE_GC
# The memory row again, after a restart on the same data as the stores' rows get: all three measured alike.
echo
echo "== restarting Liberty as it was (counters in memory)"
restart_with "" ""
keyed_figures memory
if command -v redis-cli >/dev/null 2>&1 && redis-cli -n 14 flushdb >/dev/null 2>&1; then
  echo
  echo "== restarting Liberty with PROXY_REDIS_URL (limits in Redis, database 14)"
  restart_with "" "-DPROXY_REDIS_URL=redis://127.0.0.1:6379/14
"
  keyed_figures redis
  echo "Redis holds $(redis-cli -n 14 dbsize) windows"
else
  echo "Redis is not running on 127.0.0.1:6379: the 'redis' row is skipped"
fi
PG_JAR=$(find ~/.m2/repository/org/postgresql/postgresql -name 'postgresql-*.jar' | sort | tail -1)
if command -v psql >/dev/null 2>&1 && [ -n "$PG_JAR" ] \
   && psql -h 127.0.0.1 -U postgres -d postgres -qc "DROP DATABASE IF EXISTS llmproxy_bench WITH (FORCE)" 2>/dev/null \
   && psql -h 127.0.0.1 -U postgres -d postgres -qc "CREATE DATABASE llmproxy_bench"; then
  echo
  echo "== restarting Liberty on PostgreSQL (limits, budgets and the log in the database)"
  mkdir -p "$OUT/pgjdbc" && cp "$PG_JAR" "$OUT/pgjdbc/"
  restart_with "PROXY_DB_URL=jdbc:postgresql://127.0.0.1:5432/llmproxy_bench
PROXY_DB_USER=postgres
PROXY_DB_PASSWORD=
PROXY_JDBC_DIR=$OUT/pgjdbc
" ""
  put_config ""
  KEY=$(curl -sf -u admin:bench -H 'Content-Type: application/json' "localhost:$PROXY_PORT/admin/api/keys" \
    -d '{"name":"bench","limitPerMinute":1000000}' | sed -E 's/.*"key":"([^"]+)".*/\1/')
  post_lua "$OUT/post-keyed.lua" "$BODY" "$KEY"
  keyed_figures postgres
else
  echo "PostgreSQL is not reachable on 127.0.0.1:5432: the 'postgres' row is skipped"
fi
echo
printf '%-24s %14s %14s %16s %22s\n' "keyed caller, counts in" "p50 @${RATE}/s" "p99 @${RATE}/s" "saturated req/s" \
  "collector paused it"
for store in memory redis postgres; do
  [ -n "${STORE_RPS[$store]:-}" ] || continue
  printf '%-24s %11s ms %11s ms %16s %20s %%\n' "$store" "${STORE_P50[$store]}" "${STORE_P99[$store]}" \
    "${STORE_RPS[$store]}" "${STORE_GC[$store]:-}"
done
# The performance targets, each with its verdict: "met" or "NOT met" (idle memory and the soak: bench/soak.sh).
echo
echo "targets"
target() { # $1 = what, $2 = measured, $3 = awk condition on m, $4 = the target in words
  [ -n "$2" ] || { printf '  %-58s %s\n' "$1" "not measured"; return; }
  awk -v m="$2" -v what="$1" -v target="$4" "BEGIN { printf \"  %-58s %8.2f  %-8s (%s)\\n\", what, m, ($3) ? \"met\" : \"NOT met\", target }"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b > 0) printf "%.3f", a / b }'; }
diff_ms() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "" && b != "") printf "%.2f", a - b }'; }
target "keyed, saturated, share of the floor" "$(ratio "${RPS[keyed]}" "${RPS[floor]}")" "m >= 0.35" ">= 0.35; 0.5 the moonshot"
target "keyed over the floor at ${RATE}/s, p50 ms" "$(diff_ms "${P50[keyed]}" "${P50[floor]}")" "m <= 0.6" "<= +0.6 ms"
target "keyed over the floor at ${RATE}/s, p99 ms" "$(diff_ms "${P99[keyed]}" "${P99[floor]}")" "m <= 2" "<= +2 ms"
target "counters in Redis, saturated, share of memory's" "$(ratio "${STORE_RPS[redis]:-}" "${STORE_RPS[memory]}")" "m >= 0.8" ">= 0.8"
target "counters in Redis over memory at ${RATE}/s, p50 ms" "$(diff_ms "${STORE_P50[redis]:-}" "${STORE_P50[memory]}")" "m <= 0.3" "<= +0.3 ms"
target "counters and log in PostgreSQL, saturated, share of memory's" "$(ratio "${STORE_RPS[postgres]:-}" "${STORE_RPS[memory]}")" "m >= 0.4" ">= 0.4"
