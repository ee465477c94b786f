#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server for the gridwright-server tests and benchmark, and prints
# its admin URL (postgres://gridwright@127.0.0.1:PORT/postgres) as the last line of stdout.
#
#   scripts/pg-test-server.sh [--owner-pid PID] [--durable]
#
# * Installs Debian's `postgresql` package with apt-get if no PostgreSQL is found (root only).
# * initdb's a new cluster in a temporary directory (trust auth, loopback only) and starts it on
#   a free port. As root, the server runs as the `postgres` user (PostgreSQL refuses root).
# * --owner-pid PID: stop the server and delete its directory once process PID exits (the test
#   binary passes its own pid). Without it, the stop command is printed on stderr.
# * --durable: keep fsync on (for benchmarks); by default fsync is off, which is safe here
#   because the tests kill server processes, never the database.
#
# Everything but the URL goes to stderr.
set -euo pipefail

owner=""
durable=0
while [ $# -gt 0 ]; do
  case "$1" in
    --owner-pid) owner="$2"; shift 2 ;;
    --durable) durable=1; shift ;;
    *) echo "unknown argument: $1" >&2; exit 2 ;;
  esac
done

log() { echo "pg-test-server: $*" >&2; }

find_bindir() {
  local d
  d=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  if [ -n "$d" ] && [ -x "$d/initdb" ]; then echo "$d"; return 0; fi
  if command -v initdb >/dev/null 2>&1; then dirname "$(command -v initdb)"; return 0; fi
  return 1
}

bindir=$(find_bindir || true)
if [ -z "$bindir" ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    log "installing postgresql with apt-get"
    export DEBIAN_FRONTEND=noninteractive
    apt-get install -y -q postgresql >&2 || { apt-get update -q >&2 && apt-get install -y -q postgresql >&2; }
    bindir=$(find_bindir || true)
  fi
fi
if [ -z "$bindir" ]; then
  log "no PostgreSQL found and cannot install it (needs root and apt-get)"
  exit 1
fi

# PostgreSQL refuses to run as root: use the `postgres` user then.
if [ "$(id -u)" = 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    useradd --system --home-dir /var/lib/postgresql --shell /bin/sh postgres >&2
  fi
  as_pg() { runuser -u postgres -- "$@"; }
else
  as_pg() { "$@"; }
fi

dir=$(mktemp -d "${TMPDIR:-/tmp}/gridwright-pg.XXXXXX")
chmod 755 "$dir"
if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi

as_pg "$bindir/initdb" -D "$dir/data" -U gridwright --auth=trust -E UTF8 --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2; log "initdb failed"; exit 1; }

# A free loopback port: nothing answers on it.
port=""
for _ in $(seq 1 50); do
  p=$(( 20000 + RANDOM % 30000 ))
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then port=$p; break; fi
done
[ -n "$port" ] || { log "no free port found"; exit 1; }

opts="-p $port -c listen_addresses=127.0.0.1 -k $dir -c max_connections=300"
if [ "$durable" = 0 ]; then
  opts="$opts -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
fi
as_pg "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -o "$opts" -w -t 60 start </dev/null >&2 || {
  cat "$dir/server.log" >&2 || true; log "PostgreSQL did not start"; exit 1; }

stop_cmd="$bindir/pg_ctl -D $dir/data -m immediate stop; rm -rf $dir"
if [ -n "$owner" ]; then
  # Watchdog: detached, with no file descriptor of ours, so the caller's pipes close.
  if [ "$(id -u)" = 0 ]; then
    watch_cmd="while kill -0 $owner 2>/dev/null; do sleep 1; done; runuser -u postgres -- $bindir/pg_ctl -D $dir/data -m immediate stop; rm -rf $dir"
  else
    watch_cmd="while kill -0 $owner 2>/dev/null; do sleep 1; done; $stop_cmd"
  fi
  setsid nohup bash -c "$watch_cmd" </dev/null >/dev/null 2>&1 &
  log "PostgreSQL on port $port; stops when process $owner exits"
else
  log "PostgreSQL on port $port; stop it with: ${stop_cmd}"
fi
echo "postgres://gridwright@127.0.0.1:$port/postgres"
