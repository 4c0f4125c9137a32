#!/usr/bin/env bash
# Benchmark: the cost of the chain's latency bookkeeping per request (the deadline forecast before an attempt and
# the two measurements after it), in microseconds. Target: under 20 us at p50.
# Usage: bench/latency.sh [requests, default 2000000]
set -euo pipefail
cd "$(dirname "$0")/.."
OUT=bench/out/latency
rm -rf "$OUT" && mkdir -p "$OUT"
mvn -q -B -ntp -DskipTests compile
HDR=$(find ~/.m2/repository/org/hdrhistogram/HdrHistogram/2.2.2 -name 'HdrHistogram-2.2.2.jar' | head -1)
javac -d "$OUT" -cp "target/classes:$HDR" bench/latency/LatencyBookkeeping.java
java -cp "$OUT:target/classes:$HDR" LatencyBookkeeping "${1:-2000000}"
