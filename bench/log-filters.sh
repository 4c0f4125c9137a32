#!/usr/bin/env bash
# Benchmark: the console's request-log queries on a seeded log of a million rows (thirty days of a busy gateway).
# Prints p50, p95 and max per query for each request-log filter, a later page, the dashboard and the spend tables.
# Usage: bench/log-filters.sh [h2|postgresql, default both] [rows, default 1000000] [runs per query, default 20]
# The seeded databases are kept (target/log-bench for H2, llmproxy_log_bench on PostgreSQL) and reused by the next run
# when they hold enough rows; drop them to seed again.
set -euo pipefail
cd "$(dirname "$0")/.."
DATABASES=${1:-h2 postgresql}
ROWS=${2:-1000000}
RUNS=${3:-20}
mvn -q -B -ntp -DskipTests test-compile
mvn -q -B -ntp dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile=target/log-bench.classpath
for db in $DATABASES; do
  java -Xmx1g -cp "target/classes:target/test-classes:$(cat target/log-bench.classpath)" \
    -Djava.util.logging.config.file=/dev/null \
    dev.llmproxy.infrastructure.persistence.RequestLogFilterBench "$db" "$ROWS" "$RUNS"
done
