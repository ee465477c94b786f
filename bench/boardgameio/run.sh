#!/usr/bin/env bash
# Side-by-side load benchmark: Connect Four on boardgame.io 0.50.2 (in-memory storage) against
# the Gridwright server (every move committed to SQLite before anyone hears of it), with the
# same load generator (load.mjs): many concurrent matches of random moves, two players on two
# connections each, bounded in time. Then runs the server crate's own load benchmark (a Rust
# WebSocket client: `cargo bench -p gridwright-server --bench load`). Everything listens on
# 127.0.0.1 only.
#
#   bench/boardgameio/run.sh                    # 32 concurrent matches, 3 rounds of 10 s each
#   CONCURRENCY=64 BENCH_SECONDS=20 ROUNDS=5 bench/boardgameio/run.sh
#
# Environment: CONCURRENCY, BENCH_SECONDS, ROUNDS (default 3: the servers take turns, and the
# medians decide), WARMUP (seconds, default 2), GRIDWRIGHT_SERVER_BIN (use
# this server binary instead of building target/release/gridwright-server), SKIP_RUST_BENCH=1.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
concurrency="${CONCURRENCY:-32}"
seconds="${BENCH_SECONDS:-10}"
warmup="${WARMUP:-2}"
rounds="${ROUNDS:-3}"
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

# --- build, then start both servers ---------------------------------------------------------
cd "$root"
if [ -n "${GRIDWRIGHT_SERVER_BIN:-}" ]; then
  bin="$GRIDWRIGHT_SERVER_BIN"
else
  say "cargo build --release -p gridwright-server"
  cargo build --release -p gridwright-server
  bin="${CARGO_TARGET_DIR:-$root/target}/release/gridwright-server"
fi

bgio_port="$(free_port)"
NODE_ENV=production node "$here/server.mjs" "$bgio_port" >"$tmp/bgio.log" 2>&1 &
pids+=("$!")
wait_http "http://127.0.0.1:$bgio_port/games" "${pids[-1]}" "$tmp/bgio.log"

gw_port="$(free_port)"
# The server's default message limits stay on (16 KiB messages, 20 messages/s per connection,
# bursts of 40): load.mjs opens fresh connections for every match, and a connection sends at most
# 22 messages (hello and up to 21 moves of one Connect Four game), so no message is rate limited.
# Its limits on *creating* matches are for people: 30 at once, then 20 a minute, and at most
# 50 unfinished per address. One load generator on one address creates hundreds a second and
# leaves up to $concurrency unfinished at the end of every run, so those two limits are lifted
# here (a closed loopback benchmark is the operator's own client); boardgame.io has none.
"$bin" --port "$gw_port" --data "$tmp/gw-data" \
  --create-burst 0 --max-unfinished-per-address 0 >"$tmp/gw.log" 2>&1 &
pids+=("$!")
wait_http "http://127.0.0.1:$gw_port/api/health" "${pids[-1]}" "$tmp/gw.log"
store="$(curl -fsS "http://127.0.0.1:$gw_port/api/health")"

say "boardgame.io 0.50.2 on 127.0.0.1:$bgio_port, Gridwright ($store) on 127.0.0.1:$gw_port"
say "each: warm-up ${warmup}s, then $rounds round(s) of ${seconds}s with $concurrency matches at once, taking turns"
load bgio "http://127.0.0.1:$bgio_port" "$warmup" >/dev/null
load gridwright "http://127.0.0.1:$gw_port" "$warmup" >/dev/null
# The two servers take turns, round after round, so that a change in the machine's load (other
# work on a shared machine) falls on both alike; the report gives every round and the medians.
results=()
for r in $(seq 1 "$rounds"); do
  results+=("$(load bgio "http://127.0.0.1:$bgio_port" "$seconds")")
  results+=("$(load gridwright "http://127.0.0.1:$gw_port" "$seconds")")
  say "round $r of $rounds done (load average: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo '?'))"
done

# --- report ---------------------------------------------------------------------------------
node - "${results[@]}" <<'JS'
const runs = process.argv.slice(2).map((s) => JSON.parse(s));
const cols = ['moves_per_sec', 'p50_ms', 'p99_ms', 'setup_p50_ms', 'moves', 'games', 'failed_games'];
const head = ['moves/s', 'p50 ms', 'p99 ms', 'setup ms', 'moves', 'games', 'failed'];
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : Number(((s[m - 1] + s[m]) / 2).toFixed(3));
};
const row = (name, r) => `${name.padEnd(18)} ${cols.map((c, i) => String(r[c]).padStart(head[i].length + 3)).join('')}`;
console.log('\nConnect Four, random moves, same load generator (load.mjs), loopback only');
console.log(`${'server'.padEnd(18)} ${head.map((h) => h.padStart(h.length + 3)).join('')}`);
const med = {};
for (const target of ['bgio', 'gridwright']) {
  const mine = runs.filter((r) => r.target === target);
  mine.forEach((r, i) => console.log(row(`${target} #${i + 1}`, r)));
  med[target] = Object.fromEntries(cols.map((c) => [c, median(mine.map((r) => r[c]))]));
  if (mine.length > 1) console.log(row(`${target} median`, med[target]));
}
const [b, g] = [med.bgio, med.gridwright];
const ratio = g.moves_per_sec / b.moves_per_sec;
const ok = ratio >= 2 && g.p99_ms < b.p99_ms;
console.log(`\nGridwright/boardgame.io throughput (medians): ${ratio.toFixed(2)}×; p99 ${g.p99_ms} ms vs ${b.p99_ms} ms`);
console.log(`target (≥ 2× moves/s at a lower p99, every move durable on SQLite): ${ok ? 'MET' : 'NOT MET'}`);
for (const r of runs) if (r.failed_games) console.log(`${r.target}: ${r.failed_games} failed matches, first: ${r.first_error}`);
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
