#!/usr/bin/env bash
# How many times the proxy parses and writes JSON per request and per streamed event, for each front door and each
# provider kind it can reach here (a fast static upstream, nginx, answers in each kind's own format). The design is
# one parse and one write at each end of each hop: the door parses the caller's request once, the provider's wire
# writes its request once, parses its answer (or each event) once, and the door writes the answer (or each event)
# once. Counts come from the proxy's own counters (proxy_json_parsed_total, proxy_json_written_total), read before
# and after N requests of each pair; a stream's cost per event is the slope between a 2-event and a 22-event answer.
# Vertex AI is left out (its calls need a Google token issued first); Bedrock streams AWS's binary events, left out.
# Then each door's overhead over chat completions: the mean time of a whole answer, one request at a time, through
# each door to the same upstream, less chat's.
# Usage: bench/hops.sh [requests per measurement, default 20] [requests per timing, default 3000]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out-hops"
N=${1:-20}
M=${2:-3000}
PROXY_PORT=9281
OPENAI_PORT=18510
ANTHROPIC_PORT=18511
GEMINI_PORT=18512
BEDROCK_PORT=18513
SERVER=hopsServer
. bench/server.sh

bench_tools nginx hey

rm -rf "$OUT" && mkdir -p "$OUT/nginx"
bench_stop_on_exit $SERVER "$OUT"

# $1 = events, $2 = how one content event reads, $3 = what comes before them, $4 = what comes after them
stream() {
  local body="$3" i
  for i in $(seq 1 "$1"); do body="$body$2"; done
  printf '%s' "$body$4"
}
OPENAI_PLAIN='{"id":"chatcmpl-b","object":"chat.completion","created":0,"model":"b","choices":[{"index":0,"message":{"role":"assistant","content":"ok"},"finish_reason":"stop"}],"usage":{"prompt_tokens":5,"completion_tokens":1,"total_tokens":6}}'
OPENAI_EMBEDDING='{"object":"list","data":[{"object":"embedding","index":0,"embedding":[0.1,0.2,0.3,0.4]}],"model":"b","usage":{"prompt_tokens":3,"total_tokens":3}}'
OPENAI_EVENT='data: {"id":"chatcmpl-b","object":"chat.completion.chunk","created":0,"model":"b","choices":[{"index":0,"delta":{"content":"ok "},"finish_reason":null}]}\n\n'
OPENAI_END='data: {"id":"chatcmpl-b","object":"chat.completion.chunk","created":0,"model":"b","choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n'
ANTHROPIC_PLAIN='{"id":"msg_b","type":"message","role":"assistant","model":"b","content":[{"type":"text","text":"ok"}],"stop_reason":"end_turn","usage":{"input_tokens":5,"output_tokens":1}}'
ANTHROPIC_START='event: message_start\ndata: {"type":"message_start","message":{"id":"msg_b","type":"message","role":"assistant","model":"b","content":[],"stop_reason":null,"usage":{"input_tokens":5,"output_tokens":1}}}\n\nevent: content_block_start\ndata: {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}\n\n'
ANTHROPIC_EVENT='event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"ok "}}\n\n'
ANTHROPIC_END='event: content_block_stop\ndata: {"type":"content_block_stop","index":0}\n\nevent: message_delta\ndata: {"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":2}}\n\nevent: message_stop\ndata: {"type":"message_stop"}\n\n'
GEMINI_PLAIN='{"candidates":[{"content":{"role":"model","parts":[{"text":"ok"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":1,"totalTokenCount":6},"modelVersion":"b"}'
GEMINI_EVENT='data: {"candidates":[{"content":{"role":"model","parts":[{"text":"ok "}]}}],"modelVersion":"b"}\n\n'
GEMINI_END='data: {"candidates":[{"content":{"role":"model","parts":[{"text":"."}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":5,"candidatesTokenCount":2,"totalTokenCount":7},"modelVersion":"b"}\n\n'
BEDROCK_PLAIN='{"output":{"message":{"role":"assistant","content":[{"text":"ok"}]}},"stopReason":"end_turn","usage":{"inputTokens":5,"outputTokens":1,"totalTokens":6}}'

