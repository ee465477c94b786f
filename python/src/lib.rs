//! `gridwright._gridwright`: the native half of the Python package `gridwright`.
//!
//! Shaped like OpenSpiel's `pyspiel`: `PyGame` (Python: `Game`) is a game loaded with a setup and config
//! overrides, `PyState` (`State`) a state of it. Player actions are the game's fixed flat action index
//! (the engine's `ActionIndex`); chance outcomes are numbered by their position in
//! `chance_outcomes()`. Hidden information: every observation is one seat's; the full state is
//! only `PyState::cheat_full_state`, named as what it is. The games come from the catalog;
//! nothing here names one (scripts/check-architecture).

mod batch;
mod erased;
mod replay;
mod tensor;
mod vector;

use batch::{DynBatch, Shards, Span};
use erased::{Acting, DynGame, DynState, Refused};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::{Information, Rng, Seat, Viewer};
use gridwright_sim::request::{BalanceRequest, SprtBounds};
use gridwright_sim::study::{StudyBasis, StudyRequest};
use numpy::{IntoPyArray, PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::Arc;

/// `current_player()` at a chance node (as pyspiel).
pub const CHANCE: i64 = -1;
/// `current_player()` where several seats commit hidden choices (as pyspiel).
pub const SIMULTANEOUS: i64 = -2;
/// `current_player()` once the game is over (as pyspiel).
pub const TERMINAL: i64 = -4;

fn refused(e: Refused) -> PyErr {
    PyValueError::new_err(e.0)
}

/// `value` as Python objects (dict, list, str, int, float, bool, None), built directly (no JSON
/// text in between: observations are read every step).
fn json_to_py<'py>(py: Python<'py>, value: &serde_json::Value) -> PyResult<Bound<'py, PyAny>> {
    use serde_json::Value;
    Ok(match value {
        Value::Null => py.None().into_bound(py),
        Value::Bool(b) => pyo3::types::PyBool::new(py, *b).to_owned().into_any(),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => i.into_pyobject(py)?.into_any(),
            (None, Some(u)) => u.into_pyobject(py)?.into_any(),
            _ => n.as_f64().unwrap_or(f64::NAN).into_pyobject(py)?.into_any(),
        },
        Value::String(t) => pyo3::types::PyString::new(py, t).into_any(),
        Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(json_to_py(py, item)?)?;
            }
            list.into_any()
        }
        Value::Object(map) => {
            let dict = PyDict::new(py);
            for (k, v) in map {
                dict.set_item(k, json_to_py(py, v)?)?;
            }
            dict.into_any()
        }
    })
}

fn py_to_json(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<serde_json::Value> {
    let text: String = py
        .import("json")?
        .call_method1("dumps", (value,))?
        .extract()?;
    serde_json::from_str(&text).map_err(|e| PyValueError::new_err(e.to_string()))
}

fn kind_of(name: &str) -> PyResult<GameKind> {
    GameKind::from_name(name).ok_or_else(|| {
        PyValueError::new_err(format!(
            "unknown game `{name}`; the games are: {}",
            GameKind::names().join(", ")
        ))
    })
}

/// Agent specs from `"random,greedy"` (the command line's form) or a list of specs.
fn agent_specs(agents: &Bound<'_, PyAny>) -> PyResult<Vec<AgentSpec>> {
    let text = match agents.extract::<String>() {
        Ok(t) => t,
        Err(_) => agents
            .extract::<Vec<String>>()
            .map_err(|_| {
                PyValueError::new_err(
                    "agents: write the agent specs as one string (\"random,greedy\") or a \
                     list of strings ([\"random\", \"greedy\"])",
                )
            })?
            .join(","),
    };
    AgentSpec::parse_list(&text).map_err(|e| PyValueError::new_err(format!("agents: {e}")))
}

/// `threads`, or every core.
fn threads_or_cores(threads: Option<usize>) -> PyResult<usize> {
    match threads {
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => Ok(n),
        None => Ok(std::thread::available_parallelism().map_or(1, |n| n.get())),
    }
}

/// A whole number from 0 up, or a `ValueError` naming the argument.
fn whole(value: &Bound<'_, PyAny>, what: &str) -> PyResult<u64> {
    value.extract::<u64>().map_err(|_| {
        let shown = value
            .repr()
            .map_or_else(|_| "that".to_owned(), |r| r.to_string());
        PyValueError::new_err(format!(
            "{what} must be a whole number from 0 up, not {shown}"
        ))
    })
}

fn size(value: &Bound<'_, PyAny>, what: &str) -> PyResult<usize> {
    usize::try_from(whole(value, what)?)
        .map_err(|_| PyValueError::new_err(format!("{what} is too large")))
}

fn games_arg(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    size(value, "games")
}

fn seed_arg(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    whole(value, "seed")
}

fn start_arg(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    size(value, "start")
}

fn count_arg(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    size(value, "count")
}

fn bins_arg(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    size(value, "bins")
}

fn threads_arg(value: &Bound<'_, PyAny>) -> PyResult<usize> {
    size(value, "threads")
}

fn threads_opt_arg(value: &Bound<'_, PyAny>) -> PyResult<Option<usize>> {
    if value.is_none() {
        Ok(None)
    } else {
        size(value, "threads").map(Some)
    }
}

/// Every game: `[{"name", "long_name", "summary", "min_seats", "max_seats", "information",
/// "chance"}]`.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for kind in GameKind::ALL {
        let info = kind.info();
        let d = PyDict::new(py);
        d.set_item("name", info.short_name)?;
        d.set_item("long_name", info.long_name)?;
        d.set_item("summary", info.summary)?;
        d.set_item("min_seats", info.min_seats)?;
        d.set_item("max_seats", info.max_seats)?;
        d.set_item(
            "information",
            if info.information == Information::Perfect {
                "perfect"
            } else {
                "imperfect"
            },
        )?;
        d.set_item("chance", format!("{:?}", info.chance).to_lowercase())?;
        list.append(d)?;
    }
    Ok(list)
}

