//! One interface over every game for the bindings: a loaded game ([`DynGame`]) and a state
//! ([`DynState`]), both speaking flat action indices ([`ActionIndex`]) and JSON, implemented once
//! for every catalog game by the blanket impls below. The catalog names the games; this file
//! names none.

use crate::batch::{Batch, DynBatch};
use gridwright_agents::AgentSpec;
use gridwright_catalog::{CatalogError, ContentSource, Frontend, GameKind, with_game};
use gridwright_engine::{
    ActionIndex, Actor, Events, Game, Information, ObservationPlanes, Rng, Seat, SeatView, Turn,
    Viewer,
};
use serde_json::Value;
use std::sync::{Arc, OnceLock};

/// Why a call was refused, in a sentence naming what and where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<CatalogError> for Refused {
    fn from(e: CatalogError) -> Self {
        Refused(e.to_string())
    }
}

/// One step of a state's history: who acted and the action in the game's JSON form.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
struct Step {
    /// The seat's zero-based index, or `None` for chance.
    seat: Option<u8>,
    action: Value,
}

/// A game loaded with one config.
pub trait DynGame: Send + Sync + std::fmt::Debug {
    /// The game's short name.
    fn name(&self) -> &'static str;
    /// The setup (scenario) it was loaded with, if named.
    fn setup(&self) -> Option<&str>;
    /// The config as JSON.
    fn config_json(&self) -> Value;
    /// `N`: player actions are indexed `0..N`.
    fn num_distinct_actions(&self) -> usize;
    /// Seats of a game of this config.
    fn num_seats(&self) -> usize;
    /// An upper bound on the steps (player and chance) of one game.
    fn max_game_length(&self) -> usize;
    /// The initial state.
    fn new_initial_state(&self) -> Box<dyn DynState>;
    /// A state rebuilt from [`DynState::serialize`]'s text, every step checked.
    ///
    /// # Errors
    /// Text that is not such a document, of another game or config, or an illegal step.
    fn deserialize(&self, text: &str) -> Result<Box<dyn DynState>, Refused>;
    /// The length of every `observation_tensor` of this config ([`crate::tensor`]): fixed at
    /// the first call from one seeded random game's observations.
    fn observation_tensor_len(&self) -> usize;
    /// `[planes, height, width]` of every `observation_planes` of this config (the game's
    /// `ObservationPlanes`).
    fn planes_shape(&self) -> [usize; 3];
    /// A name per plane, in player words.
    fn plane_names(&self) -> Vec<String>;
    /// A batch of games of this config between `agents`, one spec per seat: `simulate`, its
    /// shards and their merge, the balance report ([`crate::batch`]).
    fn batch<'a>(&'a self, agents: &'a [AgentSpec]) -> Box<dyn DynBatch + 'a>;
}

/// Who acts now, without the engine's types.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acting {
    /// One seat.
    Seat(usize),
    /// These seats each still owe a hidden commitment (any order).
    Simultaneous(Vec<usize>),
    /// Chance.
    Chance,
    /// Nobody: the game is over.
    Terminal,
}