# one upstream per format: /plain/ answers whole, /s2/ and /s22/ stream 2 and 22 content events
server() { # $1 port, $2 whole answer, $3 2-event stream, $4 22-event stream, $5 extra locations
  cat <<SERVER
  server {
    listen 127.0.0.1:$1;
    $5
    location /plain/ { default_type application/json; return 200 '$2'; }
    location /s2/ { default_type text/event-stream; return 200 '$3'; }
    location /s22/ { default_type text/event-stream; return 200 '$4'; }
  }
SERVER
}
{
  cat <<CONF
worker_processes 1;
pid $OUT/nginx/nginx.pid;
error_log $OUT/nginx/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path $OUT/nginx/body;
CONF
  server $OPENAI_PORT "$OPENAI_PLAIN" "$(stream 2 "$OPENAI_EVENT" "" "$OPENAI_END")" \
    "$(stream 22 "$OPENAI_EVENT" "" "$OPENAI_END")" \
    "location ~ /embeddings\$ { default_type application/json; return 200 '$OPENAI_EMBEDDING'; }"
  server $ANTHROPIC_PORT "$ANTHROPIC_PLAIN" "$(stream 2 "$ANTHROPIC_EVENT" "$ANTHROPIC_START" "$ANTHROPIC_END")" \
    "$(stream 22 "$ANTHROPIC_EVENT" "$ANTHROPIC_START" "$ANTHROPIC_END")" ""
  server $GEMINI_PORT "$GEMINI_PLAIN" "$(stream 2 "$GEMINI_EVENT" "" "$GEMINI_END")" \
    "$(stream 22 "$GEMINI_EVENT" "" "$GEMINI_END")" ""
  server $BEDROCK_PORT "$BEDROCK_PLAIN" "" "" ""
  echo "}"
} > "$OUT/nginx/nginx.conf"
nginx -c "$OUT/nginx/nginx.conf"

echo "== building the WAR"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
bench_server_create $SERVER $PROXY_PORT 9644 "$OUT" $'-DPROXY_ADMIN_PASSWORD=bench\n-DHOPS_KEY=k\n' \
  target/llm-proxy.war
echo "== starting Liberty"
bench_server_start $SERVER $PROXY_PORT

# kind, base URL of a variant ($1 kind, $2 variant); every model is named <kind>-<variant>
base() {
  case $1 in
    openai) echo "http://127.0.0.1:$OPENAI_PORT/$2/v1" ;;
    openrouter) echo "http://127.0.0.1:$OPENAI_PORT/$2/api/v1" ;;
    azure-openai) echo "http://127.0.0.1:$OPENAI_PORT/$2/openai/v1" ;;
    anthropic) echo "http://127.0.0.1:$ANTHROPIC_PORT/$2/v1" ;;
    gemini) echo "http://127.0.0.1:$GEMINI_PORT/$2/v1beta" ;;
    bedrock) echo "http://127.0.0.1:$BEDROCK_PORT/$2" ;;
  esac
}
KINDS=(openai openrouter azure-openai anthropic gemini bedrock)
providers="" models=""
for kind in "${KINDS[@]}"; do
  for variant in plain s2 s22; do
    [ "$kind" = bedrock ] && [ "$variant" != plain ] && continue
    providers="$providers{\"name\":\"$kind-$variant\",\"kind\":\"$kind\",\"baseUrl\":\"$(base $kind $variant)\",\"apiKeySecret\":\"HOPS_KEY\"},"
    models="$models{\"name\":\"$kind-$variant\",\"provider\":\"$kind-$variant\",\"upstreamModel\":\"b\"},"
  done
done
models="$models{\"name\":\"openai-vectors\",\"provider\":\"openai-plain\",\"upstreamModel\":\"b\",\"vectorSpace\":\"hops@4\"}"
status=$(curl -s -o "$OUT/config-answer.json" -w '%{http_code}' -u admin:bench -X PUT \
  -H 'Content-Type: application/json' "localhost:$PROXY_PORT/admin/api/config" \
  -d "{\"providers\":[${providers%,}],\"models\":[$models],\"tiers\":[],\"settings\":{\"ipLimitPerMinute\":0,\"ipLimitPerHour\":0}}")
[ "$status" = 200 ] || { echo "the configuration was refused ($status):" >&2; cat "$OUT/config-answer.json" >&2; exit 1; }

counter() { curl -sf "localhost:$PROXY_PORT/metrics" | awk -v m="$1" '$1 == m { printf "%d", $2 }'; }
body() { # $1 door, $2 model, $3 stream (true/false)
  case $1 in
    chat) echo "{\"model\":\"$2\",\"stream\":$3,\"messages\":[{\"role\":\"user\",\"content\":\"Say ok.\"}]}" ;;
    responses) echo "{\"model\":\"$2\",\"stream\":$3,\"store\":false,\"input\":\"Say ok.\"}" ;;
    messages) echo "{\"model\":\"$2\",\"stream\":$3,\"max_tokens\":64,\"messages\":[{\"role\":\"user\",\"content\":\"Say ok.\"}]}" ;;
    embeddings) echo "{\"model\":\"$2\",\"input\":\"Say ok.\"}" ;;
  esac
}
path() { case $1 in chat) echo chat/completions ;; *) echo "$1" ;; esac; }
# parses and writes of N requests: "parsed written"
measure() { # $1 door, $2 model, $3 stream
  local p0 w0 i
  p0=$(counter proxy_json_parsed_total); w0=$(counter proxy_json_written_total)
  for i in $(seq 1 "$N"); do
    curl -sf -o /dev/null -H 'Content-Type: application/json' "localhost:$PROXY_PORT/v1/$(path "$1")" \
      -d "$(body "$1" "$2" "$3")" || { echo "failed: $1 $2 stream=$3" >&2; return 1; }
  done
  echo "$(( $(counter proxy_json_parsed_total) - p0 )) $(( $(counter proxy_json_written_total) - w0 ))"
}
per() { awk -v a="$1" -v n="$2" 'BEGIN { printf "%.1f", a / n }'; }

