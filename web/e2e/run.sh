#!/usr/bin/env bash
# End-to-end test of the browser client: builds and starts the Gridwright server on a free
# loopback port with a fresh data directory, drives Debian's Chromium through a whole Grid
# Battles game, a short Command Core flow, Starcore and Milkomeda with Playwright, and stops the server. Exits non-zero on failure.
#
# Screenshots: target/e2e-screenshots/. Node packages are installed under target/e2e-node/, not
# here: the server embeds every file under web/ into its binary.
#
# Environment:
#   GRIDWRIGHT_SERVER_BIN  use this server binary instead of building one
#   GAME_TIMEOUT_MS        how long the whole game may take (default 300000)
#   --install-only         install Chromium and the Node packages, then stop (scripts/test runs
#                          this in the background while Rust compiles)
#   E2E_ONLY=starcore      run only the Starcore file (starcore.e2e.mjs) after the unit tests;
#                          milkomeda: only milkomeda.e2e.mjs; play: only play.e2e.mjs (Grid Battles,
#                          Command Core, Connect Four and the kit); lab: only lab.e2e.mjs (the
#                          Lab page: a small run to its charts, a cancelled run)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
work="$root/target/e2e-node"
shots="$root/target/e2e-screenshots"

say() { printf 'e2e: %s\n' "$*" >&2; }

install_only=0
[ "${1:-}" = "--install-only" ] && install_only=1

# 0. The browser's copy of the Command Core arc rule against the engine's table, and the view
# kit's pure logic (web/ui/model.js), under plain Node.
if [ "$install_only" -eq 0 ]; then
  node "$here/arcs.check.mjs"
  node --test "$here/unit/"
fi

# 1. The browser: Debian's Chromium (a test tool's own browser download does not work here).
if [ ! -x /usr/bin/chromium ]; then
  say "installing Debian's chromium"
  sudo_() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }
  sudo_ apt-get update
  sudo_ env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium
fi

# 2. playwright-core (and typescript for typecheck.sh), pinned by package-lock.json.
mkdir -p "$shots"
# shellcheck source=install.sh
source "$here/install.sh"
[ "$install_only" -eq 1 ] && exit 0

# 3. The server: `gridwright serve` once the CLI has it, else the server crate's own binary.
cd "$root"
if [ -n "${GRIDWRIGHT_SERVER_BIN:-}" ]; then
  server=("$GRIDWRIGHT_SERVER_BIN")
else
  say "cargo build --release"
  cargo build --release
  bin="${CARGO_TARGET_DIR:-target}/release"   # where cargo put it
  if "$bin/gridwright" serve --help >/dev/null 2>&1; then
    server=("$bin/gridwright" serve)
  else
    say "gridwright has no 'serve' yet: using the gridwright-server binary"
    cargo build --release -p gridwright-server
    server=("$bin/gridwright-server")
  fi
fi
port="$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
data="$(mktemp -d "${TMPDIR:-/tmp}/gridwright-e2e.XXXXXX")"
log="$data/server.log"
say "starting ${server[*]} --port $port --data $data"
"${server[@]}" --port "$port" --data "$data" --create-burst 200 --create-per-minute 200 --max-unfinished-per-address 200 >"$log" 2>&1 &
server_pid=$!
cleanup() {
  kill "$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  rm -rf "$data"
}
trap cleanup EXIT

for _ in $(seq 1 150); do
  if curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1; then break; fi
  if ! kill -0 "$server_pid" 2>/dev/null; then
    say "server exited:"; cat "$log" >&2; exit 1
  fi
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || { say "server did not come up:"; cat "$log" >&2; exit 1; }

# 4. The test. The files run at once (each in its own browser, against the same server,
# each match its own): together they take as long as the longest instead of their sum. Each
# prints its lines with its own prefix; a file's status is its own.
want() { [ -z "${E2E_ONLY:-}" ] || [ "$E2E_ONLY" = "$1" ]; }
pids=(); names=()
if want play; then
  BASE_URL="http://127.0.0.1:$port" SCREENSHOT_DIR="$shots" node "$work/play.e2e.mjs" &
  pids+=($!); names+=(play)
fi
# Starcore from the lobby to the end, at desktop and phone width, and the hotseat cover; it
# starts a second server of its own (STARCORE_SERVER) on a copy of the content with an aimed ability.
if want starcore; then
  BASE_URL="http://127.0.0.1:$port" SCREENSHOT_DIR="$shots" STARCORE_SERVER="${server[*]}" STARCORE_CONTENT="$root/content" \
    node "$work/starcore.e2e.mjs" &
  pids+=($!); names+=(starcore)
fi
# Milkomeda from the lobby: a whole Small three match (one person, two AI) with a combat, two
# people and a spectator, phone width, hotseat.
if want milkomeda; then
  BASE_URL="http://127.0.0.1:$port" SCREENSHOT_DIR="$shots" node "$work/milkomeda.e2e.mjs" &
  pids+=($!); names+=(milkomeda)
fi
# The Lab page: a small balance run to its charts, a refusal, a bigger run cancelled.
if want lab; then
  BASE_URL="http://127.0.0.1:$port" SCREENSHOT_DIR="$shots" node "$work/lab.e2e.mjs" &
  pids+=($!); names+=(lab)
fi
status=0
for i in "${!pids[@]}"; do
  rc=0; wait "${pids[$i]}" || rc=$?
  if [ "$rc" -ne 0 ]; then say "${names[$i]}.e2e.mjs FAILED (exit $rc)"; status=$rc; else say "${names[$i]}.e2e.mjs passed"; fi
done
if [ "$status" -ne 0 ]; then
  say "FAILED; server log:"; tail -n 50 "$log" >&2
fi
say "screenshots in $shots"
exit "$status"