/// The setups (scenarios) of `game`: `[{"name", "title", "description", "seats"}]`.
#[pyfunction]
fn setups<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyList>> {
    let kind = kind_of(game)?;
    let list = with_game!(kind, G => G::scenarios(&ContentSource::Builtin))
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let out = PyList::empty(py);
    for s in list {
        let d = PyDict::new(py);
        d.set_item("name", s.name)?;
        d.set_item("title", s.title)?;
        d.set_item("description", s.description)?;
        d.set_item("seats", s.seats)?;
        out.append(d)?;
    }
    Ok(out)
}

/// Loads `game` with `setup` (`None`: its default), `decks` (for games played with decks, as
/// `--deck`: one shipped deck name or deck file per seat in seat order, `None` keeping the
/// setup's) and `overrides` (a dict merged into the config: objects key by key, anything else
/// replaces).
#[pyfunction]
#[pyo3(signature = (game, setup=None, overrides=None, decks=None))]
fn load_game(
    py: Python<'_>,
    game: &str,
    setup: Option<&str>,
    overrides: Option<&Bound<'_, PyAny>>,
    decks: Option<Vec<Option<String>>>,
) -> PyResult<PyGame> {
    let kind = kind_of(game)?;
    let over = overrides.map(|o| py_to_json(py, o)).transpose()?;
    // The command line's `--deck p1=NAME` items.
    let decks: Vec<String> = decks
        .unwrap_or_default()
        .into_iter()
        .enumerate()
        .filter_map(|(i, d)| d.map(|d| format!("p{}={d}", i + 1)))
        .collect();
    let inner = erased::load(kind, setup, over.as_ref(), &decks).map_err(refused)?;
    Ok(PyGame { kind, inner })
}

/// A game loaded with one config.
#[pyclass(name = "Game", module = "gridwright._gridwright", frozen)]
#[derive(Debug)]
struct PyGame {
    kind: GameKind,
    inner: Arc<dyn DynGame>,
}

impl PyGame {
    /// A balance run from Python's keywords, each of `allowed` (others refused, naming the
    /// method): `games` (1000), `seed` (1), `threads` (every core), `subject` (a seat from 0),
    /// `variants` (a dict of at most two names to lists of `key.path=value` changes), `sets`
    /// (changes to every variant), `sweep` (`key.path=LOW..HIGH[:STEP]` or `key.path=a,b,c`),
    /// `sprt` (`True` for Fishtest's usual bounds, or a dict of `elo0`, `elo1`, `alpha`,
    /// `beta`), `bins` (20), `replays` (a directory) and `replays_every`. The request is
    /// checked by the plan the command line uses too ([`BalanceRequest::plan`]).
    fn balance_request(
        &self,
        method: &str,
        options: Option<&Bound<'_, PyDict>>,
        allowed: &[&str],
    ) -> PyResult<BalanceRequest> {
        let mut r = BalanceRequest::new(1000, 1);
        r.threads = threads_or_cores(None)?;
        for (key, value) in options.map(|d| d.iter()).into_iter().flatten() {
            let key = key.extract::<String>()?;
            if !allowed.contains(&key.as_str()) {
                return Err(PyTypeError::new_err(format!(
                    "{method}() got an unexpected keyword argument '{key}' (it takes {})",
                    allowed.join(", ")
                )));
            }
            match key.as_str() {
                "games" => r.games = games_arg(&value)?,
                "seed" => r.seed = seed_arg(&value)?,
                "threads" => r.threads = threads_or_cores(threads_opt_arg(&value)?)?,
                "subject" => {
                    let seat = value
                        .extract::<i64>()
                        .map_err(|_| PyValueError::new_err("subject: a seat number from 0"))?;
                    r.subject = erased::seat(seat, self.inner.num_seats()).map_err(refused)?;
                }
                "variants" if value.is_none() => r.variants = Vec::new(),
                "variants" => {
                    r.variants = variant_list(Some(value.downcast::<PyDict>().map_err(|_| {
                        PyValueError::new_err(
                            "variants: a dict of names to lists of key.path=value changes",
                        )
                    })?))?
                }
                "sets" => r.sets = texts(&value, "sets")?,
                "sweep" if value.is_none() => r.sweep = None,
                "sweep" => {
                    r.sweep = Some(value.extract::<String>().map_err(|_| {
                        PyValueError::new_err(
                            "sweep: write key.path=LOW..HIGH[:STEP] or key.path=a,b,c",
                        )
                    })?)
                }
                "sprt" => r.sprt = sprt_bounds(&value)?,
                "bins" => r.bins = bins_arg(&value)?,
                "replays" if value.is_none() => r.replays = None,
                "replays" => {
                    r.replays = Some(value.extract::<std::path::PathBuf>().map_err(|_| {
                        PyValueError::new_err("replays: the directory to save replays in")
                    })?)
                }
                "replays_every" if value.is_none() => r.replays_every = None,
                "replays_every" => r.replays_every = Some(size(&value, "replays_every")?),
                _ => {}
            }
        }
        Ok(r)
    }

