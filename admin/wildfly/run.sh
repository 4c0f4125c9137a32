#!/usr/bin/env bash
# Starts WildFly with the proxy:  admin/wildfly/run.sh <wildfly-home> [more standalone.sh options]
# The environment variables of docs/configuration.md apply.(PROXY_HTTP_PORT, PROXY_HTTP_HOST, the database's, the proxy's own).
set -euo pipefail
home=$1
shift
host=${PROXY_HTTP_HOST:-0.0.0.0}
[ "$host" = "*" ] && host=0.0.0.0
exec "$home/bin/standalone.sh" -c standalone-microprofile.xml -b "$host" \
  -Djboss.http.port="${PROXY_HTTP_PORT:-8080}" "$@"
