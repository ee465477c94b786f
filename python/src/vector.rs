//! `VectorEnv`: many games of one config stepped in native code, the GIL released, filling
//! NumPy buffers (masks, acting seats, rewards, terminations and, if asked, the acting seats'
//! observation tensors or planes) with no Python object per game.

use crate::erased::{self, Acting, DynGame, DynState};
use gridwright_engine::{Rng, Seat, Viewer, derive_seed};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use std::sync::Arc;

/// `num_envs` games of one config, each with its own seed (`derive_seed(seed, i)`), reset
/// automatically when they end.
///
/// Buffers (created once, filled in place by `reset` and `step`, returned by both):
/// `mask` (`num_envs × num_distinct_actions`, int8: the acting seat's legal actions), `seat`
/// (int32: the seat to act in each game), `rewards` (`num_envs × num_players`, float32: the
/// returns of a game that ended in this step, else 0) and `terminated` (bool: the game ended in
/// this step; it has already been reset, so `mask` and `seat` are of the new game). With
/// `observations=True`, also `observations` (`num_envs × observation_tensor_shape()[0]`,
/// float32: each game's `observation_tensor` of the seat to act, zeros where none acts), read
/// through the property of that name; with `observations="planes"`, the same buffer holds each
/// game's `observation_planes` (`num_envs × planes × height × width`).
#[pyclass(name = "VectorEnv", module = "gridwright._gridwright")]
#[derive(Debug)]
pub struct VectorEnv {
    game: Arc<dyn DynGame>,
    seed: u64,
    states: Vec<Box<dyn DynState>>,
    rngs: Vec<Rng>,
    episodes: Vec<u64>,
    mask: Py<PyArray2<i8>>,
    seat: Py<PyArray1<i32>>,
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    observations: Option<Py<PyArray2<f32>>>,
    /// What `observations` holds.
    kind: Option<Observations>,
}

/// What the observation buffer holds for each game's seat to act.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Observations {
    /// `observation_tensor`: the hashed encoding.
    Tensor,
    /// `observation_planes`: the game's typed planes, flattened.
    Planes,
}

impl Observations {
    /// Reads the constructor's `observations` argument: `False`/`None` (none), `True` or
    /// `"tensor"`, `"planes"`.
    fn from_arg(arg: &Bound<'_, PyAny>) -> PyResult<Option<Observations>> {
        if arg.is_none() {
            return Ok(None);
        }
        if let Ok(b) = arg.extract::<bool>() {
            return Ok(b.then_some(Observations::Tensor));
        }
        match arg.extract::<String>().as_deref() {
            Ok("tensor") => Ok(Some(Observations::Tensor)),
            Ok("planes") => Ok(Some(Observations::Planes)),
            _ => Err(PyValueError::new_err(
                "observations must be False, True (or \"tensor\") or \"planes\"",
            )),
        }
    }

    /// The numbers one game's observation takes.
    fn width(self, game: &dyn DynGame) -> usize {
        match self {
            Observations::Tensor => game.observation_tensor_len(),
            Observations::Planes => game.planes_shape().iter().product(),
        }
    }
}

/// A fresh game of env `i`'s `episode`-th episode, chance resolved.
fn fresh(game: &dyn DynGame, seed: u64, i: usize, episode: u64) -> (Box<dyn DynState>, Rng) {
    let mut rng = Rng::seed_from_u64(derive_seed(derive_seed(seed, i as u64), episode));
    let mut state = game.new_initial_state();
    state.resolve_chance(&mut rng);
    (state, rng)
}

/// The seat acting in `state` (the first still to commit at a simultaneous node).
fn acting_seat(state: &dyn DynState) -> Option<usize> {
    match state.acting() {
        Acting::Seat(s) => Some(s),
        Acting::Simultaneous(v) => v.first().copied(),
        Acting::Chance | Acting::Terminal => None,
    }
}