    /// `work` done on the batch of this config between `specs`, on this thread with the GIL
    /// released; a refusal as a `ValueError`.
    fn on_batch<T: Send>(
        &self,
        py: Python<'_>,
        specs: &[AgentSpec],
        work: impl FnOnce(&dyn DynBatch) -> Result<T, Refused> + Send,
    ) -> PyResult<T> {
        let inner = &self.inner;
        py.detach(|| work(&*inner.batch(specs))).map_err(refused)
    }

    /// [`PyGame::on_batch`] for a JSON document (`simulate`'s, `balance`'s, `ladder`'s and
    /// their merges'), as Python objects.
    fn batch_doc<'py>(
        &self,
        py: Python<'py>,
        specs: &[AgentSpec],
        work: impl FnOnce(&dyn DynBatch) -> Result<serde_json::Value, Refused> + Send,
    ) -> PyResult<Bound<'py, PyAny>> {
        let doc = self.on_batch(py, specs, work)?;
        json_to_py(py, &doc)
    }
    /// The keywords every study shares: `sets` (a string or a list), `subject` (a seat
    /// index), `games`, `seed` and `threads` (default: every core).
    fn study_basis(
        &self,
        sets: Option<&Bound<'_, PyAny>>,
        subject: i64,
        games: usize,
        seed: u64,
        threads: Option<usize>,
    ) -> PyResult<StudyBasis> {
        Ok(StudyBasis {
            sets: match sets {
                Some(s) => texts(s, "sets")?,
                None => Vec::new(),
            },
            subject: erased::seat(subject, self.inner.num_seats()).map_err(refused)?,
            games,
            seed,
            threads: threads_or_cores(threads)?,
        })
    }
    /// `Game.tune`'s and `Game.importance`'s run, as a dict, the GIL released.
    fn study<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        request: &StudyRequest,
    ) -> PyResult<Bound<'py, PyAny>> {
        let specs = agent_specs(agents)?;
        self.batch_doc(py, &specs, |b| {
            let report = b.study(request)?;
            serde_json::to_value(&report)
                .map_err(|e| Refused(format!("the {} run as JSON: {e}", request.option())))
        })
    }
}

