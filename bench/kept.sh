#!/usr/bin/env bash
# What answers kept to be given again cost: the proxy's own time per answer (X-Proxy-Overhead-Ms) of sequential
# requests of one API key, on the shipped server with its embedded H2 (or on Redis, with PROXY_REDIS_URL set), for a
# plain request, one with a new Idempotency-Key each time (a claim before the run, the answer kept after it), the same
# key again (a replay), and a tier's fresh answer to a request at temperature 0. Prints each one's p50, p90 and p99.
# Usage: bench/kept.sh [requests per kind, default 400]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out-kept"
REQUESTS=${1:-400}
PORT=9296
SERVER=keptServer
. bench/server.sh

rm -rf "$OUT" && mkdir -p "$OUT"
bench_stop_on_exit $SERVER "$OUT"

echo "== building the WAR and the kit's server"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
REDIS_OPTION=""
if [ -n "${PROXY_REDIS_URL:-}" ]; then REDIS_OPTION="-DPROXY_REDIS_URL=$PROXY_REDIS_URL"$'\n'; fi
bench_server_create $SERVER $PORT 9696 "$OUT" $'-DPROXY_ADMIN_PASSWORD=kept\n'"$REDIS_OPTION" target/llm-proxy.war
bench_server_start $SERVER $PORT

curl -sf -u admin:kept -X PUT -H 'Content-Type: application/json' "localhost:$PORT/admin/api/config" -d '{
  "providers":[{"name":"sim","kind":"sim"}],
  "models":[{"name":"kept-sim","provider":"sim","upstreamModel":"healthy"}],
  "tiers":[{"name":"kept","chain":["kept-sim"]},
           {"name":"kept-fresh","chain":["kept-sim"],"maxAgeSeconds":3600}],
  "settings":{"ipLimitPerMinute":0,"ipLimitPerHour":0}}' >/dev/null
KEY=$(curl -sf -u admin:kept -H 'Content-Type: application/json' "localhost:$PORT/admin/api/keys" \
  -d '{"name":"kept","limitPerMinute":1000000}' | sed -E 's/.*"key":"([^"]+)".*/\1/')
URL="http://127.0.0.1:$PORT/v1/chat/completions"
PLAIN='{"model":"kept","messages":[{"role":"user","content":"Say ok."}]}'
FRESH='{"model":"kept-fresh","temperature":0,"messages":[{"role":"user","content":"Say ok."}]}'
RUN=$(date +%s%N)

# overhead NAME BODY KEY_MODE: KEY_MODE is none, new (a key per request) or same (one key for all)
overhead() {
  for i in $(seq 1 "$REQUESTS"); do
    case "$3" in
      none) idem=() ;;
      new) idem=(-H "Idempotency-Key: $RUN-$1-$i") ;;
      same) idem=(-H "Idempotency-Key: $RUN-$1") ;;
    esac
    curl -s -o /dev/null -D - -H 'Content-Type: application/json' -H "Authorization: Bearer $KEY" "${idem[@]}" \
      -d "$2" "$URL" | tr -d '\r' | awk -F': ' 'tolower($1) == "x-proxy-overhead-ms" {print $2}'
  done | sort -n | awk -v name="$1" '{v[NR] = $1} END {
    if (NR == 0) { print name ": no answer said it"; exit }
    printf "%-36s p50 %.3f ms, p90 %.3f ms, p99 %.3f ms (%d answers)\n", name, v[int(NR * 0.5)], v[int(NR * 0.9)],
      v[int(NR * 0.99)], NR }'
}

echo "== warming up"
overhead warm-up "$PLAIN" none >/dev/null
overhead warm-up-keys "$PLAIN" new >/dev/null
echo "== the proxy's own time per answer, $REQUESTS sequential requests each ($([ -n "$REDIS_OPTION" ] && echo Redis || echo H2))"
overhead "plain" "$PLAIN" none
overhead "a new Idempotency-Key each" "$PLAIN" new
overhead "the same key again (replays)" "$PLAIN" same
overhead "a tier's fresh answer (temperature 0)" "$FRESH" none
