#!/usr/bin/env bash
# Operational drills (not part of CI): two instances of the WAR on one PostgreSQL, reached through a relay that can cut
# the database away, then one instance on the embedded H2 database. Prints the figures of six drills:
#   1. load with faults: 100 concurrent clients for 60 s, the primary failing 30 % of the time (a fallback behind it);
#   2. database outage: steady load on both instances while the database is cut for 20 s; readiness polled meanwhile;
#   3. kill -9 under load, with requestLogDurability async and then sync: answered requests missing from the log;
#   4. what sync costs: p50/p99 at a fixed 200 req/s, async against sync;
#   5. on embedded H2: kill -9 under 50 concurrent clients, async and then sync: answered requests missing from the log;
#   6. on embedded H2: what sync costs at a fixed 200 req/s, async against sync.
# Usage: bench/drills.sh [fault-load seconds, default 60]   or   bench/drills.sh h2   (drills 5 and 6 only)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT="$ROOT/bench/out/drills"
. bench/server.sh
ONLY_H2=$([ "${1:-}" = h2 ] && echo yes || echo no)
FAULT_SECONDS=$([ "$ONLY_H2" = yes ] && echo 60 || echo "${1:-60}")
DB=llmproxy_drill
RELAY_PORT=15432
A_PORT=9381
B_PORT=9382
SALT=drill-salt-of-enough-length
export PGHOST=127.0.0.1 PGUSER=postgres

bench_tools hey
rm -rf "$OUT" && mkdir -p "$OUT"
RELAY_PID=
cleanup() {
  for s in drillA drillB drillH2; do "$WLP/bin/server" stop $s >/dev/null 2>&1 || true; done
  [ -n "$RELAY_PID" ] && kill "$RELAY_PID" 2>/dev/null || true
}
trap cleanup EXIT

