#!/usr/bin/env bash
# Does `gridwright simulate` use every core? Games per second of random-vs-random batches on one
# thread and on two, side by side, for every game and setup listed below, with two independent
# one-thread processes run at once as the machine's own ceiling (what two cores give to work that
# shares nothing at all).
#
#   bench/simulate_threads.sh [--rounds R] [--bin PATH] [--only GAME]
#
# Builds the release binary first (unless --bin names one). Each round runs, for each setup, the
# three configurations one after the other (1 thread, 2 threads, 2 processes of 1 thread), so a
# change in machine load touches all three alike; the best round of each is kept. Games per
# setup are sized for about a second on one core. Prints the load average before and after: on a
# machine shared with other work (load above about 1) the figures say more about the neighbours
# than about the code, and the 2-process ceiling shows by how much.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
ROUNDS=3
BIN=""
ONLY=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        -h|--help) sed -n '2,15p' "$0"; exit 0 ;;
        --rounds) ROUNDS="${2:?--rounds needs a value}"; shift 2 ;;
        --bin) BIN="${2:?--bin needs a value}"; shift 2 ;;
        --only) ONLY="${2:?--only needs a value}"; shift 2 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done
if [[ -z "$BIN" ]]; then
    echo ">> cargo build --release -p gridwright-cli" >&2
    (cd "$ROOT" && cargo build --quiet --release -p gridwright-cli)
    target_dir="${CARGO_TARGET_DIR:-$ROOT/target}"
    BIN="$target_dir/release/gridwright"
fi
# game scenario games
SETUPS=(
    "command-core duel 30000"
    "milkomeda duel 1500"
    "starcore arc-foundry-vs-iron-vanguard 2500"
    "grid-battles skirmish 30000"
)
# games/s of one run: simulate GAME SCENARIO GAMES THREADS SEED
rate() {
    "$BIN" simulate "$1" --scenario "$2" --games "$3" --threads "$4" --seed "$5" --json 2>/dev/null \
        | sed -n 's/.*"games_per_second": \([0-9.]*\).*/\1/p'
}
# games/s of two one-thread processes at once, each playing half the games (wall clock of both)
pair() {
    local half=$(($3 / 2)) t0 t1
    t0=$(date +%s.%N)
    "$BIN" simulate "$1" --scenario "$2" --games "$half" --threads 1 --seed "$4" --json >/dev/null 2>&1 &
    local p=$!
    "$BIN" simulate "$1" --scenario "$2" --games "$half" --threads 1 --seed "$(($4 + 1))" --json >/dev/null 2>&1
    wait "$p"
    t1=$(date +%s.%N)
    awk -v n="$((2 * half))" -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", n / (b - a) }'
}
max() { awk -v a="$1" -v b="$2" 'BEGIN { print (b > a ? b : a) }'; }
echo ">> $ROUNDS rounds; load before: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
printf "%-14s %-32s %10s %10s %10s %7s %9s\n" game scenario "1 thread" "2 threads" "2 procs" speedup ceiling
for setup in "${SETUPS[@]}"; do
    read -r game scenario games <<<"$setup"
    [[ -n "$ONLY" && "$ONLY" != "$game" ]] && continue
    b1=0 b2=0 bp=0
    for round in $(seq 1 "$ROUNDS"); do
        seed=$((round * 1000))
        r1=$(rate "$game" "$scenario" "$games" 1 "$seed")
        r2=$(rate "$game" "$scenario" "$games" 2 "$seed")
        rp=$(pair "$game" "$scenario" "$games" "$seed")
        echo "   round $round $game: 1t $r1  2t $r2  2p $rp" >&2
        b1=$(max "$b1" "$r1"); b2=$(max "$b2" "$r2"); bp=$(max "$bp" "$rp")
    done
    awk -v g="$game" -v s="$scenario" -v a="$b1" -v b="$b2" -v p="$bp" \
        'BEGIN { printf "%-14s %-32s %10.0f %10.0f %10.0f %6.2fx %8.2fx\n", g, s, a, b, p, b / a, p / a }'
done
echo ">> load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