/// A game state of any game.
pub trait DynState: Send + Sync + std::fmt::Debug {
    /// A copy.
    fn clone_box(&self) -> Box<dyn DynState>;
    /// Seats.
    fn num_seats(&self) -> usize;
    /// Who acts now.
    fn acting(&self) -> Acting;
    /// The indices of `seat`'s legal actions, ascending.
    ///
    /// # Errors
    /// A legal action without an index (a game bug the conformance tests rule out).
    fn legal_indices(&self, seat: Seat) -> Result<Vec<usize>, Refused>;
    /// Sets `mask[i]` to 1 for each legal index of `seat` (the rest 0); `mask` has
    /// `num_distinct_actions` entries.
    fn fill_mask(&self, seat: Seat, mask: &mut [i8]);
    /// Applies the player action `index` for `seat`.
    ///
    /// # Errors
    /// No such index, or the rules refuse it; the state is unchanged.
    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<(), Refused>;
    /// The chance outcomes here with their integer weights (empty unless at a chance node).
    fn chance_weights(&self) -> Vec<u32>;
    /// The text of chance outcome number `i` of [`DynState::chance_weights`].
    fn chance_text(&self, i: usize) -> Option<String>;
    /// Applies chance outcome number `i`.
    ///
    /// # Errors
    /// Not a chance node, or no such outcome.
    fn apply_chance(&mut self, i: usize) -> Result<(), Refused>;
    /// Samples and applies chance outcomes from `rng` until the game is not at a chance node;
    /// returns how many.
    fn resolve_chance(&mut self, rng: &mut Rng) -> usize;
    /// Returns per seat (zeros before the end).
    fn returns(&self) -> Vec<f64>;
    /// `viewer`'s observation as JSON.
    fn observation_json(&self, viewer: Viewer) -> Value;
    /// `viewer`'s observation encoded into `out` ([`crate::tensor::encode`]); `out` has
    /// [`DynGame::observation_tensor_len`] entries.
    fn observation_tensor(&self, viewer: Viewer, out: &mut [f32]) {
        crate::tensor::encode(&self.observation_json(viewer), out);
    }
    /// `seat`'s observation as the game's typed planes (`ObservationPlanes`), into `out` of
    /// [`DynGame::planes_shape`]'s product.
    fn observation_planes(&self, seat: Seat, out: &mut [f32]);
    /// Applies one step of a history: `seat` (`None` for chance) and the action in the game's
    /// JSON form, checked by the rules.
    ///
    /// # Errors
    /// Not an action of this game, or the rules refuse it; the state is unchanged.
    fn apply_json(&mut self, seat: Option<Seat>, action: &Value) -> Result<(), Refused>;
    /// `viewer`'s terminal picture.
    fn render(&self, viewer: Viewer) -> String;
    /// The text of the player action `index`, if it stands for one.
    fn index_text(&self, index: usize) -> Option<String>;
    /// The index of the action `seat` would take by typing `text`.
    ///
    /// # Errors
    /// Not the text of an action of `seat` now.
    fn parse(&self, seat: Seat, text: &str) -> Result<usize, Refused>;
    /// A state `seat` cannot tell from this one, its secrets redrawn from `rng`.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Box<dyn DynState>;
    /// The whole state, secrets included, in Rust's debug form: for debugging only.
    fn debug_full_state(&self) -> String;
    /// The game's history as JSON text (config and every step), if it has one (a resampled
    /// state has none: its secrets were never dealt by steps).
    fn serialize(&self) -> Option<String>;
    /// The action index the agent `spec` picks for `seat` from `seat`'s view only.
    ///
    /// # Errors
    /// Unknown agent or parameters, or `seat` may not act.
    fn agent_index(&self, spec: &AgentSpec, seat: Seat, rng: &mut Rng) -> Result<usize, Refused>;
}

/// The document [`DynState::serialize`] writes.
#[derive(serde::Serialize, serde::Deserialize)]
struct Saved {
    game: String,
    config: Value,
    steps: Vec<Step>,
}

#[derive(Debug)]
struct Loaded<G: Game> {
    setup: Option<String>,
    config: Arc<G::Config>,
    seats: usize,
    max_len: usize,
    tensor_len: OnceLock<usize>,
}

#[derive(Debug)]
struct State<G: Game> {
    config: Arc<G::Config>,
    game: G,
    /// Every step since the start; `None` once resampled.
    history: Option<Vec<(Actor, G::Action)>>,
}

impl<G: Game> Clone for State<G> {
    fn clone(&self) -> Self {
        State {
            config: Arc::clone(&self.config),
            game: self.game.clone(),
            history: self.history.clone(),
        }
    }
}

/// Loads `kind` with `setup` (`None`: the default) and the JSON `overrides` merged into its
/// config (objects merge key by key, anything else replaces).
///
/// # Errors
/// Unknown setup, overrides that do not make a config, or a config that does not set up.
pub fn load(
    kind: GameKind,
    setup: Option<&str>,
    overrides: Option<&Value>,
    decks: &[String],
) -> Result<Arc<dyn DynGame>, Refused> {
    with_game!(kind, G => load_game::<G>(setup, overrides, decks))
}

fn load_game<G: Frontend + ActionIndex + ObservationPlanes>(
    setup: Option<&str>,
    overrides: Option<&Value>,
    decks: &[String],
) -> Result<Arc<dyn DynGame>, Refused> {
    let mut config =
        gridwright_catalog::load_config_with_decks::<G>(&ContentSource::Builtin, setup, decks)?;
    if let Some(over) = overrides {
        let mut json = serde_json::to_value(&config)
            .map_err(|e| Refused(format!("{}: config as JSON: {e}", G::INFO.short_name)))?;
        let mut paths = Vec::new();
        merge(&mut json, over, "", &mut paths)
            .map_err(|e| Refused(format!("{}: overrides: {e}", G::INFO.short_name)))?;
        config = serde_json::from_value(json).map_err(|e| {
            Refused(format!(
                "{}: the overrides of `{}` do not make a config: {e}",
                G::INFO.short_name,
                paths.join("`, `")
            ))
        })?;
    }
    from_config::<G>(config, setup.map(str::to_owned))
}

