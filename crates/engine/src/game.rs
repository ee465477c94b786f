//! The contract every game implements.
//!
//! A game is a deterministic state machine. Its state is built from a rules config (which
//! carries the content: scenario, units, dice), and moves only through [`Game::step`]. Whoever
//! acts next is told by [`Game::turn`]: one seat, several seats committing hidden choices at
//! once, chance, or nobody (the game is over).
//!
//! # Why chance nodes instead of inline rolls?
//! A dice roll is a [`Turn::Chance`] node whose exact outcome distribution the game lists in
//! [`Game::chance_outcomes`]. The [`Session`](crate::Session) samples one outcome from its seeded
//! RNG and steps it like any other action, so every random outcome lands in the event log,
//! designers read exact odds straight off the node, and search agents can do expectimax or
//! sample with their own RNG without touching the session's.
//!
//! # Why simultaneous moves are committed one seat at a time
//! Hidden simultaneous choices (Command Core programs, Milkomeda fleet rosters) are a
//! [`Turn::Simultaneous`] node listing the seats that still owe a commitment. Each seat commits
//! on its own, in any order; the game stores commitments privately and reveals them only when the
//! set is empty. Online players never wait on each other's sockets, and because observations
//! never include another seat's commitment, the order of commits leaks nothing.

use crate::rng::Rng;
use crate::seat::{PerSeat, Seat, SeatSet, Viewer};
use serde::{Serialize, de::DeserializeOwned};
use std::fmt::Debug;
use std::hash::Hash;

/// Who acts now.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Turn {
    /// Exactly this seat must act.
    Seat(Seat),
    /// Each of these seats must commit a hidden choice; they may do so in any order.
    Simultaneous(SeatSet),
    /// Chance acts: sample one of [`Game::chance_outcomes`].
    Chance,
    /// The game is over; see [`Game::returns`].
    Terminal,
}

impl Turn {
    /// Whether `seat` may act now.
    pub fn includes(self, seat: Seat) -> bool {
        match self {
            Turn::Seat(s) => s == seat,
            Turn::Simultaneous(set) => set.contains(seat),
            Turn::Chance | Turn::Terminal => false,
        }
    }
}

/// Who performed a step: a seat or chance.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    /// A player's choice.
    Seat(Seat),
    /// A random outcome sampled by the session.
    Chance,
}

/// How a game uses chance, for documentation and agent selection.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ChanceMode {
    /// No chance nodes.
    Deterministic,
    /// Chance nodes with explicit outcome lists.
    Explicit,
}

/// Whether every seat sees the whole state.
#[derive(Clone, Copy, PartialEq, Eq, Debug, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Information {
    /// Observations equal the state.
    Perfect,
    /// Some state is secret to some seats.
    Imperfect,
}

/// Static facts about a game, like OpenSpiel's `GameType`.
#[derive(Clone, Copy, Debug, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct GameInfo {
    /// Short name used on the command line and in URLs (`grid-battles`).
    pub short_name: &'static str,
    /// Human-readable name (`Grid Battles`).
    pub long_name: &'static str,
    /// One-line description.
    pub summary: &'static str,
    /// Fewest seats.
    pub min_seats: u8,
    /// Most seats.
    pub max_seats: u8,
    /// How the game uses chance.
    pub chance: ChanceMode,
    /// Perfect or imperfect information.
    pub information: Information,
    /// Version of the rules implementation; bumped whenever the same inputs could give a
    /// different event log, so old replays are recognised as such instead of failing
    /// mysteriously.
    pub rules_version: &'static str,
}

/// Collects events during a step. Disabled collectors (used by fast playouts) cost nothing: the
/// closure that would build the event is never called.
#[derive(Debug)]
pub struct Events<E> {
    enabled: bool,
    buf: Vec<E>,
}

impl<E> Events<E> {
    /// A collector that records events.
    pub fn recording() -> Self {
        Events {
            enabled: true,
            buf: Vec::new(),
        }
    }

