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
# ApplyAction, Returns per game) and our examples/connect_four_random_games.rs (clone,
# legal_actions, Rng pick, step with events disabled, returns per game). Each
# side runs ROUNDS times, alternating, for SECONDS each; the best round of each
# is compared, which filters out interference from other processes. Rates are
# given per wall-clock second and per second of CPU time the measuring thread
# actually got (Linux), the latter being the fairer figure on a busy machine.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"
parse_args 20 -- "$@"

# ---- OpenSpiel in a private venv (bench/lib.sh) ------------------------------
openspiel_venv

# ---- our example, built before any timing, then the rounds (bench/lib.sh) --------
ours_example gridwright-connect-four connect_four_random_games
run_openspiel() {
    "${PIN[@]}" "$VENV/bin/python" "$HERE/openspiel_connect_four.py" --seconds "$SECONDS_PER_RUN"
}
run_ours() {
    "${PIN[@]}" "$OURS_BIN" --seconds "$SECONDS_PER_RUN" 2>/dev/null
}
compare_rounds games ""