/// Balance variants from a dict of names to lists of `key.path=value` changes.
fn variant_list(variants: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<(String, Vec<String>)>> {
    let mut asked = Vec::new();
    for (name, changes) in variants.map(|d| d.iter()).into_iter().flatten() {
        let name = name
            .extract::<String>()
            .map_err(|_| PyValueError::new_err("variants: a variant's name must be a string"))?;
        let changes = changes.extract::<Vec<String>>().map_err(|_| {
            PyValueError::new_err(format!(
                "variant {name}: its changes must be a list of key.path=value strings"
            ))
        })?;
        asked.push((name, changes));
    }
    Ok(asked)
}

/// A list of strings, or one string.
fn texts(value: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<String>> {
    if value.is_none() {
        return Ok(Vec::new());
    }
    if let Ok(one) = value.extract::<String>() {
        return Ok(vec![one]);
    }
    value
        .extract::<Vec<String>>()
        .map_err(|_| PyValueError::new_err(format!("{what}: a list of key.path=value strings")))
}

/// `sprt=`: `False`/`None` (no test), `True` (the usual bounds) or a dict of some of `elo0`,
/// `elo1`, `alpha`, `beta`.
fn sprt_bounds(value: &Bound<'_, PyAny>) -> PyResult<Option<SprtBounds>> {
    if value.is_none() {
        return Ok(None);
    }
    if let Ok(on) = value.extract::<bool>() {
        return Ok(on.then(SprtBounds::default));
    }
    let dict = value.downcast::<PyDict>().map_err(|_| {
        PyValueError::new_err("sprt: True, or a dict of elo0, elo1, alpha and beta")
    })?;
    let mut b = SprtBounds::default();
    for (key, v) in dict.iter() {
        let key = key.extract::<String>()?;
        let x = v
            .extract::<f64>()
            .map_err(|_| PyValueError::new_err(format!("sprt: {key} must be a number")))?;
        match key.as_str() {
            "elo0" => b.elo0 = x,
            "elo1" => b.elo1 = x,
            "alpha" => b.alpha = x,
            "beta" => b.beta = x,
            _ => {
                return Err(PyValueError::new_err(format!(
                    "sprt: unknown bound `{key}`; the bounds are elo0, elo1, alpha and beta"
                )));
            }
        }
    }
    Ok(Some(b))
}

/// The keywords of `Game.balance` (and `balance_check`), but `pairings`.
const BALANCE_KEYWORDS: &[&str] = &[
    "games",
    "seed",
    "threads",
    "subject",
    "variants",
    "sets",
    "sweep",
    "sprt",
    "bins",
    "replays",
    "replays_every",
];

#[pymethods]
impl PyGame {
    /// The game's short name (`connect-four`).
    #[getter]
    fn name(&self) -> &'static str {
        self.inner.name()
    }
    /// The setup it was loaded with (`None`: the default).
    #[getter]
    fn setup(&self) -> Option<String> {
        self.inner.setup().map(str::to_owned)
    }
    /// Whether some seat may not see everything.
    #[getter]
    fn imperfect_information(&self) -> bool {
        erased::imperfect(self.kind)
    }
    /// `N`: player actions are the indices `0..N`, the same in every state of this config.
    fn num_distinct_actions(&self) -> usize {
        self.inner.num_distinct_actions()
    }
    /// Seats.
    fn num_players(&self) -> usize {
        self.inner.num_seats()
    }
    /// An upper bound on the steps (player and chance) of one game.
    fn max_game_length(&self) -> usize {
        self.inner.max_game_length()
    }
    /// The config as a dict (what `overrides` edits).
    fn config<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.config_json())
    }
    /// The initial state (chance may act first).
    fn new_initial_state(&self) -> PyState {
        PyState {
            game: Arc::clone(&self.inner),
            inner: self.inner.new_initial_state(),
        }
    }
    /// A state from `State.serialize()`'s text, every step replayed and checked.
    fn deserialize_state(&self, text: &str) -> PyResult<PyState> {
        Ok(PyState {
            game: Arc::clone(&self.inner),
            inner: self.inner.deserialize(text).map_err(refused)?,
        })
    }
    /// The shape of every `State.observation_tensor(seat)` of this config: `(length,)`, fixed
    /// for the config (docs/python.md, "Observation tensors").
    fn observation_tensor_shape(&self, py: Python<'_>) -> Vec<usize> {
        let inner = &self.inner;
        vec![py.detach(|| inner.observation_tensor_len())]
    }
    /// The shape of every `State.observation_planes(seat)` of this config: `(planes, height,
    /// width)`, the game's typed planes over its board (docs/python.md, "Observation planes").
    fn observation_planes_shape(&self) -> (usize, usize, usize) {
        let [p, h, w] = self.inner.planes_shape();
        (p, h, w)
    }
    /// A name per plane of `observation_planes`, in player words (`my units`, `terrain: woods`).
    fn observation_plane_names(&self) -> Vec<String> {
        self.inner.plane_names()
    }
    /// `gridwright simulate --json`'s document as a dict: games `0..games` of master seed
    /// `seed` between `agents` (one spec per seat, `"random,greedy"` or a list) on `threads`
    /// threads (default: every core), the GIL released. The same seed gives the same document
    /// (but `elapsed_seconds`, `games_per_second`) whatever the thread count.
    #[pyo3(signature = (agents, games=1000, seed=1, threads=None))]
    fn simulate<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = games_arg)] games: usize,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = threads_opt_arg)] threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let specs = agent_specs(agents)?;
        let threads = threads_or_cores(threads)?;
        self.batch_doc(py, &specs, |b| b.simulate(games, seed, threads))
    }
    /// Games `start..start + count` of the batch `simulate(agents, seed=seed)` plays, on this
    /// thread with the GIL released: their records as JSON text, for `simulate_merge`.
    fn simulate_shard(
        &self,
        py: Python<'_>,
        agents: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = start_arg)] start: usize,
        #[pyo3(from_py_with = count_arg)] count: usize,
    ) -> PyResult<String> {
        let specs = agent_specs(agents)?;
        self.on_batch(py, &specs, |b| b.shard(seed, Span { start, count }))
    }
    /// `simulate`'s document from the texts of `simulate_shard` covering games `0..games`
    /// exactly once (in any order); `threads` and `elapsed_seconds` say how they were played.
    #[pyo3(signature = (agents, seed, games, shards, threads=1, elapsed_seconds=0.0))]
    #[allow(clippy::too_many_arguments)] // the batch, its shards and how they ran
    fn simulate_merge<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = games_arg)] games: usize,
        shards: Vec<String>,
        #[pyo3(from_py_with = threads_arg)] threads: usize,
        elapsed_seconds: f64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let specs = agent_specs(agents)?;
        let shards = Shards {
            texts: &shards,
            threads,
            elapsed_seconds,
        };
        self.batch_doc(py, &specs, |b| b.merge(seed, games, &shards))
    }
    /// `gridwright balance --json`'s report as a dict, from the same keywords as its flags
    /// (see `balance_request` in the docs: `games`, `seed`, `threads`, `subject`, `variants`,
    /// `sets`, `sweep`, `sprt`, `bins`, `replays`, `replays_every`) and `pairings`, a list of
    /// other agent pairings to play the same run with (then, as `--pairing`, a dict of
    /// `pairings` and their `table`). Checked before any game; the GIL released.
    #[pyo3(signature = (agents, **options))]
    fn balance<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut pairings = vec![agent_specs(agents)?];
        let rest = match options {
            Some(o) => o.copy()?,
            None => PyDict::new(py),
        };
        if let Some(more) = rest.get_item("pairings")? {
            rest.del_item("pairings")?;
            for p in more.try_iter()? {
                let specs = agent_specs(&p?)?;
                if pairings.contains(&specs) {
                    return Err(PyValueError::new_err(format!(
                        "pairings: {} is already played",
                        specs
                            .iter()
                            .map(ToString::to_string)
                            .collect::<Vec<_>>()
                            .join(",")
                    )));
                }
                pairings.push(specs);
            }
        }
        let request = self.balance_request("balance", Some(&rest), BALANCE_KEYWORDS)?;
        let mut reports = Vec::with_capacity(pairings.len());
        for (k, specs) in pairings.iter().enumerate() {
            let mut r = request.clone();
            if pairings.len() > 1
                && let Some(dir) = &mut r.replays
            {
                *dir = dir.join(format!("pairing-{}", k + 1));
            }
            reports.push(self.on_batch(py, specs, |b| b.balance(&r))?);
        }
        let doc = if reports.len() == 1 {
            serde_json::to_value(&reports[0])
        } else {
            serde_json::to_value(gridwright_sim::balance::PairingsReport::of(reports))
        }
        .map_err(|e| PyValueError::new_err(format!("the report as JSON: {e}")))?;
        json_to_py(py, &doc)
    }
    /// Checks a balance run (`balance`'s keywords but `pairings`) as `balance` does, playing
    /// no game: `gridwright.ray` asks before it sends any task.
    #[pyo3(signature = (agents, **options))]
    fn balance_check(
        &self,
        py: Python<'_>,
        agents: &Bound<'_, PyAny>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<()> {
        let specs = agent_specs(agents)?;
        let request = self.balance_request("balance_check", options, BALANCE_KEYWORDS)?;
        self.on_batch(py, &specs, |b| b.balance_check(&request))
    }
    /// Games `start..start + count` of the balance run of master seed `seed` (with
    /// `variants`, `sets` or `sweep` as `balance` takes them), every variant of each, on this
    /// thread with the GIL released: JSON text for `balance_merge`.
    #[pyo3(signature = (agents, seed, start, count, **options))]
    fn balance_shard<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = start_arg)] start: usize,
        #[pyo3(from_py_with = count_arg)] count: usize,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<String> {
        let specs = agent_specs(agents)?;
        let mut request =
            self.balance_request("balance_shard", options, &["variants", "sets", "sweep"])?;
        request.seed = seed;
        self.on_batch(py, &specs, |b| {
            b.balance_shard(&request, Span { start, count })
        })
    }
    /// `balance`'s report from the texts of `balance_shard` covering games `0..games` exactly
    /// once (in any order); `elapsed_seconds` says how long they took. Takes `subject`,
    /// `variants`, `sets`, `sweep` and `bins` as `balance` does.
    #[pyo3(signature = (agents, seed, games, shards, elapsed_seconds=0.0, **options))]
    #[allow(clippy::too_many_arguments)] // the run and its shards
    fn balance_merge<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = games_arg)] games: usize,
        shards: Vec<String>,
        elapsed_seconds: f64,
        options: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let specs = agent_specs(agents)?;
        let mut request = self.balance_request(
            "balance_merge",
            options,
            &["subject", "variants", "sets", "sweep", "bins"],
        )?;
        (request.seed, request.games) = (seed, games);
        self.batch_doc(py, &specs, |b| {
            let shards = Shards {
                texts: &shards,
                threads: request.threads,
                elapsed_seconds,
            };
            let report = b.balance_merge(&request, &shards)?;
            serde_json::to_value(&report).map_err(|e| Refused(format!("the report as JSON: {e}")))
        })
    }
    /// `gridwright balance --tune --json`'s search as a dict: `keys` (one
    /// `key.path=LOW..HIGH[:STEP]` or `key.path=a,b,c` string, or a list of them) searched
    /// by successive halving for the smallest change that brings the `subject`'s share of the
    /// decided games within `band` (`(low, high)`; default the 1/N share ± 0.05), `games` the
    /// most a survivor plays, `sets` changes made first; the GIL released.
    #[pyo3(signature = (agents, keys, band=None, games=1000, seed=1, threads=None, subject=0, sets=None))]
    #[allow(clippy::too_many_arguments)] // the command line's flags, one keyword each
    fn tune<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        keys: &Bound<'py, PyAny>,
        band: Option<(f64, f64)>,
        #[pyo3(from_py_with = games_arg)] games: usize,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = threads_opt_arg)] threads: Option<usize>,
        subject: i64,
        sets: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let band = match band {
            Some((low, high)) => Some(
                format!("{low}..{high}")
                    .parse::<gridwright_sim::tune::Band>()
                    .map_err(|e| PyValueError::new_err(format!("band {e}")))?,
            ),
            None => None,
        };
        let request = StudyRequest::Tune(gridwright_sim::tune::TuneRequest {
            keys: texts(keys, "keys")?,
            band,
            basis: self.study_basis(sets, subject, games, seed, threads)?,
        });
        self.study(py, agents, &request)
    }
    /// `gridwright balance --importance --json`'s ranking as a dict: each piece of the list or
    /// table at `key` (`"sides.Red.units"`, `"decks.0.cards"`) taken out in turn, or one copy
    /// swapped for `swap`, every variant on the same seeds, ranked by how much the `subject`'s
    /// share of the decided games changes; `sets` changes made first; the GIL released.
    #[pyo3(signature = (agents, key, swap=None, games=1000, seed=1, threads=None, subject=0, sets=None))]
    #[allow(clippy::too_many_arguments)] // the command line's flags, one keyword each
    fn importance<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        key: String,
        swap: Option<String>,
        #[pyo3(from_py_with = games_arg)] games: usize,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = threads_opt_arg)] threads: Option<usize>,
        subject: i64,
        sets: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let request = StudyRequest::Importance(gridwright_sim::importance::ImportanceRequest {
            key,
            swap,
            basis: self.study_basis(sets, subject, games, seed, threads)?,
        });
        self.study(py, agents, &request)
    }
    /// `gridwright ladder --json`'s document as a dict: every pairing of `agents` (two or more
    /// specs, `"random,greedy,mcts"` or a list) playing `games` games (spread over the
    /// seatings, rounded up), each agent alone against the other at every seat in turn, from
    /// master seed `seed` on `threads` threads (default: every core), the GIL released. The
    /// same seed gives the same document (but `threads` and each pairing's `seconds`).
    #[pyo3(signature = (agents, games=200, seed=1, threads=None))]
    fn ladder<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = games_arg)] games: usize,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = threads_opt_arg)] threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let specs = agent_specs(agents)?;
        let threads = threads_or_cores(threads)?;
        self.batch_doc(py, &specs, |b| b.ladder(games, seed, threads))
    }
    /// How many games `ladder(agents, games)` plays in all: its shards number them from 0,
    /// pairing by pairing and seating by seating.
    #[pyo3(signature = (agents, games=200))]
    fn ladder_size(
        &self,
        agents: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = games_arg)] games: usize,
    ) -> PyResult<usize> {
        let specs = agent_specs(agents)?;
        self.inner.batch(&specs).ladder_size(games).map_err(refused)
    }
    /// Games `start..start + count` (of `ladder_size(agents, games)`) of the ladder
    /// `ladder(agents, games, seed)` plays, on this thread with the GIL released: their records
    /// as JSON text, for `ladder_merge`.
    fn ladder_shard(
        &self,
        py: Python<'_>,
        agents: &Bound<'_, PyAny>,
        #[pyo3(from_py_with = games_arg)] games: usize,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        #[pyo3(from_py_with = start_arg)] start: usize,
        #[pyo3(from_py_with = count_arg)] count: usize,
    ) -> PyResult<String> {
        let specs = agent_specs(agents)?;
        self.on_batch(py, &specs, |b| {
            b.ladder_shard(games, seed, Span { start, count })
        })
    }
    /// `ladder`'s document from the texts of `ladder_shard` covering every game of the ladder
    /// exactly once (in any order); `threads` and `elapsed_seconds` say how they were played.
    #[pyo3(signature = (agents, games, seed, shards, threads=1, elapsed_seconds=0.0))]
    #[allow(clippy::too_many_arguments)] // the ladder, its shards and how they ran
    fn ladder_merge<'py>(
        &self,
        py: Python<'py>,
        agents: &Bound<'py, PyAny>,
        #[pyo3(from_py_with = games_arg)] games: usize,
        #[pyo3(from_py_with = seed_arg)] seed: u64,
        shards: Vec<String>,
        #[pyo3(from_py_with = threads_arg)] threads: usize,
        elapsed_seconds: f64,
    ) -> PyResult<Bound<'py, PyAny>> {
        let specs = agent_specs(agents)?;
        let shards = Shards {
            texts: &shards,
            threads,
            elapsed_seconds,
        };
        self.batch_doc(py, &specs, |b| b.ladder_merge(games, seed, &shards))
    }
    fn __repr__(&self) -> String {
        match self.inner.setup() {
            Some(s) => format!("<gridwright.Game {} setup={s}>", self.inner.name()),
            None => format!("<gridwright.Game {}>", self.inner.name()),
        }
    }
}

