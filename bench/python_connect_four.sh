#!/usr/bin/env bash
# Side-by-side: random-play steps per second for Connect Four through Python, on one core:
# PettingZoo's connect_four_v3, pyspiel's connect_four, ours one step at a time (the State API
# and our PettingZoo env) and ours batched (VectorEnv, 1024 games).
#
#   bench/python_connect_four.sh [--seconds N] [--rounds R]
#
# Uses bench/.venv (gitignored; bench/lib.sh creates it with open_spiel), adds pettingzoo,
# pygame (which connect_four_v3 imports), numpy, gymnasium and maturin from PyPI, then
# `pip install ./python` (release build). Environment: OPEN_SPIEL_VERSION, PYTHON, CPU (the
# core to pin to with taskset, default 1). Rates are per CPU-second of the measuring thread.
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=bench/lib.sh
source "$HERE/lib.sh"
parse_args 13 -- "$@"

openspiel_venv
echo ">> pip install pettingzoo pygame numpy gymnasium maturin; pip install ./python" >&2
"$VENV/bin/pip" install --quiet "pettingzoo==1.27.0" pygame numpy gymnasium "maturin>=1.5,<2"
PATH="$VENV/bin:$PATH" "$VENV/bin/pip" install --quiet --no-build-isolation "$ROOT/python"

PIN=()
if command -v taskset >/dev/null && taskset -c "${CPU:-1}" true 2>/dev/null; then
    PIN=(taskset -c "${CPU:-1}")
fi
echo ">> load: $(cut -d' ' -f1-3 /proc/loadavg); ${PIN[*]:-unpinned}" >&2
"${PIN[@]}" "$VENV/bin/python" "$HERE/python_connect_four.py" \
    --seconds "$SECONDS_PER_RUN" --rounds "$ROUNDS"