/// The game of `config`, loaded with the setup named `setup`.
///
/// # Errors
/// A config that does not set up.
pub fn from_config<G: Frontend + ActionIndex + ObservationPlanes>(
    config: G::Config,
    setup: Option<String>,
) -> Result<Arc<dyn DynGame>, Refused> {
    let start = G::new(&config).map_err(|e| Refused(e.to_string()))?;
    Ok(Arc::new(Loaded::<G> {
        setup,
        config: Arc::new(config),
        seats: start.num_seats(),
        max_len: start.max_game_length(),
        tensor_len: OnceLock::new(),
    }))
}

/// Merges `over` into `base`: objects key by key, anything else replaces. `paths` collects the
/// dotted path of every value replaced, for error messages.
///
/// # Errors
/// A key the config does not have (a typo must not be ignored).
fn merge(
    base: &mut Value,
    over: &Value,
    path: &str,
    paths: &mut Vec<String>,
) -> Result<(), String> {
    match (base, over) {
        (Value::Object(b), Value::Object(o)) => {
            for (k, v) in o {
                let here = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                let Some(slot) = b.get_mut(k) else {
                    let mut known: Vec<&str> = b.keys().map(String::as_str).collect();
                    known.sort_unstable();
                    return Err(format!(
                        "the config has no `{here}`; its keys there are: {}",
                        known.join(", ")
                    ));
                };
                merge(slot, v, &here, paths)?;
            }
            Ok(())
        }
        (slot, v) => {
            *slot = v.clone();
            paths.push(path.to_owned());
            Ok(())
        }
    }
}

fn seat_of(index: u8, seats: usize) -> Result<Seat, Refused> {
    Seat::try_from(index)
        .ok()
        .filter(|s| s.index() < seats)
        .ok_or_else(|| {
            Refused(format!(
                "seat {index} is not a seat of this game (seats 0 to {})",
                seats.saturating_sub(1)
            ))
        })
}

impl<G: Frontend + ActionIndex + ObservationPlanes> DynGame for Loaded<G> {
    fn observation_tensor_len(&self) -> usize {
        *self.tensor_len.get_or_init(|| {
            crate::tensor::length_for(most_features(self.new_initial_state(), TENSOR_PROBE_STEPS))
        })
    }
    fn planes_shape(&self) -> [usize; 3] {
        G::planes_shape(&self.config)
    }
    fn plane_names(&self) -> Vec<String> {
        G::plane_names(&self.config)
    }
    fn batch<'a>(&'a self, agents: &'a [AgentSpec]) -> Box<dyn DynBatch + 'a> {
        Box::new(Batch::<G> {
            config: &self.config,
            setup: self.setup.as_deref(),
            agents,
        })
    }
    fn name(&self) -> &'static str {
        G::INFO.short_name
    }
    fn setup(&self) -> Option<&str> {
        self.setup.as_deref()
    }
    fn config_json(&self) -> Value {
        serde_json::to_value(&*self.config).unwrap_or(Value::Null)
    }
    fn num_distinct_actions(&self) -> usize {
        G::num_distinct_actions(&self.config)
    }
    fn num_seats(&self) -> usize {
        self.seats
    }
    fn max_game_length(&self) -> usize {
        self.max_len
    }
    fn new_initial_state(&self) -> Box<dyn DynState> {
        // `load_game` built this config once already, so it sets up.
        let game = match G::new(&self.config) {
            Ok(g) => g,
            Err(e) => unreachable!("a config that set up once no longer does: {e}"),
        };
        Box::new(State::<G> {
            config: Arc::clone(&self.config),
            game,
            history: Some(Vec::new()),
        })
    }
    fn deserialize(&self, text: &str) -> Result<Box<dyn DynState>, Refused> {
        let saved: Saved = serde_json::from_str(text)
            .map_err(|e| Refused(format!("not a saved {} state: {e}", G::INFO.short_name)))?;
        if saved.game != G::INFO.short_name {
            return Err(Refused(format!(
                "a saved state of `{}`, not of {}",
                saved.game,
                G::INFO.short_name
            )));
        }
        if saved.config != self.config_json() {
            return Err(Refused(format!(
                "the saved state's config is not this game's ({} with setup {})",
                G::INFO.short_name,
                self.setup.as_deref().unwrap_or("default")
            )));
        }
        let mut state = State::<G> {
            config: Arc::clone(&self.config),
            game: G::new(&self.config).map_err(|e| Refused(e.to_string()))?,
            history: Some(Vec::new()),
        };
        for (n, step) in saved.steps.iter().enumerate() {
            let at = |why: String| Refused(format!("saved state, step {}: {why}", n + 1));
            let seat = match step.seat {
                None => None,
                Some(i) => Some(seat_of(i, self.seats).map_err(|e| at(e.0))?),
            };
            state.apply_json(seat, &step.action).map_err(|e| at(e.0))?;
        }
        Ok(Box::new(state))
    }
}

