#!/usr/bin/env bash
# Runs the proxy on Payara Micro 6:  admin/payara/run.sh <payara-micro.jar> <llm-proxy.war>
# The environment variables of docs/configuration.md apply. PROXY_DB_URL decides the database: unset or jdbc:h2:... is the embedded
# H2 file in PROXY_DATA_DIR (Payara's own H2 driver), jdbc:postgresql:... PostgreSQL with the driver jar found in
# PROXY_JDBC_DIR. The deployment's success is in the log, not in "ready": Payara prints that either way.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
jar=$1 war=$2
: "${PROXY_HTTP_PORT:=8080}"
: "${PROXY_DATA_DIR:=$PWD/data}"
: "${PROXY_DB_URL:=jdbc:h2:file:$PROXY_DATA_DIR/proxy;DB_CLOSE_ON_EXIT=FALSE}"
export PROXY_DB_URL
extra=()
case "$PROXY_DB_URL" in
  jdbc:postgresql:*)
    kit=postgresql.asadmin
    driver=$(ls "${PROXY_JDBC_DIR:?set PROXY_JDBC_DIR to the directory holding the PostgreSQL driver jar}"/*.jar | head -1)
    extra+=(--addlibs "$driver")
    ;;
  *) kit=h2.asadmin ;;
esac
exec java ${PROXY_JAVA_OPTS:-} -jar "$jar" \
  --nocluster --port "$PROXY_HTTP_PORT" --contextroot / "${extra[@]}" \
  --postbootcommandfile "$here/$kit" --deploy "$war"
