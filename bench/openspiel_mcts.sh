#!/usr/bin/env bash
# Side by side: MCTS simulations per second on Connect Four, one thread, OpenSpiel's C++
# MCTSBot (driven from pyspiel) against gridwright-agents' Mcts.
#
#   bench/openspiel_mcts.sh [--seconds N] [--rounds R] [--sims S] [--c C]
#
# Both sides search the initial position with the same UCT constant (default 2) and the
# same number of simulations per search (default 10000), each simulation ending in one
# uniformly random playout to the end of the game: OpenSpiel's MCTSBot with a
# RandomRolloutEvaluator(1) and no solver, and our examples/mcts_connect_four.rs (Mcts with
# rollout=random, depth=none, one thread). Each search starts a fresh tree. Each side runs
# ROUNDS times, alternating, for SECONDS each; the best round of each is compared, which
# filters out interference from other processes. Rates are per wall-clock second and per
# second of CPU time the measuring thread got (Linux), the fairer figure on a busy machine.
#
# First run creates bench/.venv (gitignored) and installs open_spiel from PyPI (see
# bench/openspiel_connect_four.sh). Environment: OPEN_SPIEL_VERSION (default 2.0.2),
# PYTHON (default python3), CPU (core to pin to with taskset, default 1).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"
SIMS=10000
UCT_C=2
parse_args 18 sims=SIMS c=UCT_C -- "$@"

# ---- OpenSpiel in a private venv (bench/lib.sh) ------------------------------
openspiel_venv

# ---- our example, built before any timing, then the rounds (bench/lib.sh) --------
ours_example gridwright-agents mcts_connect_four
run_openspiel() {
    "${PIN[@]}" "$VENV/bin/python" "$HERE/openspiel_mcts.py" \
        --seconds "$SECONDS_PER_RUN" --sims "$SIMS" --c "$UCT_C"
}
run_ours() {
    "${PIN[@]}" "$OURS_BIN" --seconds "$SECONDS_PER_RUN" --sims "$SIMS" --c "$UCT_C" 2>/dev/null
}
compare_rounds sims "$SIMS simulations per search, c=$UCT_C, "