echo "== building the WAR"
mvn -q -B -ntp -DskipTests package liberty:create >/dev/null
start() { # $1 = name, $2 = port
  "$WLP/bin/server" start "$1" >/dev/null
  for _ in $(seq 1 120); do curl -sf -o /dev/null "localhost:$2/health/live" && return; sleep 1; done
  echo "$1 did not start" >&2; exit 1
}
config() { # $1 = requestLogDurability, $2 = the instance's port (default: instance a)
  curl -sf -u admin:drill -X PUT -H 'Content-Type: application/json' "localhost:${2:-$A_PORT}/admin/api/config" -d "{
    \"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],
    \"models\":[{\"name\":\"flaky\",\"provider\":\"sim\",\"upstreamModel\":\"flaky-30pct-10ms\"},
                {\"name\":\"steady\",\"provider\":\"sim\",\"upstreamModel\":\"healthy-10ms\"}],
    \"tiers\":[{\"name\":\"faults\",\"chain\":[\"flaky\",\"steady\"]},{\"name\":\"plain\",\"chain\":[\"steady\"]}],
    \"settings\":{\"ipLimitPerMinute\":0,\"ipLimitPerHour\":0,\"maxSameModelRetries\":1,\"backoffInitialMs\":5,
      \"breakerFailureThreshold\":10000,\"breakerConsecutiveFailures\":10000,\"requestLogDurability\":\"$1\"}}" >/dev/null
  sleep 4 # the other instance picks the change up within one poll (2 s)
}
sync_cost() { # $1 = port, $2 = label: p50/p99 at a fixed 200 req/s with async, then with sync
  echo '{"model":"plain","messages":[{"role":"user","content":"Say ok."}]}' > "$OUT/body.json"
  for mode in async sync; do
    config $mode "$1"
    hey -z 5s -c 10 -q 20 -m POST -T application/json -D "$OUT/body.json" "http://127.0.0.1:$1/v1/chat/completions" >/dev/null
    hey -z 20s -c 10 -q 20 -m POST -T application/json -D "$OUT/body.json" "http://127.0.0.1:$1/v1/chat/completions" \
      > "$OUT/hey-$2-$mode.txt"
    awk -v m="$mode" '$1=="50%" && $2=="in" {p50=$3*1000} $1=="99%" && $2=="in" {p99=$3*1000}
      END {printf "   %s: p50 %.2f ms, p99 %.2f ms (the sim model answers in 10 ms)\n", m, p50, p99}' "$OUT/hey-$2-$mode.txt"
  done
}

if [ "$ONLY_H2" = no ]; then
PG_JAR=$(find ~/.m2/repository/org/postgresql/postgresql -name 'postgresql-*.jar' | sort | tail -1)
psql -d postgres -qc "DROP DATABASE IF EXISTS $DB" -c "CREATE DATABASE $DB" >/dev/null
python3 bench/drills/relay.py $RELAY_PORT 127.0.0.1 5432 > "$OUT/relay.log" 2>&1 &
RELAY_PID=$!

server() { # $1 = name, $2 = port, $3 = instance id
  local dir="$WLP/usr/servers/$1"
  rm -rf "$dir" && mkdir -p "$dir/jdbc" "$dir/dropins"
  cp admin/liberty/server.xml "$dir/"
  { cat admin/liberty/jvm.options; echo; echo "-Xmx512m"; } > "$dir/jvm.options"
  cp "$PG_JAR" "$dir/jdbc/" && cp target/llm-proxy.war "$dir/dropins/"
  cat > "$dir/server.env" <<ENV
PROXY_HTTP_PORT=$2
PROXY_HTTPS_PORT=$(( $2 + 1000 ))
PROXY_DB_URL=jdbc:postgresql://127.0.0.1:$RELAY_PORT/$DB?connectTimeout=2&socketTimeout=10
PROXY_DB_USER=postgres
PROXY_DB_PASSWORD=
PROXY_ADMIN_PASSWORD=drill
PROXY_IP_SALT=$SALT
PROXY_INSTANCE_ID=$3
ENV
}
server drillA $A_PORT a && server drillB $B_PORT b
echo "== starting two instances"
start drillA $A_PORT & SA=$!
start drillB $B_PORT & SB=$!
wait $SA $SB

# answered request ids (file $1) that have no request-log row
missing() {
  psql -d $DB -qtA -v ON_ERROR_STOP=1 <<SQL | tail -1
CREATE TEMP TABLE answered (id VARCHAR(64));
\copy answered FROM '$1'
SELECT count(*) FROM answered a WHERE NOT EXISTS (SELECT 1 FROM request_log r WHERE r.request_id = a.id);
SQL
}
settle() { # until the live instances' request-log queues are empty (at most a minute)
  for _ in $(seq 1 60); do
    local busy=0
    for p in $A_PORT $B_PORT; do
      b=$(curl -s -m 2 "localhost:$p/metrics" | awk '$1=="proxy_request_log_backlog" {print int($2)}' || true)
      [ -n "$b" ] && [ "$b" -gt 0 ] && busy=1
    done
    [ $busy -eq 0 ] && { sleep 1; return; }
    sleep 1
  done
}

config async
echo
echo "== 1. load with faults: 100 concurrent clients for ${FAULT_SECONDS}s, the primary failing 30 % of the time"
python3 bench/drills/load.py localhost $A_PORT faults 100 "$FAULT_SECONDS" "$OUT/faults.ids" "faults"
settle
echo "   answered requests without a request-log row: $(missing "$OUT/faults.ids") of $(wc -l < "$OUT/faults.ids")"

echo
echo "== 2. database outage: 5 clients on each instance for 40 s, the database cut from 10 s to 30 s"
python3 bench/drills/load.py localhost $A_PORT plain 5 40 "$OUT/outage-a.ids" "instance a" > "$OUT/outage-a.txt" &
LA=$!
python3 bench/drills/load.py localhost $B_PORT plain 5 40 "$OUT/outage-b.ids" "instance b" > "$OUT/outage-b.txt" &
LB=$!
ready_ok=0; ready_all=0
for t in $(seq 1 40); do
  [ "$t" -eq 10 ] && kill -USR1 $RELAY_PID
  [ "$t" -eq 30 ] && kill -USR2 $RELAY_PID
  if [ "$t" -gt 11 ] && [ "$t" -lt 30 ]; then
    for p in $A_PORT $B_PORT; do
      ready_all=$((ready_all + 1))
      [ "$(curl -s -o /dev/null -m 5 -w '%{http_code}' "localhost:$p/health/ready")" = 200 ] && ready_ok=$((ready_ok + 1))
    done
  fi
  sleep 1
done
wait $LA $LB
cat "$OUT/outage-a.txt" "$OUT/outage-b.txt" | sed 's/^/   /'
echo "   readiness during the outage: $ready_ok of $ready_all polls UP"
sleep 5 # the log writers retry every second; limits return to the shared store on the next requests
settle
cat "$OUT/outage-a.ids" "$OUT/outage-b.ids" > "$OUT/outage.ids"
echo "   answered requests without a request-log row after recovery: $(missing "$OUT/outage.ids") of $(wc -l < "$OUT/outage.ids")"

echo
echo "== 3. kill -9 under load (20 clients on instance a, killed after 5 s)"
for mode in async sync; do
  config $mode
  python3 bench/drills/load.py localhost $A_PORT plain 20 8 "$OUT/kill-$mode.ids" "$mode" > "$OUT/kill-$mode.txt" &
  LOAD=$!
  sleep 5
  kill -9 "$(cat "$WLP/usr/servers/.pid/drillA.pid")"
  wait $LOAD
  sed 's/^/   /' "$OUT/kill-$mode.txt"
  settle
  echo "   $mode: answered requests missing from the request log: $(missing "$OUT/kill-$mode.ids") of $(wc -l < "$OUT/kill-$mode.ids")"
  start drillA $A_PORT
done

echo
echo "== 4. what requestLogDurability=sync costs: a fixed 200 req/s for 20 s (hey, 10 connections)"
sync_cost $A_PORT pg
fi

# Embedded H2: one instance, its database a file in its data directory (the embedded default), the H2 jar as its
# driver. After a kill the file is read with H2's own shell, and the request ids it holds are checked against the
# answered ones.
H2_PORT=9383
H2_DATA="$OUT/h2data"
H2_JAR="$WLP/usr/servers/defaultServer/jdbc/h2.jar"
h2_server() {
  local dir="$WLP/usr/servers/drillH2"
  rm -rf "$dir" "$H2_DATA" && mkdir -p "$dir/jdbc" "$dir/dropins" "$H2_DATA"
  cp admin/liberty/server.xml "$dir/"
  { cat admin/liberty/jvm.options; echo; echo "-Xmx512m"; } > "$dir/jvm.options"
  cp "$H2_JAR" "$dir/jdbc/" && cp target/llm-proxy.war "$dir/dropins/"
  cat > "$dir/server.env" <<ENV
PROXY_HTTP_PORT=$H2_PORT
PROXY_HTTPS_PORT=$(( H2_PORT + 1000 ))
PROXY_DATA_DIR=$H2_DATA
PROXY_ADMIN_PASSWORD=drill
PROXY_IP_SALT=$SALT
ENV
}
h2_missing() { # answered ids (file $1) without a row in the killed instance's H2 file
  java -cp "$H2_JAR" org.h2.tools.Shell -url "jdbc:h2:file:$H2_DATA/proxy" -user sa \
    -sql "CALL CSVWRITE('$OUT/h2-rows.csv', 'SELECT request_id FROM request_log', 'writeColumnHeader=false')" >/dev/null
  tr -d '"' < "$OUT/h2-rows.csv" | sort > "$OUT/h2-rows.txt"
  sort "$1" | comm -23 - "$OUT/h2-rows.txt" | wc -l
}
h2_server
echo
echo "== 5. embedded H2: kill -9 under load (50 clients, killed after 5 s)"
for mode in async sync; do
  start drillH2 $H2_PORT
  config $mode $H2_PORT
  python3 bench/drills/load.py localhost $H2_PORT plain 50 8 "$OUT/h2-kill-$mode.ids" "$mode" > "$OUT/h2-kill-$mode.txt" &
  LOAD=$!
  sleep 5
  kill -9 "$(cat "$WLP/usr/servers/.pid/drillH2.pid")"
  wait $LOAD
  sed 's/^/   /' "$OUT/h2-kill-$mode.txt"
  echo "   $mode: answered requests missing from the request log: $(h2_missing "$OUT/h2-kill-$mode.ids") of $(wc -l < "$OUT/h2-kill-$mode.ids")"
  rm -f "$WLP/usr/servers/.pid/drillH2.pid"
done

echo
echo "== 6. embedded H2: what requestLogDurability=sync costs: a fixed 200 req/s for 20 s (hey, 10 connections)"
start drillH2 $H2_PORT
sync_cost $H2_PORT h2
echo "== 6b. embedded H2, saturated (python load, 20 clients for 10 s): async against sync"
for mode in async sync; do
  config $mode $H2_PORT
  python3 bench/drills/load.py localhost $H2_PORT plain 20 10 "$OUT/h2-sat-$mode.ids" "$mode" | sed 's/^/   /'
done