impl<G: Frontend + ActionIndex + ObservationPlanes> State<G> {
    fn apply_actor(&mut self, actor: Actor, action: G::Action) -> Result<(), Refused> {
        self.game
            .apply(actor, action, &mut Events::disabled())
            .map_err(|e| Refused(e.to_string()))?;
        if let Some(h) = &mut self.history {
            h.push((actor, action));
        }
        Ok(())
    }
}

impl<G: Frontend + ActionIndex + ObservationPlanes> DynState for State<G> {
    fn clone_box(&self) -> Box<dyn DynState> {
        Box::new(self.clone())
    }
    fn num_seats(&self) -> usize {
        self.game.num_seats()
    }
    fn acting(&self) -> Acting {
        match self.game.turn() {
            Turn::Seat(s) => Acting::Seat(s.index()),
            Turn::Simultaneous(set) => Acting::Simultaneous(set.iter().map(Seat::index).collect()),
            Turn::Chance => Acting::Chance,
            Turn::Terminal => Acting::Terminal,
        }
    }
    fn legal_indices(&self, seat: Seat) -> Result<Vec<usize>, Refused> {
        let mut out = Vec::new();
        for a in self.game.legal_actions_vec(seat) {
            match G::action_index(&self.config, &a) {
                Some(i) => out.push(i),
                None => {
                    return Err(Refused(format!(
                        "{}: the legal action `{}` has no index",
                        G::INFO.short_name,
                        self.game.action_text(&a)
                    )));
                }
            }
        }
        out.sort_unstable();
        Ok(out)
    }
    fn fill_mask(&self, seat: Seat, mask: &mut [i8]) {
        mask.fill(0);
        for a in self.game.legal_actions_vec(seat) {
            if let Some(bit) = G::action_index(&self.config, &a).and_then(|i| mask.get_mut(i)) {
                *bit = 1;
            }
        }
    }
    fn observation_planes(&self, seat: Seat, out: &mut [f32]) {
        self.game.observation_planes_into(&self.config, seat, out);
    }
    fn apply_json(&mut self, seat: Option<Seat>, action: &Value) -> Result<(), Refused> {
        let action: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| Refused(format!("not an action of {}: {e}", G::INFO.short_name)))?;
        self.apply_actor(seat.map_or(Actor::Chance, Actor::Seat), action)
    }
    fn apply_index(&mut self, seat: Seat, index: usize) -> Result<(), Refused> {
        let action = G::action_from_index(&self.config, index).ok_or_else(|| {
            Refused(format!(
                "{}: {index} is not an action index (0 to {} stand for actions of this config)",
                G::INFO.short_name,
                G::num_distinct_actions(&self.config).saturating_sub(1)
            ))
        })?;
        self.apply_actor(Actor::Seat(seat), action)
            .map_err(|e| Refused(format!("{seat}, `{}`: {e}", self.game.action_text(&action))))
    }
    fn chance_weights(&self) -> Vec<u32> {
        let mut outs = Vec::new();
        if self.game.turn() == Turn::Chance {
            self.game.chance_outcomes(&mut outs);
        }
        outs.into_iter().map(|(_, w)| w).collect()
    }
    fn chance_text(&self, i: usize) -> Option<String> {
        let mut outs = Vec::new();
        if self.game.turn() == Turn::Chance {
            self.game.chance_outcomes(&mut outs);
        }
        outs.get(i).map(|(a, _)| self.game.action_text(a))
    }
    fn apply_chance(&mut self, i: usize) -> Result<(), Refused> {
        if self.game.turn() != Turn::Chance {
            return Err(Refused("not a chance node".into()));
        }
        let mut outs = Vec::new();
        self.game.chance_outcomes(&mut outs);
        let n = outs.len();
        let (a, _) = outs.get(i).copied().ok_or_else(|| {
            Refused(format!(
                "chance outcome {i} does not exist here (0 to {})",
                n.saturating_sub(1)
            ))
        })?;
        self.apply_actor(Actor::Chance, a)
    }
    fn resolve_chance(&mut self, rng: &mut Rng) -> usize {
        let mut scratch = Vec::new();
        let mut n = 0;
        while self.game.turn() == Turn::Chance {
            let Some(a) = gridwright_engine::sample_chance(&self.game, rng, &mut scratch) else {
                break;
            };
            self.game.step(Actor::Chance, a, &mut Events::disabled());
            if let Some(h) = &mut self.history {
                h.push((Actor::Chance, a));
            }
            n += 1;
        }
        n
    }
    fn returns(&self) -> Vec<f64> {
        self.game.returns().into_vec()
    }
    fn observation_json(&self, viewer: Viewer) -> Value {
        serde_json::to_value(self.game.observe(viewer)).unwrap_or(Value::Null)
    }
    fn render(&self, viewer: Viewer) -> String {
        self.game.render(viewer)
    }
    fn index_text(&self, index: usize) -> Option<String> {
        G::action_from_index(&self.config, index).map(|a| self.game.action_text(&a))
    }
    fn parse(&self, seat: Seat, text: &str) -> Result<usize, Refused> {
        let a = self.game.parse_action(seat, text).map_err(Refused)?;
        G::action_index(&self.config, &a)
            .ok_or_else(|| Refused(format!("`{text}` is an action without an index")))
    }
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Box<dyn DynState> {
        Box::new(State::<G> {
            config: Arc::clone(&self.config),
            game: self.game.resample(seat, rng),
            history: None,
        })
    }
    fn debug_full_state(&self) -> String {
        format!("{:#?}", self.game)
    }
    fn serialize(&self) -> Option<String> {
        let steps = self
            .history
            .as_ref()?
            .iter()
            .map(|(actor, a)| Step {
                seat: match actor {
                    Actor::Seat(s) => Some(u8::from(*s)),
                    Actor::Chance => None,
                },
                action: serde_json::to_value(a).unwrap_or(Value::Null),
            })
            .collect();
        let saved = Saved {
            game: G::INFO.short_name.to_owned(),
            config: serde_json::to_value(&*self.config).unwrap_or(Value::Null),
            steps,
        };
        serde_json::to_string(&saved).ok()
    }
    fn agent_index(&self, spec: &AgentSpec, seat: Seat, rng: &mut Rng) -> Result<usize, Refused> {
        if !self.game.turn().includes(seat) {
            return Err(Refused(format!("{seat} may not act now")));
        }
        let mut agent = G::agent(spec)?;
        let a = agent.choose(&SeatView::new(&self.game, seat), rng);
        G::action_index(&self.config, &a).ok_or_else(|| {
            Refused(format!(
                "the agent chose `{}`, which has no index",
                self.game.action_text(&a)
            ))
        })
    }
}

