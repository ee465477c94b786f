# Shared by the OpenSpiel comparison scripts (source it; needs HERE set to bench/).
# openspiel_venv: makes sure bench/.venv holds open_spiel $OPEN_SPIEL_VERSION (default 2.0.2)
# and prints its version; sets VENV. Environment: PYTHON (default python3).
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