    /// A collector that drops events without building them.
    pub fn disabled() -> Self {
        Events {
            enabled: false,
            buf: Vec::new(),
        }
    }

    /// Whether events are being recorded.
    pub fn is_enabled(&self) -> bool {
        self.enabled
    }

    /// Records the event built by `f`, if recording.
    #[inline]
    pub fn emit(&mut self, f: impl FnOnce() -> E) {
        if self.enabled {
            self.buf.push(f());
        }
    }

    /// Takes the recorded events, leaving the collector empty.
    pub fn take(&mut self) -> Vec<E> {
        std::mem::take(&mut self.buf)
    }
}

/// A game whose event log is a full audit trail: every change of a number or a place that a
/// viewer can see is an event, so folding the events a viewer was shown (each as
/// [`Game::redact_event`] gives it to that viewer), in order, into the observation of the game's
/// start reproduces that viewer's observation after every step.
///
/// A referee that reads only a replay's log can then check everything a player saw. The
/// conformance harness checks it on random games (`testing::check_event_fold`, feature `testing`).
pub trait EventFold: Game {
    /// Folds one event that `viewer` was shown into `seen`, the observation built so far.
    ///
    /// `start` is the game as [`Game::new`] built it from the config, before any step: it holds
    /// the rules and content and no secret (setup randomness is chance after `new`), so the fold
    /// may read names, costs and geometry from it, never the state of the game in progress.
    fn fold_event(start: &Self, viewer: Viewer, seen: &mut Self::Observation, event: &Self::Event);
}

/// Failure to build a game from its config: every problem found, each naming the field of the
/// config it is about where there is one, as [`Problems`](crate::content::Problems) print them
/// (`` `board.width`: must be 2 to 16, not 40 ``). A content layer that read the config from a
/// file files them at the file's lines ([`Report::adopt`](crate::content::Report::adopt)).
///
/// # Examples
/// ```
/// use gridwright_engine::SetupError;
/// use gridwright_engine::content::Problems;
/// let mut found = Problems::new();
/// found.push("rounds", "must be at least 1");
/// let e = SetupError::from(found);
/// assert_eq!(e.problems().len(), 1);
/// assert_eq!(e.to_string(), "invalid game setup: `rounds`: must be at least 1");
/// assert_eq!(
///     SetupError::because("no map").to_string(),
///     "invalid game setup: no map"
/// );
/// ```
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid game setup: {problems}")]
pub struct SetupError {
    problems: crate::content::Problems,
}

impl SetupError {
    /// A setup refused for one reason that names no field, in a sentence.
    pub fn because(reason: impl Into<String>) -> SetupError {
        let mut problems = crate::content::Problems::new();
        problems.push("", reason);
        SetupError { problems }
    }

    /// Every problem found, in order.
    pub fn problems(&self) -> &crate::content::Problems {
        &self.problems
    }

    /// Every problem found, in order.
    pub fn into_problems(self) -> crate::content::Problems {
        self.problems
    }
}

/// A config whose content check found problems does not set up: the error carries every
/// problem, one `file:line: field: message` line each when printed.
impl From<crate::content::Problems> for SetupError {
    fn from(problems: crate::content::Problems) -> Self {
        SetupError { problems }
    }
}