/// Steps of the random game whose observations fix a config's tensor length.
const TENSOR_PROBE_STEPS: usize = 2_000;

/// The most features ([`crate::tensor::features`]) any seat's observation held in one random
/// game from `state` (seed 0, every 8th step looked at, at most `steps` steps).
fn most_features(mut state: Box<dyn DynState>, steps: usize) -> usize {
    let mut rng = Rng::seed_from_u64(0);
    let seats = state.num_seats();
    let mut most = 0;
    for step in 0..=steps {
        if step % 8 == 0 || state.acting() == Acting::Terminal {
            for s in Seat::all(seats) {
                most = most.max(crate::tensor::features(
                    &state.observation_json(Viewer::Seat(s)),
                ));
            }
        }
        let seat = match state.acting() {
            Acting::Terminal => break,
            Acting::Chance => {
                state.resolve_chance(&mut rng);
                continue;
            }
            Acting::Seat(s) => s,
            Acting::Simultaneous(v) => v.first().copied().unwrap_or(0),
        };
        let Ok(seat) = self::seat(seat as i64, seats) else {
            break;
        };
        let legal = state.legal_indices(seat).unwrap_or_default();
        if legal.is_empty() {
            break;
        }
        let pick = legal[rng.below(legal.len() as u64) as usize];
        if state.apply_index(seat, pick).is_err() {
            break;
        }
    }
    most
}

/// Whether `kind` hides anything from some seat.
pub fn imperfect(kind: GameKind) -> bool {
    kind.info().information != Information::Perfect
}

/// The seat for a zero-based index of a game of `seats` seats.
///
/// # Errors
/// Out of range.
pub fn seat(index: i64, seats: usize) -> Result<Seat, Refused> {
    u8::try_from(index)
        .map_err(|_| Refused(format!("seat {index} is not a seat of this game")))
        .and_then(|i| seat_of(i, seats))
}
