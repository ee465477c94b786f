#!/usr/bin/env bash
# Side-by-side: complete random Connect Four games per second on one core,
# OpenSpiel's C++ implementation (driven from pyspiel, Python overhead excluded)
# against gridwright-connect-four.
#
#   bench/openspiel_connect_four.sh [--seconds N] [--rounds R]
#
# First run creates bench/.venv (gitignored) and installs open_spiel from PyPI.
# Environment: OPEN_SPIEL_VERSION (default 2.0.2, which ships a CPython 3.11
# manylinux x86_64 wheel), PYTHON (default python3), CPU (core to pin to with
# taskset, default 1).
#
# Both sides play complete games from the initial position with uniform random
# legal moves: OpenSpiel's RandomRolloutEvaluator (Clone, LegalActions, pick,
# ApplyAction, Returns per game) and our examples/random_games.rs (clone,
# legal_actions, Rng pick, step with events disabled, returns per game). Each
# side runs ROUNDS times, alternating, for SECONDS each; the best round of each
# is compared, which filters out interference from other processes. Rates are
# given per wall-clock second and per second of CPU time the measuring thread
# actually got (Linux), the latter being the fairer figure on a busy machine.
set -euo pipefail

SECONDS_PER_RUN=3
ROUNDS=3
while [[ $# -gt 0 ]]; do
    case "$1" in
        --seconds) SECONDS_PER_RUN="$2"; shift 2 ;;
        --rounds) ROUNDS="$2"; shift 2 ;;
        -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
        *) echo "unknown argument: $1" >&2; exit 2 ;;
    esac
done

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
CPU="${CPU:-1}"

# ---- OpenSpiel in a private venv (bench/lib.sh) ------------------------------
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"
openspiel_venv

# ---- our example, built before any timing ----------------------------------
echo ">> cargo build --release -p gridwright-connect-four --example random_games" >&2
(cd "$ROOT" && cargo build --quiet --release -p gridwright-connect-four --example random_games)
TARGET_DIR="$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps \
    | "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
OURS_BIN="$TARGET_DIR/release/examples/random_games"

# ---- one core ---------------------------------------------------------------
PIN=()
if command -v taskset >/dev/null && taskset -c "$CPU" true 2>/dev/null; then
    PIN=(taskset -c "$CPU")
fi

# value of `<key>=` on stdin (exact key, so `games_per_second` does not match `cpu_…`)
field() { sed -n "s/^[a-z]* $1=\([0-9.]*\)\$/\1/p" | tail -n 1; }
max() { awk -v a="$1" -v b="${2:-0}" 'BEGIN { print (b > a ? b : a) }'; }

best_os=0; best_gw=0; best_os_cpu=0; best_gw_cpu=0
echo ">> $ROUNDS rounds of ${SECONDS_PER_RUN}s each, ${PIN[*]:-unpinned}; load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
for round in $(seq 1 "$ROUNDS"); do
    os_out=$("${PIN[@]}" "$VENV/bin/python" "$HERE/openspiel_connect_four.py" --seconds "$SECONDS_PER_RUN")
    gw_out=$("${PIN[@]}" "$OURS_BIN" --seconds "$SECONDS_PER_RUN" 2>/dev/null)
    os=$(field games_per_second <<<"$os_out"); os_cpu=$(field cpu_games_per_second <<<"$os_out")
    gw=$(field games_per_second <<<"$gw_out"); gw_cpu=$(field cpu_games_per_second <<<"$gw_out")
    printf 'round %d: openspiel %10.0f games/s (%10.0f per CPU-s)   gridwright %10.0f games/s (%10.0f per CPU-s)\n' \
        "$round" "$os" "${os_cpu:-0}" "$gw" "${gw_cpu:-0}"
    best_os=$(max "$best_os" "$os"); best_os_cpu=$(max "$best_os_cpu" "$os_cpu")
    best_gw=$(max "$best_gw" "$gw"); best_gw_cpu=$(max "$best_gw_cpu" "$gw_cpu")
done
echo ">> load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

echo "openspiel games_per_second=$best_os"
echo "gridwright games_per_second=$best_gw"
awk -v g="$best_gw" -v o="$best_os" 'BEGIN { printf "ratio gridwright/openspiel=%.1f\n", g / o }'
if awk -v a="$best_os_cpu" -v b="$best_gw_cpu" 'BEGIN { exit !(a > 0 && b > 0) }'; then
    echo "openspiel cpu_games_per_second=$best_os_cpu"
    echo "gridwright cpu_games_per_second=$best_gw_cpu"
    awk -v g="$best_gw_cpu" -v o="$best_os_cpu" 'BEGIN { printf "ratio_cpu gridwright/openspiel=%.1f\n", g / o }'
fi
