#!/usr/bin/env bash
# Fairness under overload: a steady caller's latency alone, then while another key floods the proxy past what it can
# serve. The proxy runs as shipped with a small capacity (4 requests at work, the default queue of 64) in front of a
# simulated model that answers in 50 ms, so that the flood fills the admission queue. Prints each phase's figures and
# the steady caller's p99 under the flood as a multiple of its p99 alone.
# Usage: bench/fairness.sh [seconds per phase, default 20] [steady rate, req/s, default 10] [flood connections, default 48]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out-fairness"
SECONDS_PER_PHASE=${1:-20}
STEADY_RATE=${2:-10}
FLOOD=${3:-48}
PORT=9295
SERVER=fairServer
. bench/server.sh

bench_tools hey
rm -rf "$OUT" && mkdir -p "$OUT"
bench_stop_on_exit $SERVER "$OUT"

echo "== building the WAR and the kit's server"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
bench_server_create $SERVER $PORT 9695 "$OUT" $'-DPROXY_ADMIN_PASSWORD=fair\n' target/llm-proxy.war
bench_server_start $SERVER $PORT

curl -sf -u admin:fair -X PUT -H 'Content-Type: application/json' "localhost:$PORT/admin/api/config" -d '{
  "providers":[{"name":"sim","kind":"sim"}],
  "models":[{"name":"fair-50ms","provider":"sim","upstreamModel":"healthy-50ms"}],
  "tiers":[{"name":"fair","chain":["fair-50ms"]}],
  "settings":{"ipLimitPerMinute":0,"ipLimitPerHour":0,"maxConcurrentUpstream":4,"queueWaitTimeoutMs":10000}}' >/dev/null
key() { # $1 = name -> a key far above the load's rate
  curl -sf -u admin:fair -H 'Content-Type: application/json' "localhost:$PORT/admin/api/keys" \
    -d "{\"name\":\"$1\",\"limitPerMinute\":1000000}" | sed -E 's/.*"key":"([^"]+)".*/\1/'
}
STEADY=$(key steady)
FLOODER=$(key flood)
printf '{"model":"fair","messages":[{"role":"user","content":"Say ok."}]}' > "$OUT/body.json"
URL="http://127.0.0.1:$PORT/v1/chat/completions"

steady() { # $1 = output file: the steady caller at its fixed rate
  hey -z "${SECONDS_PER_PHASE}s" -c 2 -q $((STEADY_RATE / 2)) -m POST -T application/json \
    -H "Authorization: Bearer $STEADY" -D "$OUT/body.json" "$URL" > "$1"
}
flood() { # $1 = output file, $2 = seconds: the flooding key, as fast as its connections go
  hey -z "${2}s" -c "$FLOOD" -m POST -T application/json -H "Authorization: Bearer $FLOODER" -D "$OUT/body.json" \
    "$URL" > "$1"
}
ms() { awk -v p="$2%" '$1==p && $2=="in" {printf "%.1f", $3*1000}' "$1"; }
codes() { grep -E "^\s+\[[0-9]+\]" "$1" | awk '{printf "%s%s %s", sep, $1, $2; sep=", "}'; }

echo "== warming up"
hey -z 20s -c 8 -m POST -T application/json -H "Authorization: Bearer $STEADY" -D "$OUT/body.json" "$URL" >/dev/null

echo "== the steady caller alone: ${STEADY_RATE} req/s for ${SECONDS_PER_PHASE} s"
steady "$OUT/alone.txt"

echo "== the steady caller while another key floods (${FLOOD} connections, no pause)"
flood "$OUT/flood.txt" $((SECONDS_PER_PHASE + 10)) &
FLOODING=$!
sleep 5 # the flood fills the queue first
steady "$OUT/flooded.txt"
wait $FLOODING

printf '\n%-32s %10s %10s %10s  %s\n' "" "p50" "p99" "req/s" "statuses"
for phase in alone flooded flood; do
  printf '%-32s %7s ms %7s ms %10s  %s\n' \
    "$(case $phase in alone) echo "steady caller alone";; flooded) echo "steady caller, under the flood";;
       flood) echo "the flooding key";; esac)" \
    "$(ms "$OUT/$phase.txt" 50)" "$(ms "$OUT/$phase.txt" 99)" \
    "$(awk '/Requests\/sec/ {printf "%.0f", $2}' "$OUT/$phase.txt")" "$(codes "$OUT/$phase.txt")"
done
awk -v a="$(ms "$OUT/alone.txt" 99)" -v f="$(ms "$OUT/flooded.txt" 99)" 'BEGIN {
  if (a == "" || f == "") { print "\nthe steady caller'"'"'s p99: not measured (too few answers)"; exit }
  printf "\nthe steady caller'"'"'s p99 under the flood: %.1f times its p99 alone\n", f / a
}'