/// Fills env `i`'s row of `mask`, its `seat` and, if kept, its row of observations.
fn fill_row(
    state: &dyn DynState,
    row: &mut [i8],
    seat: &mut i32,
    obs: Option<(Observations, &mut [f32])>,
) {
    match acting_seat(state).and_then(|s| Seat::try_from(s as u8).ok()) {
        Some(s) => {
            state.fill_mask(s, row);
            *seat = s.index() as i32;
            match obs {
                Some((Observations::Tensor, o)) => state.observation_tensor(Viewer::Seat(s), o),
                Some((Observations::Planes, o)) => state.observation_planes(s, o),
                None => {}
            }
        }
        None => {
            row.fill(0);
            *seat = -1;
            if let Some((_, o)) = obs {
                o.fill(0.0);
            }
        }
    }
}

/// The native part of one step, without the GIL: applies `actions` (already checked), ends
/// and resets finished games, fills the buffers.
#[allow(clippy::too_many_arguments)]
fn step_all(
    game: &dyn DynGame,
    seed: u64,
    states: &mut [Box<dyn DynState>],
    rngs: &mut [Rng],
    episodes: &mut [u64],
    actions: &[i64],
    mask: &mut [i8],
    seats: &mut [i32],
    rewards: &mut [f32],
    terminated: &mut [bool],
    mut obs: Option<(Observations, &mut [f32])>,
) -> Result<(), String> {
    let n = game.num_distinct_actions();
    let players = game.num_seats();
    // Every action is checked before any game steps, so a refused batch changes nothing.
    for (i, (state, a)) in states.iter().zip(actions).enumerate() {
        let legal = usize::try_from(*a)
            .ok()
            .filter(|a| *a < n)
            .is_some_and(|a| {
                acting_seat(state.as_ref())
                    .and_then(|x| Seat::try_from(x as u8).ok())
                    .and_then(|x| state.legal_indices(x).ok())
                    .is_some_and(|l| l.binary_search(&a).is_ok())
            });
        if !legal {
            return Err(format!(
                "env {i}: action {a} is not legal for the seat to act; no game stepped"
            ));
        }
    }
    for (i, state) in states.iter_mut().enumerate() {
        let seat = acting_seat(state.as_ref())
            .and_then(|s| Seat::try_from(s as u8).ok())
            .ok_or_else(|| format!("env {i}: no seat acts (a bug)"))?;
        let index = usize::try_from(actions[i]).unwrap_or(usize::MAX);
        state
            .apply_index(seat, index)
            .map_err(|e| format!("env {i}: {e}"))?;
        state.resolve_chance(&mut rngs[i]);
        let reward_row = &mut rewards[i * players..(i + 1) * players];
        if state.acting() == Acting::Terminal {
            for (r, x) in reward_row.iter_mut().zip(state.returns()) {
                *r = x as f32;
            }
            terminated[i] = true;
            episodes[i] += 1;
            let (s, r) = fresh(game, seed, i, episodes[i]);
            *state = s;
            rngs[i] = r;
        } else {
            reward_row.fill(0.0);
            terminated[i] = false;
        }
        let row = obs.as_mut().map(|(kind, o)| {
            let width = kind.width(game);
            (*kind, &mut o[i * width..(i + 1) * width])
        });
        fill_row(
            state.as_ref(),
            &mut mask[i * n..(i + 1) * n],
            &mut seats[i],
            row,
        );
    }
    Ok(())
}

type Buffers<'py> = (
    Bound<'py, PyArray2<i8>>,
    Bound<'py, PyArray1<i32>>,
    Bound<'py, PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
);

