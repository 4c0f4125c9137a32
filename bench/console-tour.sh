#!/usr/bin/env bash
# Retakes the console's pictures in docs/ (docs/console.md) as a new install shows them: the server started the way
# the README's first command starts it, on a fresh database, with the demo configuration; a short simulated load on
# every door; one key with a budget; one configuration change; then the tour (dev.llmproxy.tools.ConsoleTour).
# Usage: bench/console-tour.sh   (after `mvn -DskipTests package`, which builds the classes it runs)
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
DATA=$(mktemp -d)
PASSWORD="tour-$(date +%s)"
BASE=http://localhost:9080
LOG="$ROOT/target/console-tour-server.log"

if [ ! -x /usr/bin/chromedriver ] || [ ! -x /usr/bin/chromium ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

PROXY_DATA_DIR="$DATA" PROXY_ADMIN_PASSWORD="$PASSWORD" mvn -B -q -ntp liberty:run >"$LOG" 2>&1 &
cleanup() {
  "$ROOT/target/liberty/wlp/bin/server" stop defaultServer >/dev/null 2>&1 || true
  rm -rf "$DATA"
}
trap cleanup EXIT
for _ in $(seq 1 120); do
  curl -sf -o /dev/null "$BASE/health/ready" && break
  sleep 2
done
curl -sf -o /dev/null "$BASE/health/ready" || { echo "the server did not start: see $LOG" >&2; exit 1; }

admin() { curl -sf -u "admin:$PASSWORD" -H 'Content-Type: application/json' "$@"; }
# the load goes through a key of its own: an anonymous caller gets 60 requests a minute from one address
KEY=$(admin "$BASE/admin/api/keys" -d '{"name":"demo load","scope":"default"}' | grep -o '"key":"[^"]*"' | cut -d'"' -f4)
ask() { curl -s -o /dev/null -H 'Content-Type: application/json' -H "Authorization: Bearer $KEY" "$BASE$1" -d "$2" || true; }
for i in $(seq 1 30); do
  for tier in fast balanced thoughtful drill; do
    ask /v1/chat/completions "{\"model\":\"$tier\",\"messages\":[{\"role\":\"user\",\"content\":\"Question $i\"}]}"
  done
  ask /v1/chat/completions "{\"model\":\"balanced\",\"stream\":true,\"messages\":[{\"role\":\"user\",\"content\":\"Stream $i\"}]}"
  ask /v1/embeddings "{\"model\":\"embeddings\",\"input\":[\"text $i\"]}"
  ask /v1/messages "{\"model\":\"fast\",\"max_tokens\":100,\"messages\":[{\"role\":\"user\",\"content\":\"Hello $i\"}]}"
  ask /v1/responses "{\"model\":\"fast\",\"input\":\"Hi $i\",\"store\":false}"
done

admin "$BASE/admin/api/keys" -d '{"name":"mobile app","scope":"chat","allowedTiers":["fast","balanced"],"limitPerMinute":120,"budget":{"dailyUsd":2,"monthlyTokens":5000000}}' >/dev/null
admin "$BASE/admin/api/config" -o "$DATA/config.json"
sed 's/Quick answers from a small model\./Quick answers from a small model, for autocomplete./' "$DATA/config.json" >"$DATA/changed.json"
admin -X PUT "$BASE/admin/api/config" --data-binary @"$DATA/changed.json" >/dev/null

mvn -B -q -ntp dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$ROOT/target/console-tour.classpath"
java -cp "$ROOT/target/test-classes:$ROOT/target/classes:$(cat "$ROOT/target/console-tour.classpath")" \
  dev.llmproxy.tools.ConsoleTour "$BASE" "$PASSWORD" "$ROOT/docs"
echo "pictures written to docs/console-*.png"