for door in chat responses messages; do measure "$door" openai-plain false >/dev/null; done # warm up
echo
echo "JSON texts parsed / written by the proxy ($N requests each; the design's bound, once each way at each end of each hop: 2 / 2 per request and per event)"
printf '%-10s %-13s %17s %19s %17s\n' door kind "whole answer" "stream, per request" "stream, per event"
for door in chat responses messages embeddings; do
  for kind in "${KINDS[@]}"; do
    if [ "$door" = embeddings ]; then
      [ "$kind" = openai ] || continue
      read -r p w <<< "$(measure embeddings openai-vectors false)"
      printf '%-10s %-13s %8s / %-6s %19s %17s\n' "$door" "$kind" "$(per "$p" "$N")" "$(per "$w" "$N")" - -
      continue
    fi
    read -r p w <<< "$(measure "$door" "$kind-plain" false)"
    whole="$(per "$p" "$N") / $(per "$w" "$N")"
    if [ "$kind" = bedrock ]; then
      printf '%-10s %-13s %17s %19s %17s\n' "$door" "$kind" "$whole" - -
      continue
    fi
    read -r p2 w2 <<< "$(measure "$door" "$kind-s2" true)"
    read -r p22 w22 <<< "$(measure "$door" "$kind-s22" true)"
    ep=$(awk -v a="$p22" -v b="$p2" -v n="$N" 'BEGIN { printf "%.2f", (a - b) / (20 * n) }')
    ew=$(awk -v a="$w22" -v b="$w2" -v n="$N" 'BEGIN { printf "%.2f", (a - b) / (20 * n) }')
    rp=$(awk -v a="$p2" -v n="$N" -v e="$ep" 'BEGIN { printf "%.1f", a / n - 2 * e }')
    rw=$(awk -v a="$w2" -v n="$N" -v e="$ew" 'BEGIN { printf "%.1f", a / n - 2 * e }')
    printf '%-10s %-13s %17s %19s %17s\n' "$door" "$kind" "$whole" "$rp / $rw" "$ep / $ew"
  done
done

# microseconds that $3 whole answers through door $1 from model $2 take, one request at a time; every one must be a 200
total_us() {
  local out
  out=$(hey -n "$3" -c 1 -m POST -T application/json -d "$(body "$1" "$2" false)" \
    "http://localhost:$PROXY_PORT/v1/$(path "$1")")
  [ "$(awk '$1 == "[200]" { print $2 }' <<< "$out")" = "$3" ] || { echo "not every answer was a 200: $1 $2" >&2; return 1; }
  awk '/Total:/ { printf "%d", $2 * 1000000 }' <<< "$out"
}
ROUNDS=3
DOORS=(chat responses messages)
echo
echo "Each door's overhead over chat completions (mean of $M whole answers, one request at a time, to the same upstream;"
echo "the doors take turns, $ROUNDS rounds, so that warming and the machine's drift fall on all alike)"
printf '%-10s %-13s %14s %14s\n' door kind "mean, µs" "over chat, µs"
for kind in openai anthropic gemini; do
  for door in "${DOORS[@]}"; do total_us "$door" "$kind-plain" 300 >/dev/null; done # warm up
  declare -A sum=()
  for round in $(seq 1 $ROUNDS); do
    for door in "${DOORS[@]}"; do
      sum[$door]=$(( ${sum[$door]:-0} + $(total_us "$door" "$kind-plain" $(( M / ROUNDS ))) ))
    done
  done
  chat_us=$(( sum[chat] / (M / ROUNDS * ROUNDS) ))
  for door in "${DOORS[@]}"; do
    us=$(( sum[$door] / (M / ROUNDS * ROUNDS) ))
    printf '%-10s %-13s %14s %14s\n' "$door" "$kind" "$us" "$(( us - chat_us ))"
  done
  unset sum
done
