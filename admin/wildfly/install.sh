#!/usr/bin/env bash
# Prepares a stock WildFly 39 (unpacked wildfly-dist) for the proxy, once:
#   admin/wildfly/install.sh <wildfly-home> <llm-proxy.war> [postgresql.jar]
# Without a driver jar the datasource is the embedded H2 file (h2.cli); with one, PostgreSQL (postgresql.cli).
# Applying it to an already prepared server fails at the datasource, which exists: apply each once.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
home=$1 war=$2 driver=${3:-}
if [ -n "$driver" ]; then
  cp "$driver" "$home/standalone/deployments/postgresql.jar"
  "$home/bin/jboss-cli.sh" --file="$here/postgresql.cli"
else
  "$home/bin/jboss-cli.sh" --file="$here/h2.cli"
fi
cp "$war" "$home/standalone/deployments/llm-proxy.war"
