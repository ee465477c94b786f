# Shared by the OpenSpiel comparison scripts (source it; needs HERE set to bench/). Sets ROOT,
# the workspace.
# openspiel_venv: makes sure bench/.venv holds open_spiel $OPEN_SPIEL_VERSION (default 2.0.2)
# and prints its version; sets VENV. Environment: PYTHON (default python3).
ROOT="$(cd "$HERE/.." && pwd)"

# parse_args HELP_END [OPTION=VAR...] -- ARGS...: sets SECONDS_PER_RUN (`--seconds N`, default
# 3) and ROUNDS (`--rounds R`, default 3) and, for each OPTION=VAR, VAR from `--OPTION value`;
# `-h`/`--help` prints lines 2 to HELP_END of the script (its header) and exits.
parse_args() {
    local help_end="$1"; shift
    local -A vars=([--seconds]=SECONDS_PER_RUN [--rounds]=ROUNDS)
    while [[ "$1" != -- ]]; do vars["--${1%%=*}"]="${1#*=}"; shift; done
    shift
    SECONDS_PER_RUN=3
    ROUNDS=3
    while [[ $# -gt 0 ]]; do
        case "$1" in
            -h|--help) sed -n "2,${help_end}p" "$0"; exit 0 ;;
        esac
        local var="${vars[$1]:-}"
        if [[ -z "$var" ]]; then echo "unknown argument: $1" >&2; exit 2; fi
        if [[ $# -lt 2 ]]; then echo "$1 needs a value" >&2; exit 2; fi
        printf -v "$var" '%s' "$2"
        shift 2
    done
}

openspiel_venv() {
    VENV="$HERE/.venv"
    local python="${PYTHON:-python3}"
    local version="${OPEN_SPIEL_VERSION:-2.0.2}"
    if [[ ! -x "$VENV/bin/python" ]]; then
        echo ">> creating $VENV" >&2
        "$python" -m venv "$VENV"
    fi
    if ! "$VENV/bin/python" -c "import pyspiel" 2>/dev/null; then
        echo ">> pip install open_spiel==$version" >&2
        "$VENV/bin/pip" install --quiet "open_spiel==$version"
    fi
    "$VENV/bin/python" - <<'PY' >&2
import importlib.metadata, pyspiel
assert hasattr(pyspiel, "MCTSBot") and hasattr(pyspiel, "RandomRolloutEvaluator")
print(">> open_spiel", importlib.metadata.version("open_spiel"))
PY
}

# ours_example PACKAGE EXAMPLE: builds our release example before any timing; sets OURS_BIN.
# Needs ROOT (the workspace) and VENV (for its python).
ours_example() {
    echo ">> cargo build --release -p $1 --example $2" >&2
    (cd "$ROOT" && cargo build --quiet --release -p "$1" --example "$2")
    local target_dir
    target_dir="$(cd "$ROOT" && cargo metadata --format-version 1 --no-deps \
        | "$VENV/bin/python" -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
    OURS_BIN="$target_dir/release/examples/$2"
}

# compare_rounds UNIT SETTINGS: runs the caller's run_openspiel and run_ours (each prints
# `<who> UNIT_per_second=<N>` and `<who> cpu_UNIT_per_second=<N>` lines) ROUNDS times,
# alternating, SECONDS_PER_RUN each, pinned to core CPU (default 1) with taskset where it can
# (the PIN array, for the run_ functions); prints each round, then the best of each side and
# their ratio, per wall-clock second and, where both sides measured it, per CPU-second.
# SETTINGS (may be empty) goes in the opening line, before the pinning.
compare_rounds() {
    local unit="$1" settings="$2"
    PIN=()
    if command -v taskset >/dev/null && taskset -c "${CPU:-1}" true 2>/dev/null; then
        PIN=(taskset -c "${CPU:-1}")
    fi
    # value of `<key>=` on stdin (exact key, so `UNIT_per_second` does not match `cpu_…`)
    field() { sed -n "s/^[a-z]* $1=\([0-9.]*\)\$/\1/p" | tail -n 1; }
    max() { awk -v a="$1" -v b="${2:-0}" 'BEGIN { print (b > a ? b : a) }'; }

    local best_os=0 best_gw=0 best_os_cpu=0 best_gw_cpu=0 round os_out gw_out os os_cpu gw gw_cpu
    echo ">> $ROUNDS rounds of ${SECONDS_PER_RUN}s each, $settings${PIN[*]:-unpinned};" \
         "load: $(cut -d' ' -f1-3 /proc/loadavg)" >&2
    for round in $(seq 1 "$ROUNDS"); do
        os_out=$(run_openspiel)
        gw_out=$(run_ours)
        os=$(field "${unit}_per_second" <<<"$os_out")
        os_cpu=$(field "cpu_${unit}_per_second" <<<"$os_out")
        gw=$(field "${unit}_per_second" <<<"$gw_out")
        gw_cpu=$(field "cpu_${unit}_per_second" <<<"$gw_out")
        printf "round %d: openspiel %10.0f $unit/s (%10.0f per CPU-s)   gridwright %10.0f $unit/s (%10.0f per CPU-s)\n" \
            "$round" "$os" "${os_cpu:-0}" "$gw" "${gw_cpu:-0}"
        best_os=$(max "$best_os" "$os"); best_os_cpu=$(max "$best_os_cpu" "$os_cpu")
        best_gw=$(max "$best_gw" "$gw"); best_gw_cpu=$(max "$best_gw_cpu" "$gw_cpu")
    done
    echo ">> load after: $(cut -d' ' -f1-3 /proc/loadavg)" >&2

    echo "openspiel ${unit}_per_second=$best_os"
    echo "gridwright ${unit}_per_second=$best_gw"
    awk -v g="$best_gw" -v o="$best_os" 'BEGIN { printf "ratio gridwright/openspiel=%.1f\n", g / o }'
    if awk -v a="$best_os_cpu" -v b="$best_gw_cpu" 'BEGIN { exit !(a > 0 && b > 0) }'; then
        echo "openspiel cpu_${unit}_per_second=$best_os_cpu"
        echo "gridwright cpu_${unit}_per_second=$best_gw_cpu"
        awk -v g="$best_gw_cpu" -v o="$best_os_cpu" 'BEGIN { printf "ratio_cpu gridwright/openspiel=%.1f\n", g / o }'
    fi
}