/// The associated types and [`Game::INFO`] of a game crate's `impl Game`, for a crate whose
/// vocabulary is named alike: `Config`, `Action`, `Event`, `Observation` and `INFO` in scope
/// where the impl stands (every game of the catalog).
///
/// ```
/// # use gridwright_engine::*;
/// # #[derive(Clone, Debug, PartialEq)] struct Count(u8);
/// # type Config = (); type Action = u8; type Event = u8; type Observation = u8;
/// const INFO: GameInfo = GameInfo { short_name: "count", long_name: "Count", summary: "",
///     min_seats: 1, max_seats: 1, chance: ChanceMode::Deterministic,
///     information: Information::Perfect, rules_version: "1" };
/// impl Game for Count {
///     game_types!();
///     // …
/// #     const ZERO_SUM: bool = false;
/// #     fn new(_: &()) -> Result<Self, SetupError> { Ok(Count(0)) }
/// #     fn num_seats(&self) -> usize { 1 }
/// #     fn turn(&self) -> Turn { if self.0 >= 9 { Turn::Terminal } else { Turn::Seat(Seat::new(0)) } }
/// #     fn legal_actions(&self, s: Seat, out: &mut Vec<u8>) { if self.turn().includes(s) { out.push(1) } }
/// #     fn chance_outcomes(&self, _: &mut Vec<(u8, u32)>) {}
/// #     fn step(&mut self, _: Actor, a: u8, _: &mut Events<u8>) { self.0 += a }
/// #     fn returns(&self) -> PerSeat<f64> { vec![0.0].into() }
/// #     fn observe(&self, _: Viewer) -> u8 { self.0 }
/// #     fn max_game_length(&self) -> usize { 9 }
/// #     fn action_text(&self, a: &u8) -> String { format!("add {a}") }
/// #     fn event_text(&self, e: &u8) -> String { e.to_string() }
/// }
/// assert_eq!(Count::INFO.short_name, "count");
/// ```
#[macro_export]
macro_rules! game_types {
    () => {
        type Config = Config;
        type Action = Action;
        type Event = Event;
        type Observation = Observation;
        const INFO: $crate::GameInfo = INFO;
    };
}