#[pymethods]
impl VectorEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seed=0, setup=None, overrides=None, observations=None))]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        seed: u64,
        setup: Option<&str>,
        overrides: Option<&Bound<'_, PyAny>>,
        observations: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let kind = match observations {
            Some(o) => Observations::from_arg(o)?,
            None => None,
        };
        if num_envs == 0 {
            return Err(PyValueError::new_err("num_envs must be at least 1"));
        }
        let game_kind = crate::kind_of(game)?;
        let over = overrides.map(|o| crate::py_to_json(py, o)).transpose()?;
        let game = erased::load(game_kind, setup, over.as_ref(), &[]).map_err(crate::refused)?;
        let n = game.num_distinct_actions();
        let players = game.num_seats();
        const MAX_MASK_BYTES: usize = 1 << 32;
        if num_envs.saturating_mul(n) > MAX_MASK_BYTES {
            return Err(PyValueError::new_err(format!(
                "{num_envs} games × {n} actions is a mask of more than 4 GiB; use fewer games"
            )));
        }
        let mask = PyArray2::<i8>::zeros(py, [num_envs, n], false).unbind();
        let seat = PyArray1::<i32>::zeros(py, num_envs, false).unbind();
        let rewards = PyArray2::<f32>::zeros(py, [num_envs, players], false).unbind();
        let terminated = PyArray1::<bool>::zeros(py, num_envs, false).unbind();
        let observations = if let Some(kind) = kind {
            let width = py.detach(|| kind.width(game.as_ref()));
            if num_envs.saturating_mul(width).saturating_mul(4) > MAX_MASK_BYTES {
                return Err(PyValueError::new_err(format!(
                    "{num_envs} games × {width} observation features is more than 4 GiB; use \
                     fewer games"
                )));
            }
            Some(PyArray2::<f32>::zeros(py, [num_envs, width], false).unbind())
        } else {
            None
        };
        let mut env = VectorEnv {
            game,
            seed,
            states: Vec::new(),
            rngs: Vec::new(),
            episodes: vec![0; num_envs],
            mask,
            seat,
            rewards,
            terminated,
            observations,
            kind,
        };
        env.reset_all(py, seed)?;
        Ok(env)
    }

    /// Number of games.
    #[getter]
    fn num_envs(&self) -> usize {
        self.episodes.len()
    }

    /// `N`, the width of `mask`.
    fn num_distinct_actions(&self) -> usize {
        self.game.num_distinct_actions()
    }

    /// The observation buffer, filled in place by `reset` and `step` for each game's seat to
    /// act: `num_envs × observation_tensor_shape()[0]` float32 tensors (`observations=True`),
    /// or `num_envs × planes × height × width` planes (`observations="planes"`, a view of the
    /// same buffer); `None` unless the env was made with one.
    #[getter]
    fn observations<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(o) = self.observations.as_ref().map(|o| o.bind(py).clone()) else {
            return Ok(None);
        };
        match self.kind {
            Some(Observations::Planes) => {
                let [p, h, w] = self.game.planes_shape();
                Ok(Some(o.reshape([self.episodes.len(), p, h, w])?.into_any()))
            }
            _ => Ok(Some(o.into_any())),
        }
    }

    /// Seats per game, the width of `rewards`.
    fn num_players(&self) -> usize {
        self.game.num_seats()
    }

    /// Restarts every game (env `i` from `derive_seed(seed, i)`; `None`: the constructor's
    /// seed) and returns the buffers `(mask, seat, rewards, terminated)`.
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Buffers<'py>> {
        self.reset_all(py, seed.unwrap_or(self.seed))?;
        Ok(self.buffers(py))
    }

    /// Applies `actions[i]` (an action index, int64) for the acting seat of every game,
    /// resolves chance, resets games that ended, and returns the buffers
    /// `(mask, seat, rewards, terminated)`, filled in place. Every action is checked against
    /// its game's legal actions before any game steps: one illegal action raises
    /// `ValueError` naming the game, and nothing changed.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: PyReadonlyArray1<'py, i64>,
    ) -> PyResult<Buffers<'py>> {
        let actions = actions.as_slice()?;
        if actions.len() != self.states.len() {
            return Err(PyValueError::new_err(format!(
                "{} actions for {} games",
                actions.len(),
                self.states.len()
            )));
        }
        let mask = self.mask.bind(py).clone();
        let seat = self.seat.bind(py).clone();
        let rewards = self.rewards.bind(py).clone();
        let terminated = self.terminated.bind(py).clone();
        let observations = self.observations.as_ref().map(|o| o.bind(py).clone());
        {
            let mut o = observations.as_ref().map(|o| o.readwrite());
            let o = match (o.as_mut(), self.kind) {
                (Some(o), Some(kind)) => Some((kind, o.as_slice_mut()?)),
                _ => None,
            };
            let mut m = mask.readwrite();
            let mut s = seat.readwrite();
            let mut r = rewards.readwrite();
            let mut t = terminated.readwrite();
            let (m, s, r, t) = (
                m.as_slice_mut()?,
                s.as_slice_mut()?,
                r.as_slice_mut()?,
                t.as_slice_mut()?,
            );
            let VectorEnv {
                game,
                seed,
                states,
                rngs,
                episodes,
                ..
            } = self;
            let game = game.as_ref();
            let seed = *seed;
            py.detach(|| step_all(game, seed, states, rngs, episodes, actions, m, s, r, t, o))
                .map_err(PyValueError::new_err)?;
        }
        Ok((mask, seat, rewards, terminated))
    }

    /// Fills `out` (int64, one per game) with a uniformly random legal action of each game's
    /// acting seat, drawn from `rng`: random play without a Python call per game.
    fn sample_actions(
        &self,
        py: Python<'_>,
        rng: &mut crate::PyRng,
        out: &Bound<'_, PyArray1<i64>>,
    ) -> PyResult<()> {
        let mut w = out.readwrite();
        let out = w.as_slice_mut()?;
        if out.len() != self.states.len() {
            return Err(PyValueError::new_err(format!(
                "out has {} entries for {} games",
                out.len(),
                self.states.len()
            )));
        }
        let states = &self.states;
        let rng = &mut rng.0;
        py.detach(|| {
            for (state, o) in states.iter().zip(out.iter_mut()) {
                let legal = acting_seat(state.as_ref())
                    .and_then(|x| Seat::try_from(x as u8).ok())
                    .and_then(|x| state.legal_indices(x).ok())
                    .unwrap_or_default();
                *o = if legal.is_empty() {
                    -1
                } else {
                    legal[rng.index(legal.len())] as i64
                };
            }
        });
        Ok(())
    }

    /// The state of game `i` (a copy), for inspection.
    fn state(&self, i: usize) -> PyResult<crate::PyState> {
        let s = self
            .states
            .get(i)
            .ok_or_else(|| PyValueError::new_err(format!("no game {i}")))?;
        Ok(crate::PyState {
            game: Arc::clone(&self.game),
            inner: s.clone_box(),
        })
    }
}