/// A seeded random number generator (the engine's), for chance and agents.
#[pyclass(name = "Rng", module = "gridwright._gridwright")]
#[derive(Debug)]
struct PyRng(Rng);

#[pymethods]
impl PyRng {
    #[new]
    fn new(seed: u64) -> Self {
        PyRng(Rng::seed_from_u64(seed))
    }
    /// A number below `n` (uniform).
    fn below(&mut self, n: u64) -> PyResult<u64> {
        if n == 0 {
            return Err(PyValueError::new_err("below(0): no number is below 0"));
        }
        Ok(self.0.below(n))
    }
}

/// A state of a game.
#[pyclass(name = "State", module = "gridwright._gridwright")]
#[derive(Debug)]
struct PyState {
    game: Arc<dyn DynGame>,
    inner: Box<dyn DynState>,
}

impl PyState {
    fn seat(&self, index: i64) -> PyResult<Seat> {
        erased::seat(index, self.inner.num_seats()).map_err(refused)
    }

    /// The seat meant by `seat`, or the one seat acting now.
    fn seat_or_current(&self, seat: Option<i64>) -> PyResult<Seat> {
        match (seat, self.inner.acting()) {
            (Some(s), _) => self.seat(s),
            (None, Acting::Seat(s)) => self.seat(s as i64),
            (None, Acting::Simultaneous(_)) => Err(PyValueError::new_err(
                "several seats act now (simultaneous): name the seat",
            )),
            (None, Acting::Chance) => Err(PyValueError::new_err(
                "chance acts now: use chance_outcomes() or name a seat",
            )),
            (None, Acting::Terminal) => Err(PyValueError::new_err("the game is over")),
        }
    }
}