/// A game: its state, actions, events and observations.
///
/// Required methods describe the rules; provided methods build on them and must not be
/// overridden unless the doc says so.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// Rules options plus the content (scenario, units, dice) the game is played with. Stored in
    /// replays, so a replay is self-contained.
    type Config: Clone + Debug + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// A player's choice or a chance outcome. Small and `Copy`.
    type Action: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Serialize
        + DeserializeOwned
        + Send
        + Sync
        + 'static;
    /// Something that happened, for logs and displays.
    type Event: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync + 'static;
    /// What one viewer may see of the state.
    type Observation: Clone + Debug + Serialize + Send + 'static;

    /// Static facts about the game.
    const INFO: GameInfo;

    /// Whether the game is zero-sum: the returns of every state sum to 0 (a win for one seat is
    /// a loss for the others). True unless the game says otherwise, as for win/loss/draw games
    /// and rank-based returns ([`rank_returns`](crate::rank_returns)); a cooperative or
    /// general-sum game sets it to `false`. The conformance harness checks it.
    const ZERO_SUM: bool = true;

    /// Builds the initial state. Setup randomness (shuffles, who places first) must be chance
    /// nodes after this, not done here, so it is logged.
    ///
    /// # Errors
    /// If the config is inconsistent (e.g. a unit placed off the map).
    fn new(config: &Self::Config) -> Result<Self, SetupError>;

    /// Number of seats in this game.
    fn num_seats(&self) -> usize;

    /// Who acts now.
    fn turn(&self) -> Turn;

    /// Appends the legal actions of `seat`, sorted and without duplicates, to `out` (which the
    /// caller cleared). Empty if `seat` may not act now.
    fn legal_actions(&self, seat: Seat, out: &mut Vec<Self::Action>);

    /// At a chance node, appends every outcome with its integer weight (probability = weight /
    /// sum of weights) to `out`. Weights are exact, so odds derived from them are exact.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, u32)>);

    /// Applies an action that is known to be legal for `actor`, emitting events.
    ///
    /// # Panics
    /// May panic or corrupt the state on an illegal action. Only [`Game::apply`], agents and
    /// simulations call it, on actions they just generated.
    fn step(&mut self, actor: Actor, action: Self::Action, events: &mut Events<Self::Event>);

    /// The result for each seat, in `[-1, 1]`; meaningful once terminal (all zeros before).
    /// Indexed by [`Seat`](crate::Seat), so no caller counts seats by hand.
    fn returns(&self) -> PerSeat<f64>;

    /// What `viewer` may see. Must not depend on anything that viewer may not see.
    fn observe(&self, viewer: Viewer) -> Self::Observation;

    /// An upper bound on the number of steps (player and chance) of any game from this config.
    fn max_game_length(&self) -> usize;

    /// The readable text form of an action, as typed in the terminal.
    fn action_text(&self, action: &Self::Action) -> String;

    /// The readable text form of an event.
    fn event_text(&self, event: &Self::Event) -> String;

    /// Parses the text form of an action for `seat`. The default accepts exactly the text of a
    /// legal action (case and spacing ignored); games may accept more forms.
    ///
    /// # Errors
    /// A message saying why the text is not an action.
    fn parse_action(&self, seat: Seat, text: &str) -> Result<Self::Action, String> {
        let want = normalize(text);
        let mut legal = Vec::new();
        self.legal_actions(seat, &mut legal);
        legal
            .into_iter()
            .find(|a| normalize(&self.action_text(a)) == want)
            .ok_or_else(|| {
                format!(
                    "`{}` is not the text of any action available now",
                    text.trim()
                )
            })
    }

    /// Why `action` is not legal for `seat` now. Games may override to give specific reasons.
    fn explain_illegal(&self, seat: Seat, action: &Self::Action) -> String {
        let _ = (seat, action);
        "it is not among the legal actions in this position".to_owned()
    }

    /// Whether `viewer` may see that `actor` took `action` (e.g. a hidden commitment or a
    /// private card draw is hidden from others). Default: everything is public.
    fn action_visible_to(&self, actor: Actor, action: &Self::Action, viewer: Viewer) -> bool {
        let _ = (actor, action, viewer);
        true
    }

    /// The form of `event` that `viewer` may see, or `None` to hide it. Default: all public.
    fn redact_event(&self, event: &Self::Event, viewer: Viewer) -> Option<Self::Event> {
        let _ = viewer;
        Some(event.clone())
    }

    /// A full state consistent with everything `seat` can see, with the secrets it cannot see
    /// drawn at random. Perfect-information games return a clone (the default). Search agents
    /// use this so that they never read what their seat may not see.
    ///
    /// It must depend on the state only through what `seat` can see: two states that `seat`
    /// cannot tell apart (same observation, same visible log) resample, with equal RNGs, to
    /// equal states. The conformance harness checks this, so draw from what is public (sorted
    /// pools, counts), never from the secrets themselves.
    fn resample(&self, seat: Seat, rng: &mut Rng) -> Self {
        let _ = (seat, rng);
        self.clone()
    }

    /// For balance reports: the faction, deck, civilization or chassis `seat` plays, in the
    /// words players read, so wins can be counted per faction as well as per seat. `None` (the
    /// default): the seats differ only by their order.
    fn faction(&self, seat: Seat) -> Option<String> {
        let _ = seat;
        None
    }

    /// For balance reports: puts the cards or units in play before the first step into `log`
    /// (see [`PieceLog`](crate::PieceLog)). Default: none.
    fn log_pieces_at_start(&self, log: &mut crate::PieceLog) {
        let _ = log;
    }

    /// For balance reports: tells `log` what the `events` of one step, just taken (`self` is
    /// the state after it), did to cards or units: which came into play, dealt or took damage,
    /// were destroyed. Default: nothing, and the report has no per-piece table.
    fn log_pieces(&self, events: &[Self::Event], log: &mut crate::PieceLog) {
        let _ = (events, log);
    }

    // ----- provided methods; do not override -----

    /// Whether the game is over. *(Provided.)*
    fn is_terminal(&self) -> bool {
        self.turn() == Turn::Terminal
    }

    /// The legal actions of `seat` as a new vector. *(Provided.)*
    fn legal_actions_vec(&self, seat: Seat) -> Vec<Self::Action> {
        let mut v = Vec::new();
        self.legal_actions(seat, &mut v);
        v
    }

    /// Whether `actor` may take `action` now. *(Provided.)*
    fn is_legal(&self, actor: Actor, action: &Self::Action) -> bool {
        self.check(actor, action).is_ok()
    }

    /// Checks `action` for `actor` without changing anything. *(Provided.)*
    ///
    /// # Errors
    /// The typed reason the action is refused.
    fn check(&self, actor: Actor, action: &Self::Action) -> Result<(), RejectReason> {
        let turn = self.turn();
        match (turn, actor) {
            (Turn::Terminal, _) => Err(RejectReason::GameOver),
            (Turn::Chance, Actor::Seat(s)) => Err(RejectReason::NotYourTurn { seat: s }),
            (Turn::Chance, Actor::Chance) => {
                let mut outs = Vec::new();
                self.chance_outcomes(&mut outs);
                if outs.iter().any(|(a, w)| a == action && *w > 0) {
                    Ok(())
                } else {
                    Err(RejectReason::Illegal(
                        "not a possible chance outcome here".into(),
                    ))
                }
            }
            (_, Actor::Chance) => Err(RejectReason::NotChanceTurn),
            (t, Actor::Seat(s)) if !t.includes(s) => Err(RejectReason::NotYourTurn { seat: s }),
            (_, Actor::Seat(s)) => {
                let mut legal = Vec::new();
                self.legal_actions(s, &mut legal);
                if legal.contains(action) {
                    Ok(())
                } else {
                    Err(RejectReason::Illegal(self.explain_illegal(s, action)))
                }
            }
        }
    }

    /// The checked transition: validates, then steps. A refused action leaves `self` exactly as
    /// it was. *(Provided.)*
    ///
    /// # Errors
    /// The typed reason the action is refused.
    fn apply(
        &mut self,
        actor: Actor,
        action: Self::Action,
        events: &mut Events<Self::Event>,
    ) -> Result<(), RejectReason> {
        self.check(actor, &action)?;
        self.step(actor, action, events);
        Ok(())
    }
}