impl VectorEnv {
    fn reset_all(&mut self, py: Python<'_>, seed: u64) -> PyResult<()> {
        self.seed = seed;
        let num = self.episodes.len();
        self.episodes = vec![0; num];
        self.states.clear();
        self.rngs.clear();
        for i in 0..num {
            let (s, r) = fresh(self.game.as_ref(), seed, i, 0);
            self.states.push(s);
            self.rngs.push(r);
        }
        let n = self.game.num_distinct_actions();
        let mask = self.mask.bind(py);
        let seat = self.seat.bind(py);
        let mut m = mask.readwrite();
        let mut s = seat.readwrite();
        let (m, s) = (m.as_slice_mut()?, s.as_slice_mut()?);
        let observations = self.observations.as_ref().map(|o| o.bind(py).clone());
        let mut o = observations.as_ref().map(|o| o.readwrite());
        let mut o = match (o.as_mut(), self.kind) {
            (Some(o), Some(kind)) => Some((kind, o.as_slice_mut()?)),
            _ => None,
        };
        for (i, state) in self.states.iter().enumerate() {
            let row = o.as_mut().map(|(kind, o)| {
                let width = kind.width(self.game.as_ref());
                (*kind, &mut o[i * width..(i + 1) * width])
            });
            fill_row(state.as_ref(), &mut m[i * n..(i + 1) * n], &mut s[i], row);
        }
        self.rewards.bind(py).readwrite().as_slice_mut()?.fill(0.0);
        self.terminated
            .bind(py)
            .readwrite()
            .as_slice_mut()?
            .fill(false);
        Ok(())
    }

    fn buffers<'py>(&self, py: Python<'py>) -> Buffers<'py> {
        (
            self.mask.bind(py).clone(),
            self.seat.bind(py).clone(),
            self.rewards.bind(py).clone(),
            self.terminated.bind(py).clone(),
        )
    }
}

/// Adds `VectorEnv` to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<VectorEnv>()
}