#[pymethods]
impl PyState {
    /// The acting seat (0-based), or `CHANCE` (-1), `SIMULTANEOUS` (-2), `TERMINAL` (-4).
    fn current_player(&self) -> i64 {
        match self.inner.acting() {
            Acting::Seat(s) => s as i64,
            Acting::Simultaneous(_) => SIMULTANEOUS,
            Acting::Chance => CHANCE,
            Acting::Terminal => TERMINAL,
        }
    }
    /// The seats that may act now: one, several (each still owing a hidden commitment at a
    /// simultaneous node, in any order), or none (chance, terminal).
    fn acting_seats(&self) -> Vec<usize> {
        match self.inner.acting() {
            Acting::Seat(s) => vec![s],
            Acting::Simultaneous(v) => v,
            Acting::Chance | Acting::Terminal => Vec::new(),
        }
    }
    fn is_chance_node(&self) -> bool {
        self.inner.acting() == Acting::Chance
    }
    fn is_simultaneous_node(&self) -> bool {
        matches!(self.inner.acting(), Acting::Simultaneous(_))
    }
    fn is_terminal(&self) -> bool {
        self.inner.acting() == Acting::Terminal
    }
    fn num_players(&self) -> usize {
        self.inner.num_seats()
    }
    /// The legal actions of `seat` (default: the one acting seat) as ascending action indices;
    /// at a chance node without a seat, the outcome numbers `0..len(chance_outcomes())`.
    #[pyo3(signature = (seat=None))]
    fn legal_actions(&self, seat: Option<i64>) -> PyResult<Vec<usize>> {
        if seat.is_none() && self.inner.acting() == Acting::Chance {
            return Ok((0..self.inner.chance_weights().len()).collect());
        }
        let s = self.seat_or_current(seat)?;
        self.inner.legal_indices(s).map_err(refused)
    }
    /// An `int8` array (the dtype gymnasium masks take) of `num_distinct_actions()` entries, 1 where `seat`'s action is legal.
    #[pyo3(signature = (seat=None))]
    fn legal_actions_mask<'py>(
        &self,
        py: Python<'py>,
        seat: Option<i64>,
    ) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let s = self.seat_or_current(seat)?;
        let mut mask = vec![0i8; self.game.num_distinct_actions()];
        self.inner.fill_mask(s, &mut mask);
        Ok(mask.into_pyarray(py))
    }
    /// Applies `action` for `seat` (default: the one acting seat; at a chance node, `action`
    /// is an outcome number). Raises `ValueError` with the rules' reason if refused; the state
    /// is then unchanged.
    #[pyo3(signature = (action, seat=None))]
    fn apply_action(&mut self, action: i64, seat: Option<i64>) -> PyResult<()> {
        let index = usize::try_from(action)
            .map_err(|_| PyValueError::new_err(format!("{action} is not an action (negative)")))?;
        if seat.is_none() && self.inner.acting() == Acting::Chance {
            return self.inner.apply_chance(index).map_err(refused);
        }
        let s = self.seat_or_current(seat)?;
        self.inner.apply_index(s, index).map_err(refused)
    }
    /// At a chance node, `[(outcome, probability)]` (outcome numbers from 0); empty elsewhere.
    /// The probabilities are `weight / sum` of the exact integer weights of `chance_weights()`.
    fn chance_outcomes(&self) -> Vec<(usize, f64)> {
        let w = self.inner.chance_weights();
        let total: f64 = w.iter().map(|x| f64::from(*x)).sum();
        w.iter()
            .enumerate()
            .map(|(i, x)| (i, f64::from(*x) / total))
            .collect()
    }
    /// At a chance node, `[(outcome, weight)]` with exact integer weights (probability = weight
    /// / sum of weights); empty elsewhere.
    fn chance_weights(&self) -> Vec<(usize, u32)> {
        self.inner
            .chance_weights()
            .into_iter()
            .enumerate()
            .collect()
    }
    /// Samples chance outcomes from `rng` (by their weights) until a seat acts or the game
    /// ends; returns how many were applied.
    fn resolve_chance(&mut self, rng: &mut PyRng) -> usize {
        self.inner.resolve_chance(&mut rng.0)
    }
    /// The text of `action` (an action index; at a chance node, an outcome number).
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        let text = if self.inner.acting() == Acting::Chance {
            self.inner.chance_text(action)
        } else {
            self.inner.index_text(action)
        };
        text.ok_or_else(|| PyValueError::new_err(format!("{action} stands for no action here")))
    }
    /// The action index of the text `text` for `seat` (default: the acting seat), as typed in
    /// the terminal.
    #[pyo3(signature = (text, seat=None))]
    fn string_to_action(&self, text: &str, seat: Option<i64>) -> PyResult<usize> {
        let s = self.seat_or_current(seat)?;
        self.inner.parse(s, text).map_err(refused)
    }
    /// Returns per seat, in `[-1, 1]` (zeros until the end).
    fn returns(&self) -> Vec<f64> {
        self.inner.returns()
    }
    /// What `seat` sees, as a dict (the game's observation, as the server sends it to that
    /// seat). Nothing in it is hidden from `seat`.
    fn observation<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyAny>> {
        let s = self.seat(seat)?;
        json_to_py(py, &self.inner.observation_json(Viewer::Seat(s)))
    }
    /// What `seat` sees as a NumPy `float32` vector of `game.observation_tensor_shape()`:
    /// its observation (only what it may see) feature-hashed (docs/python.md).
    fn observation_tensor<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let s = self.seat(seat)?;
        let mut out = vec![0.0f32; self.game.observation_tensor_len()];
        self.inner.observation_tensor(Viewer::Seat(s), &mut out);
        Ok(out.into_pyarray(py))
    }
    /// What `seat` sees as the game's typed planes: a NumPy `float32` array of
    /// `game.observation_planes_shape()`, `(planes, height, width)`, encoded from `seat`'s
    /// observation only (docs/python.md, "Observation planes").
    fn observation_planes<'py>(
        &self,
        py: Python<'py>,
        seat: i64,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let s = self.seat(seat)?;
        let [p, h, w] = self.game.planes_shape();
        let mut out = vec![0.0f32; p * h * w];
        self.inner.observation_planes(s, &mut out);
        out.into_pyarray(py).reshape([p, h, w])
    }
    /// What a spectator sees (public information only), as a dict.
    fn public_observation<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        json_to_py(py, &self.inner.observation_json(Viewer::Spectator))
    }
    /// `seat`'s terminal picture (`None`: a spectator's).
    #[pyo3(signature = (seat=None))]
    fn observation_string(&self, seat: Option<i64>) -> PyResult<String> {
        let viewer = match seat {
            Some(s) => Viewer::Seat(self.seat(s)?),
            None => Viewer::Spectator,
        };
        Ok(self.inner.render(viewer))
    }
    /// A state `seat` cannot tell from this one (same observation), everything it cannot see
    /// redrawn with `seed`: what a search for `seat` should start from. It has no history, so
    /// it cannot be serialized.
    fn resample(&self, seat: i64, seed: u64) -> PyResult<PyState> {
        let s = self.seat(seat)?;
        Ok(PyState {
            game: Arc::clone(&self.game),
            inner: self.inner.resample(s, &mut Rng::seed_from_u64(seed)),
        })
    }
    /// CHEATING, for debugging only: the whole state, every seat's secrets included, in
    /// Rust's debug form. No seat may be shown this.
    fn cheat_full_state(&self) -> String {
        self.inner.debug_full_state()
    }
    /// The game's config and every step so far as JSON text (`Game.deserialize_state` reads
    /// it). Raises for a resampled state, which no steps produced.
    fn serialize(&self) -> PyResult<String> {
        self.inner
            .serialize()
            .ok_or_else(|| PyValueError::new_err("a resampled state has no history to serialize"))
    }
    /// The action index the agent `spec` (`random`, `greedy`, `mcts:iters=200`, …) picks for
    /// `seat` (default: the acting seat), from `seat`'s view only, with `rng`.
    #[pyo3(signature = (spec, rng, seat=None))]
    fn agent_action(
        &self,
        py: Python<'_>,
        spec: &str,
        rng: &mut PyRng,
        seat: Option<i64>,
    ) -> PyResult<usize> {
        let s = self.seat_or_current(seat)?;
        let spec: AgentSpec = spec
            .parse()
            .map_err(|e| PyValueError::new_err(format!("agent `{spec}`: {e}")))?;
        let inner = &self.inner;
        let rng = &mut rng.0;
        py.detach(|| inner.agent_index(&spec, s, rng))
            .map_err(refused)
    }
    fn clone(&self) -> PyState {
        PyState {
            game: Arc::clone(&self.game),
            inner: self.inner.clone_box(),
        }
    }
    fn __copy__(&self) -> PyState {
        self.clone()
    }
    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyState {
        self.clone()
    }
    fn __str__(&self) -> String {
        self.inner.render(Viewer::Spectator)
    }
    fn __repr__(&self) -> String {
        format!(
            "<gridwright.State {} current_player={}>",
            self.game.name(),
            self.current_player()
        )
    }
}

#[pymodule]
fn _gridwright(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(setups, m)?)?;
    m.add_function(wrap_pyfunction!(load_game, m)?)?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyState>()?;
    m.add_class::<PyRng>()?;
    m.add_function(wrap_pyfunction!(replay::load_replay, m)?)?;
    m.add_class::<replay::PyReplay>()?;
    m.add("CHANCE", CHANCE)?;
    m.add("SIMULTANEOUS", SIMULTANEOUS)?;
    m.add("TERMINAL", TERMINAL)?;
    vector::register(m)?;
    Ok(())
}