/// Why an action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum RejectReason {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// This seat may not act now.
    #[error("it is not {seat}'s turn")]
    NotYourTurn {
        /// The seat that tried to act.
        seat: Seat,
    },
    /// A chance outcome was offered when a player must act.
    #[error("chance may not act now")]
    NotChanceTurn,
    /// The action is not legal now; the text says why.
    #[error("illegal action: {0}")]
    Illegal(String),
}

/// A chance outcome of `game` (at a chance node) drawn from `rng` by the outcomes' weights, one
/// [`Rng::weighted_index`] per call; `None` if the game lists no outcome. `scratch` holds the
/// outcome list (cleared first; pass the same one again to save allocations).
///
/// # Examples
/// ```
/// use gridwright_engine::{Actor, Events, Game, Rng, Turn, sample_chance};
/// fn play_chance<G: Game>(game: &mut G, rng: &mut Rng) {
///     let mut scratch = Vec::new();
///     while game.turn() == Turn::Chance {
///         let Some(outcome) = sample_chance(game, rng, &mut scratch) else { break };
///         game.step(Actor::Chance, outcome, &mut Events::disabled());
///     }
/// }
/// ```
pub fn sample_chance<G: Game>(
    game: &G,
    rng: &mut Rng,
    scratch: &mut Vec<(G::Action, u32)>,
) -> Option<G::Action> {
    scratch.clear();
    game.chance_outcomes(scratch);
    if scratch.is_empty() {
        return None;
    }
    let i = rng.weighted_index(scratch.iter().map(|(_, w)| *w));
    Some(scratch[i].0)
}

/// Lower-cases and collapses white space, for matching typed action text.
pub fn normalize(text: &str) -> String {
    text.split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}
