#!/usr/bin/env bash
# Benchmark: one client flooding past its per-address limit (the default 60 a minute) as fast as it can, and what that
# costs everyone else. Prints, from one run on one Liberty server with the embedded H2 database:
#   - GET /v1/models saturated (the reference: a cheap answer from the same server);
#   - the flood alone, saturated: refusals a second (every one a 429);
#   - a well-behaved keyed client at a fixed rate: p50 and p99 without the flood and during it;
#   - the request-log rows the flood left (one per caller and window, plus the first refusal's own row).
# Usage: bench/flood.sh [seconds per load, default 15] [well-behaved rate, default 50]
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out/flood"
DURATION=${1:-15}
RATE=${2:-50}
PORT=9290
SERVER=floodServer
. bench/server.sh

bench_tools wrk hey
rm -rf "$OUT" && mkdir -p "$OUT"
bench_stop_on_exit $SERVER "$OUT"

echo "== building the WAR"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
bench_server_create $SERVER $PORT 9690 "$OUT" $'-DPROXY_ADMIN_PASSWORD=bench\n' target/llm-proxy.war
echo "== starting Liberty"
bench_server_start $SERVER $PORT

# The flooder is the address 203.0.113.66 (told through X-Forwarded-For by the trusted local peer), limited by the
# default ipLimitPerMinute (60); the well-behaved client has an API key whose cap is far above its load.
curl -sf -u admin:bench -X PUT -H 'Content-Type: application/json' "localhost:$PORT/admin/api/config" -d '{
  "providers":[{"name":"sim","kind":"sim"}],
  "models":[{"name":"flood-sim","provider":"sim","upstreamModel":"healthy"}],
  "tiers":[{"name":"flood","chain":["flood-sim"]}],
  "settings":{"trustedProxies":["127.0.0.1","::1"]}}' >/dev/null
KEY=$(curl -sf -u admin:bench -H 'Content-Type: application/json' "localhost:$PORT/admin/api/keys" \
  -d '{"name":"well-behaved","limitPerMinute":1000000}' | sed -E 's/.*"key":"([^"]+)".*/\1/')
BODY='{"model":"flood","messages":[{"role":"user","content":"Say ok."}]}'
echo "$BODY" > "$OUT/body.json"
cat > "$OUT/flood.lua" <<LUA
wrk.method = "POST"
wrk.body   = '$BODY'
wrk.headers["Content-Type"] = "application/json"
wrk.headers["X-Forwarded-For"] = "203.0.113.66"
LUA
URL="http://127.0.0.1:$PORT/v1/chat/completions"
well_behaved() { # $1 = alone | during
  hey -z "${DURATION}s" -c 5 -q $((RATE / 5)) -m POST -T application/json -H "Authorization: Bearer $KEY" \
    -D "$OUT/body.json" "$URL" > "$OUT/hey-$1.txt"
}
p50() { awk '$1=="50%" && $2=="in" {printf "%.2f", $3*1000}' "$OUT/hey-$1.txt"; }
p99() { awk '$1=="99%" && $2=="in" {printf "%.2f", $3*1000}' "$OUT/hey-$1.txt"; }
rps() { awk '/Requests\/sec/ {printf "%.0f", $2}' "$1"; }

echo "== warming up (JIT)"
wrk -t2 -c16 -d20s "http://127.0.0.1:$PORT/v1/models" >/dev/null
wrk -t2 -c16 -d20s -s "$OUT/flood.lua" "$URL" >/dev/null
hey -z 10s -c 5 -q $((RATE / 5)) -m POST -T application/json -H "Authorization: Bearer $KEY" -D "$OUT/body.json" "$URL" >/dev/null
sleep 61 # the warm-up's refusal run ends with its window

echo "== GET /v1/models, saturated (wrk -t2 -c32, ${DURATION}s)"
wrk -t2 -c32 -d"${DURATION}s" "http://127.0.0.1:$PORT/v1/models" > "$OUT/wrk-models.txt"
echo "== the flood alone, saturated (wrk -t2 -c32, ${DURATION}s)"
BEFORE=$(date -u +%s)
wrk -t2 -c32 -d"${DURATION}s" -s "$OUT/flood.lua" "$URL" > "$OUT/wrk-flood.txt"
echo "== the well-behaved client at ${RATE} req/s: alone, then during a flood"
well_behaved alone
wrk -t1 -c32 -d"$((DURATION + 4))s" -s "$OUT/flood.lua" "$URL" > "$OUT/wrk-flood-during.txt" &
FLOOD=$!
sleep 2
well_behaved during
wait $FLOOD

MODELS=$(rps "$OUT/wrk-models.txt")
FLOODED=$(rps "$OUT/wrk-flood.txt")
NON2XX=$(awk '/Non-2xx/ {print $NF}' "$OUT/wrk-flood.txt")
TOTAL=$(awk '/requests in/ {print $1}' "$OUT/wrk-flood.txt")
sleep 65 # the flood's refusal runs end with their windows and are written within a second
# every row since the flood began, page by page: the 429s and the refusals they stand for
read -r ROWS REFUSALS <<<"$(python3 - "$PORT" "$(date -u -d @"$BEFORE" +%Y-%m-%dT%H:%M:%S)" <<'PY'
import base64, json, sys, urllib.parse, urllib.request
port, since = sys.argv[1], sys.argv[2]
auth = "Basic " + base64.b64encode(b"admin:bench").decode()
rows = refusals = 0
cursor = None
while True:
    url = f"http://127.0.0.1:{port}/admin/api/requests?limit=500" + (f"&before={urllib.parse.quote(cursor)}" if cursor else "")
    page = json.load(urllib.request.urlopen(urllib.request.Request(url, headers={"Authorization": auth})))
    for r in page["data"]:
        if r["status"] == 429 and r["receivedAt"] >= since:
            rows += 1
            refusals += r["caller"].get("refusals") or 1
    cursor = page["nextCursor"]
    if not cursor or page["data"][-1]["receivedAt"] < since:
        break
print(rows, refusals)
PY
)"
echo
echo "GET /v1/models, saturated:          ${MODELS} req/s"
echo "the flood alone, saturated:         ${FLOODED} req/s (${NON2XX:-0} of ${TOTAL} answered 429)"
awk -v f="$FLOODED" -v m="$MODELS" 'BEGIN {printf "refusals against GET /v1/models:    %.2f (target: 0.5 or more)\n", f/m}'
echo "well-behaved client at ${RATE} req/s, alone:       p50 $(p50 alone) ms, p99 $(p99 alone) ms"
echo "well-behaved client, during the flood:    p50 $(p50 during) ms, p99 $(p99 during) ms"
awk -v a="$(p50 alone)" -v d="$(p50 during)" 'BEGIN {printf "p50 during the flood against alone:  %.2f (target: 2 or less)\n", d/a}'
echo "request-log rows of 429s since the flood began: ${ROWS}, standing for ${REFUSALS} refusals"
