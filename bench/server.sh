# Sourced by the benchmarks (needs ROOT): a Liberty server of the benchmark's own, made from the kit's server
# (target/liberty, made by `mvn package liberty:create`), so that a benchmark never touches the default one.

WLP="$ROOT/target/liberty/wlp"

# bench_server_create NAME HTTP_PORT HTTPS_PORT DATA_DIR JVM_OPTIONS WAR...
#   JVM_OPTIONS: lines added to the kit's jvm.options (each ending in a newline), e.g. $'-DPROXY_ADMIN_PASSWORD=bench\n'
bench_server_create() {
  local dir="$WLP/usr/servers/$1"
  rm -rf "$dir"
  cp -r "$WLP/usr/servers/defaultServer" "$dir"
  rm -rf "$dir"/{dropins,apps,logs,workarea,configDropins}
  mkdir -p "$dir/dropins"
  cp "${@:6}" "$dir/dropins/"
  printf 'PROXY_HTTP_PORT=%s\nPROXY_HTTPS_PORT=%s\nPROXY_DATA_DIR=%s/data\n' "$2" "$3" "$4" > "$dir/bootstrap.properties"
  printf -- '%s' "$5" >> "$dir/jvm.options"
}

# bench_server_start NAME HTTP_PORT: starts it and waits (up to two minutes) until the proxy answers.
bench_server_start() {
  "$WLP/bin/server" start "$1" >/dev/null
  for _ in $(seq 1 120); do curl -sf -o /dev/null "localhost:$2/v1/models" && return 0; sleep 1; done
  echo "the server $1 did not answer on port $2" >&2
  return 1
}

# bench_tools TOOL...: installs from Debian whatever of them the machine lacks (each package is named as its tool).
bench_tools() {
  local missing=()
  for tool in "$@"; do command -v "$tool" >/dev/null 2>&1 || missing+=("$tool"); done
  [ ${#missing[@]} -eq 0 ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null; }
}

# bench_stop_on_exit NAME OUT: on exit, stops the server NAME and the nginx whose pid file is under OUT/nginx.
bench_stop_on_exit() {
  trap "\"$WLP/bin/server\" stop $1 >/dev/null 2>&1 || true; [ -f \"$2/nginx/nginx.pid\" ] && kill \"\$(cat \"$2/nginx/nginx.pid\")\" 2>/dev/null || true" EXIT
}
