#!/usr/bin/env bash
# Side-by-side load benchmark: Connect Four on boardgame.io 0.50.2 (in-memory storage) against
# the Gridwright server (every move committed to SQLite before anyone hears of it), with the
# same load generator (load.mjs): many concurrent matches of random moves, two players on two
# connections each, bounded in time. Then runs the server crate's own load benchmark (a Rust
# WebSocket client: `cargo bench -p gridwright-server --bench load`). Everything listens on
# 127.0.0.1 only.
#
#   bench/boardgameio/run.sh                    # 32 concurrent matches, 10 s each
#   CONCURRENCY=64 BENCH_SECONDS=20 bench/boardgameio/run.sh
#
# Environment: CONCURRENCY, BENCH_SECONDS, WARMUP (seconds, default 2), GRIDWRIGHT_SERVER_BIN (use
# this server binary instead of building target/release/gridwright-server), SKIP_RUST_BENCH=1.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
concurrency="${CONCURRENCY:-32}"
seconds="${BENCH_SECONDS:-10}"
warmup="${WARMUP:-2}"
say() { printf 'bench: %s\n' "$*" >&2; }

cd "$here"
if [ ! -f node_modules/boardgame.io/package.json ] || ! cmp -s package-lock.json node_modules/.package-lock.json.copy; then
  say "npm ci"
  npm ci --no-audit --no-fund --loglevel=error
  cp package-lock.json node_modules/.package-lock.json.copy
fi

free_port() { node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
wait_http() { # url pid log
  for _ in $(seq 1 150); do
    curl -fsS "$1" >/dev/null 2>&1 && return 0
    kill -0 "$2" 2>/dev/null || { say "server exited:"; cat "$3" >&2; return 1; }
    sleep 0.2
  done
  say "server did not come up:"; cat "$3" >&2; return 1
}

pids=()
tmp="$(mktemp -d "${TMPDIR:-/tmp}/gridwright-bench.XXXXXX")"
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done
  rm -rf "$tmp"
}
trap cleanup EXIT

load() { # target url seconds
  node "$here/load.mjs" --target "$1" --url "$2" --concurrency "$concurrency" --seconds "$3" --json
}

# --- boardgame.io ---------------------------------------------------------------------------
port="$(free_port)"
NODE_ENV=production node "$here/server.mjs" "$port" >"$tmp/bgio.log" 2>&1 &
pids+=("$!")
wait_http "http://127.0.0.1:$port/games" "${pids[-1]}" "$tmp/bgio.log"
say "boardgame.io 0.50.2 on 127.0.0.1:$port: warm-up ${warmup}s, then ${seconds}s with $concurrency matches at once"
load bgio "http://127.0.0.1:$port" "$warmup" >/dev/null
bgio="$(load bgio "http://127.0.0.1:$port" "$seconds")"
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true

# --- Gridwright -----------------------------------------------------------------------------
cd "$root"
if [ -n "${GRIDWRIGHT_SERVER_BIN:-}" ]; then
  bin="$GRIDWRIGHT_SERVER_BIN"
else
  say "cargo build --release -p gridwright-server"
  cargo build --release -p gridwright-server
  bin="$root/target/release/gridwright-server"
fi
port="$(free_port)"
# The server's default limits stay on (16 KiB messages, 20 messages/s per connection, bursts of
# 40): load.mjs opens fresh connections for every match, and a connection sends at most 22
# messages (hello and up to 21 moves of one Connect Four game), so no message is rate limited.
"$bin" --port "$port" --data "$tmp/gw-data" >"$tmp/gw.log" 2>&1 &
pids+=("$!")
wait_http "http://127.0.0.1:$port/api/health" "${pids[-1]}" "$tmp/gw.log"
store="$(curl -fsS "http://127.0.0.1:$port/api/health")"
say "Gridwright ($store) on 127.0.0.1:$port: warm-up ${warmup}s, then ${seconds}s with $concurrency matches at once"
load gridwright "http://127.0.0.1:$port" "$warmup" >/dev/null
gw="$(load gridwright "http://127.0.0.1:$port" "$seconds")"
kill "${pids[-1]}"; wait "${pids[-1]}" 2>/dev/null || true

# --- report ---------------------------------------------------------------------------------
node - "$bgio" "$gw" <<'JS'
const [bgio, gw] = process.argv.slice(2).map((s) => JSON.parse(s));
const row = (r) => `${r.target.padEnd(11)} ${String(r.moves_per_sec).padStart(10)} ${String(r.p50_ms).padStart(9)} ${String(r.p99_ms).padStart(9)} ${String(r.setup_p50_ms).padStart(9)} ${String(r.moves).padStart(8)} ${String(r.games).padStart(7)} ${String(r.failed_games).padStart(7)}`;
console.log('\nConnect Four, random moves, same load generator (load.mjs), loopback only');
console.log(`${'server'.padEnd(11)} ${'moves/s'.padStart(10)} ${'p50 ms'.padStart(9)} ${'p99 ms'.padStart(9)} ${'setup ms'.padStart(9)} ${'moves'.padStart(8)} ${'games'.padStart(7)} ${'failed'.padStart(7)}`);
console.log(row(bgio));
console.log(row(gw));
const ratio = gw.moves_per_sec / bgio.moves_per_sec;
const ok = ratio >= 2 && gw.p99_ms < bgio.p99_ms;
console.log(`\nGridwright/boardgame.io throughput: ${ratio.toFixed(2)}×; p99 ${gw.p99_ms} ms vs ${bgio.p99_ms} ms`);
console.log(`target (≥ 2× moves/s at a lower p99, every move durable on SQLite): ${ok ? 'MET' : 'NOT MET'}`);
for (const r of [bgio, gw]) if (r.failed_games) console.log(`${r.target}: ${r.failed_games} failed matches, first: ${r.first_error}`);
JS

# --- the server crate's own load benchmark (Rust client) ------------------------------------
# Same shape of load from a Rust WebSocket client (crates/server/benches/load.rs), on SQLite by
# default (RUST_BENCH_STORE=both adds PostgreSQL, which needs $GRIDWRIGHT_TEST_PG or a local
# PostgreSQL install).
if [ "${SKIP_RUST_BENCH:-0}" = 1 ]; then
  say "SKIP_RUST_BENCH=1: the server's own load benchmark is skipped"
elif grep -q -- '--matches' "$root/crates/server/benches/load.rs" 2>/dev/null; then
  say "cargo bench -p gridwright-server --bench load -- --matches $concurrency --secs $seconds --store ${RUST_BENCH_STORE:-sqlite}"
  (cd "$root" && cargo bench -p gridwright-server --bench load -- \
    --matches "$concurrency" --secs "$seconds" --store "${RUST_BENCH_STORE:-sqlite}") \
    || say "the server's load benchmark failed"
else
  say "crates/server/benches/load.rs is not written yet; skipped"
fi
