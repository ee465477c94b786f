//! The engine's replay files (`gridwright replay`, `simulate --replays`, `balance --replays`)
//! read from Python: parsed by the engine's `Replay::from_json`, verified by `Replay::verify`
//! (every move re-played with the file's seed, the event log's hash compared), then kept as the
//! game of the file's config and the session's steps (chance included), from which `State`s are
//! rebuilt through the rules. The catalog names the game; this file names none.

use crate::erased::{self, DynGame, DynState, Refused};
use crate::{PyGame, PyState, json_to_py};
use gridwright_catalog::{Frontend, GameKind, with_game};
use gridwright_engine::{ActionIndex, Actor, ObservationPlanes, Replay, Seat};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use serde_json::Value;
use std::sync::Arc;

/// The largest replay file read: 64 MiB (a replay of the longest shipped games is well under a
/// megabyte).
pub const MAX_REPLAY_BYTES: u64 = 64 << 20;

/// One step of the recorded session: `None` for chance, and the action as JSON.
type Step = (Option<Seat>, Value);

/// A verified replay.
struct Loaded {
    game: Arc<dyn DynGame>,
    kind: GameKind,
    header: Replay,
    steps: Vec<Step>,
    /// For each player move: its position in `steps`, its seat and its text.
    moves: Vec<(usize, Seat, String)>,
    returns: Vec<f64>,
    terminal: bool,
}

/// Reads the replay `text` found at `name` (a path, or `the text given`).
///
/// # Errors
/// Not a replay, of no game this build has, or it does not verify.
fn load(text: &str) -> Result<Loaded, Refused> {
    let header = Replay::from_json(text).map_err(|e| Refused(e.to_string()))?;
    let kind = GameKind::from_name(&header.game).ok_or_else(|| {
        Refused(format!(
            "it is a replay of `{}`, a game this build does not have (games: {})",
            header.game,
            GameKind::names().join(", ")
        ))
    })?;
    with_game!(kind, G => of_game::<G>(kind, header))
}

fn of_game<G: Frontend + ActionIndex + ObservationPlanes>(
    kind: GameKind,
    header: Replay,
) -> Result<Loaded, Refused> {
    let session = header
        .verify::<G>()
        .map_err(|e| Refused(format!("it does not verify: {e}")))?;
    let config = session.config().clone();
    let setup = G::config_name(&config);
    let game = erased::from_config::<G>(config, setup)?;
    let state = session.state();
    let mut steps = Vec::with_capacity(session.log().len());
    let mut moves = Vec::with_capacity(header.moves.len());
    for e in session.log() {
        let seat = match e.actor {
            Actor::Seat(s) => Some(s),
            Actor::Chance => None,
        };
        if let Some(s) = seat {
            moves.push((steps.len(), s, state.action_text(&e.action)));
        }
        let action =
            serde_json::to_value(e.action).map_err(|e| Refused(format!("a step as JSON: {e}")))?;
        steps.push((seat, action));
    }
    Ok(Loaded {
        game,
        kind,
        returns: state.returns().into_vec(),
        terminal: state.is_terminal(),
        header,
        steps,
        moves,
    })
}

/// Where a replay comes from, for messages.
fn source_name(path: Option<&str>) -> String {
    path.map_or_else(
        || "the replay text given".to_owned(),
        |p| format!("replay file {p}"),
    )
}

/// Reads the file at `path`, refusing a directory, a missing file, a file over
/// [`MAX_REPLAY_BYTES`] and a file that is not UTF-8 text.
fn read_file(path: &str) -> Result<String, Refused> {
    let meta = std::fs::metadata(path).map_err(|e| Refused(format!("cannot read it: {e}")))?;
    if meta.is_dir() {
        return Err(Refused(
            "it is a directory, not a replay file (name one of the .json files in it)".to_owned(),
        ));
    }
    if meta.len() > MAX_REPLAY_BYTES {
        return Err(Refused(format!(
            "it is {} bytes; a replay file is at most {MAX_REPLAY_BYTES} bytes",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path).map_err(|e| Refused(format!("cannot read it: {e}")))?;
    String::from_utf8(bytes).map_err(|_| Refused("it is not UTF-8 text".to_owned()))
}

/// A verified engine replay: its game and config, seed, moves in words, final returns, and the
/// `State`s it passes through.
#[pyclass(name = "Replay", module = "gridwright._gridwright", frozen)]
pub struct PyReplay {
    path: Option<String>,
    loaded: Loaded,
}

impl std::fmt::Debug for PyReplay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Replay")
            .field("path", &self.path)
            .field("game", &self.loaded.header.game)
            .field("moves", &self.loaded.moves.len())
            .finish()
    }
}

impl PyReplay {
    /// The state after the first `k` moves (and the chance steps that followed them).
    fn state(&self, k: usize) -> Result<Box<dyn DynState>, Refused> {
        let l = &self.loaded;
        let end = l.moves.get(k).map_or(l.steps.len(), |m| m.0);
        let mut state = l.game.new_initial_state();
        for (seat, action) in &l.steps[..end] {
            state.apply_json(*seat, action)?;
        }
        Ok(state)
    }

    fn py_state(&self, inner: Box<dyn DynState>) -> PyState {
        PyState {
            game: Arc::clone(&self.loaded.game),
            inner,
        }
    }
}

#[pymethods]
impl PyReplay {
    /// The file it was read from (`None`: read from text).
    #[getter]
    fn path(&self) -> Option<String> {
        self.path.clone()
    }
    /// The game of the replay's config (its `name`, `config()`, actions, planes …).
    #[getter]
    fn game(&self) -> PyGame {
        PyGame {
            kind: self.loaded.kind,
            inner: Arc::clone(&self.loaded.game),
        }
    }
    /// The config as a dict (content included), as in the file.
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.loaded.header.config)
    }
    /// The seed the session's chance was drawn from.
    #[getter]
    fn seed(&self) -> u64 {
        self.loaded.header.seed
    }
    /// The rules version the game was played under.
    #[getter]
    fn rules_version(&self) -> String {
        self.loaded.header.rules_version.clone()
    }
    /// The event-log hash the file records (and the re-run reproduced).
    #[getter]
    fn event_hash(&self) -> String {
        self.loaded.header.event_hash.clone()
    }
    /// The player moves in order, as `(seat, text)` with the text the terminal shows.
    #[getter]
    fn moves(&self) -> Vec<(usize, String)> {
        self.loaded
            .moves
            .iter()
            .map(|(_, s, t)| (s.index(), t.clone()))
            .collect()
    }
    /// The returns per seat after the last move (zeros if the game was not over).
    #[getter]
    fn returns(&self) -> Vec<f64> {
        self.loaded.returns.clone()
    }
    /// Whether the game was over after the last move.
    #[getter]
    fn terminal(&self) -> bool {
        self.loaded.terminal
    }
    /// The seat that resigned after the last move, if one did.
    #[getter]
    fn resigned(&self) -> Option<usize> {
        self.loaded.header.resigned.map(Seat::index)
    }
    /// The number of player moves.
    fn __len__(&self) -> usize {
        self.loaded.moves.len()
    }
    /// The state after the first `k` player moves (0 to `len(replay)`; negative counts from
    /// the end), chance that followed them resolved as in the recorded game.
    fn state_at(&self, k: i64) -> PyResult<PyState> {
        let n = self.loaded.moves.len();
        let i = if k < 0 { k + n as i64 + 1 } else { k };
        let i = usize::try_from(i).ok().filter(|i| *i <= n).ok_or_else(|| {
            PyValueError::new_err(format!(
                "the replay has {n} moves: state_at takes 0 to {n} (or -1 to -{})",
                n + 1
            ))
        })?;
        let state = self.state(i).map_err(crate::refused)?;
        Ok(self.py_state(state))
    }
    /// Every state from the start to the end: `len(replay) + 1` states, the `k`-th after `k`
    /// player moves.
    fn states(&self) -> PyResult<Vec<PyState>> {
        let l = &self.loaded;
        let mut out = Vec::with_capacity(l.moves.len() + 1);
        let mut state = l.game.new_initial_state();
        let mut done = 0;
        for end in l.moves.iter().map(|m| m.0).chain([l.steps.len()]) {
            for (seat, action) in &l.steps[done..end] {
                state.apply_json(*seat, action).map_err(crate::refused)?;
            }
            done = end;
            out.push(self.py_state(state.clone_box()));
        }
        Ok(out)
    }
    fn __repr__(&self) -> String {
        format!(
            "<gridwright.Replay of {} from {}: {} moves, seed {}>",
            self.loaded.header.game,
            self.path.as_deref().unwrap_or("text"),
            self.loaded.moves.len(),
            self.loaded.header.seed
        )
    }
}

/// Reads, verifies and returns an engine replay: `source` is a path (`str` or `os.PathLike`) or
/// the replay's JSON text (a `str` starting with `{`). A file that cannot be read, is a
/// directory, is over 64 MiB, is not a replay, is of a game this build lacks, or does not verify
/// (a changed config, seed or move: the hash differs) raises `ValueError` naming the file and
/// what is wrong.
#[pyfunction]
pub fn load_replay(py: Python<'_>, source: &Bound<'_, PyAny>) -> PyResult<PyReplay> {
    let (path, text): (Option<String>, Option<String>) = match source.extract::<String>() {
        Ok(s) if s.trim_start().starts_with('{') => (None, Some(s)),
        Ok(s) => (Some(s), None),
        Err(_) => {
            let fspath = py
                .import("os")?
                .call_method1("fspath", (source,))
                .map_err(|_| {
                    pyo3::exceptions::PyTypeError::new_err(
                        "load_replay takes a path (str or os.PathLike) or a replay's JSON text",
                    )
                })?;
            (Some(fspath.extract::<String>()?), None)
        }
    };
    let name = source_name(path.as_deref());
    let loaded = py
        .detach(|| -> Result<Loaded, Refused> {
            let text = match (&path, text) {
                (_, Some(t)) if t.len() as u64 > MAX_REPLAY_BYTES => Err(Refused(format!(
                    "it is {} bytes; a replay is at most {MAX_REPLAY_BYTES} bytes",
                    t.len()
                ))),
                (_, Some(t)) => Ok(t),
                (Some(p), None) => read_file(p),
                (None, None) => Err(Refused("nothing to read".to_owned())),
            }?;
            load(&text)
        })
        .map_err(|e| PyValueError::new_err(format!("{name}: {}", e.0)))?;
    Ok(PyReplay { path, loaded })
}
