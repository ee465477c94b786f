//! The conformance harness every game reuses (feature `testing`).
//!
//! [`random_sim`] plays many random games and checks, at every step, the invariants the engine,
//! agents, server and replays rely on, in the spirit of OpenSpiel's `RandomSimTest`. A game's
//! conformance test is then a few lines per config.
//!
//! # How hidden information is checked without knowing the game
//! The harness knows nothing of cards or programs, only the hooks: [`Game::observe`],
//! [`Game::action_visible_to`], [`Game::redact_event`] and [`Game::resample`]. What a viewer
//! *sees* is its observation, its visible log (the log entries as
//! [`Session::visible_log`] renders them), whose turn it is and, for a seat, its own legal
//! actions. Four comparisons then need no knowledge of the rules:
//!
//! - **Resampling keeps the view** (consistency). At random decision points the state is
//!   resampled for a random seat; the seat's view, the spectator's observation and both their
//!   visible logs (rendered with the resampled state) must be unchanged.
//! - **Hidden steps are indistinguishable** (invariance). When a viewer may not see a step (a
//!   hidden commitment, a private draw), the harness also takes other choices of the same actor
//!   that the viewer may not see either, each from a clone of the state before the step. Two
//!   such results that *differ only in secrets* — resampled for the viewer with equal RNGs, they
//!   give equal states — must look the same to the viewer both in the log and in the
//!   observation: if only the observation tells them apart, the observation leaks; if only the
//!   log does, the log leaks (a step that reveals what it hid, leaving equal states, may show
//!   it in the log). Where the viewer can tell neither apart, whose turn it is and its own
//!   legal actions must agree too, and the two states resampled for the viewer with equal RNGs
//!   must be *equal*: resample may depend only on what the seat sees, so a secret it keeps
//!   instead of redrawing shows up here. (For a spectator, the judge of "only secrets" is a
//!   seat that may not see the step either.)
//! - **Simultaneous choices stay sealed**. While another seat still owes its part of a
//!   [`Turn::Simultaneous`] choice, a seat's step must look the same to every other viewer
//!   whatever it chose among the choices hidden from that viewer: same log entry, observation,
//!   turn and (for a seat) legal actions. Unlike the check above this grants no exemption for
//!   what resample keeps: a game that declares a commitment's size or sealed state public
//!   before everyone has committed fails here.
//! - **Resampled states play on**. The first resampled states of each game are played forward
//!   beside the real one, with the same actions and chance outcomes while they stay legal and
//!   the seat still sees the same in both: whose turn it is and the seat's legal actions must
//!   stay the same. Once the two differ (a secret is revealed), the resampled state plays on
//!   alone to the end under the same state invariants as the real game, so a resample that
//!   builds an impossible state fails.
//!
//! Resample must also be fixed by its RNG: equal RNGs, equal states.
//!
//! What this cannot see: a game whose resample redraws nothing *and* whose observation and log
//! both show the secrets passes, since nothing it shows is ever compared with a redrawn
//! secret. So an imperfect-information game's test should assert that the checks had something
//! to compare: `resamples_changed > 0` and `hidden_pairs > 0` in the [`SimReport`].
//!
//! `clone == original` cannot fail for a derived `PartialEq`; instead every step is also taken
//! by a clone (events recorded) and by another clone with events disabled. Each must emit the
//! same events and be `==` the original stepped, and on the first four steps of each game and a
//! third of the others they must also agree on turn, every seat's legal actions, returns and
//! every viewer's observation.
//!
//! Proofs that each check fails on a broken game are in this module's tests.

use crate::action_index::ActionIndex;
use crate::agent::{Agent, SeatView};
use crate::game::{Actor, ChanceMode, Events, Game, GameInfo, Information, Turn};
use crate::replay::Replay;
use crate::rng::{Rng, derive_seed};
use crate::seat::{PerSeat, Seat, Viewer};
use crate::session::{LogEntry, Session, VisibleEntry};
use std::fmt;

pub mod golden;
#[cfg(test)]
mod tests;

/// Counts from a [`random_sim`] run, for sanity checks in tests.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct SimReport {
    /// Games played.
    pub games: usize,
    /// Total steps taken (player and chance).
    pub steps: usize,
    /// Longest game, in steps.
    pub longest: usize,
    /// Sum of returns per seat.
    pub returns: PerSeat<f64>,
    /// States resampled for a seat and compared with the real state.
    pub resamples: usize,
    /// Of those, how many redrew something (the resampled state differs from the real one).
    pub resamples_changed: usize,
    /// Resampled states played forward beside the real one.
    pub resamples_played: usize,
    /// Hidden steps compared with another choice the viewer could not tell apart from it, with
    /// both states resampled for that viewer.
    pub hidden_pairs: usize,
}

/// One step in this many (and the first four of each game) compares everything seen (every
/// viewer's observation, legal actions) between the original and its clones; every step
/// compares events and `==`.
const CLONE_SEEN_ONE_IN: usize = 3;
/// One decision point in this many is resampled for a random seat.
const RESAMPLE_ONE_IN: usize = 6;
/// Resampled states played forward per game.
const PLAYED_PER_GAME: usize = 2;
/// One hidden step (per viewer) in this many is compared with other choices.
const FORK_ONE_IN: usize = 2;
/// Other choices tried per compared hidden step.
const FORK_TRIES: usize = 8;

/// Plays `session` to its end with one agent per seat, drawing from `rng`: the driver of golden
/// replay tests. At a sealed simultaneous choice the lowest seat still to choose is asked
/// first; chance is resolved by the session.
///
/// # Panics
/// If an agent picks an action the session refuses (a bug in the agent or the game).
pub fn play_to_end<G: Game>(
    session: &mut Session<G>,
    agents: &mut [Box<dyn Agent<G>>],
    rng: &mut Rng,
) {
    loop {
        let seat = match session.turn() {
            Turn::Seat(x) => x,
            Turn::Simultaneous(set) => match set.iter().next() {
                Some(x) => x,
                None => break,
            },
            _ => break,
        };
        let action = agents[seat.index()].choose(&SeatView::new(session.state(), seat), rng);
        if let Err(e) = session.apply(seat, action) {
            panic!(
                "seat {seat} chose `{}`, refused: {e}",
                session.state().action_text(&action)
            );
        }
    }
}

/// Plays `n_games` random games from `config` and panics with a clear message at the first
/// broken invariant:
///
/// - legal actions are non-empty for the seats to act, sorted and unique, and empty for every
///   other seat (also at chance nodes and once the game is over);
/// - acting out of turn or as chance is refused and changes nothing;
/// - every action's text parses back to it;
/// - chance outcomes are unique with positive weights;
/// - a clone stepped with the same action or chance outcome, and a clone stepped with events
///   disabled, agree with the original on events, turn, legal actions, returns and every
///   viewer's observation;
/// - observations build and serialize for every viewer, and are the same for every viewer in a
///   perfect-information game (which also hides no action and redacts no event);
/// - a seat sees its own actions, and an action a spectator sees is seen by every seat;
/// - returns have one value per seat in `[-1, 1]`, are 0 before the game is over, and sum to 0
///   if the game is zero-sum ([`Game::ZERO_SUM`]);
/// - game length ≤ `max_game_length`;
/// - hidden information: resampling keeps the seat's view, hidden steps leak through neither
///   the log nor the observation, resample depends only on what the seat sees, and resampled
///   states play on (see the [module documentation](self));
/// - every `replay_every`-th game is played through a [`Session`] too: its log must equal the
///   harness's, its visible logs the harness's rendering, and its replay file must re-run to
///   the identical event-log hash.
///
/// # Panics
/// On any broken invariant (this is a test helper).
pub fn random_sim<G: Game>(
    config: &G::Config,
    n_games: usize,
    seed: u64,
    replay_every: usize,
) -> SimReport {
    let mut report = SimReport::default();
    for g in 0..n_games {
        let game_seed = derive_seed(seed, g as u64);
        let with_session = replay_every > 0 && g % replay_every == 0;
        let mut run = Run {
            game: g,
            rng: Rng::seed_from_u64(game_seed ^ 0x5eed),
            checks: Rng::seed_from_u64(game_seed ^ 0xc4ec_4ed5),
            report: &mut report,
            played: 0,
        };
        run.play::<G>(config, game_seed, with_session);
    }
    report
}

/// Where a check failed: the game, the step, and whether in a resampled state played on.
#[derive(Clone, Copy, Debug)]
struct At {
    game: usize,
    step: usize,
    /// The seat and the step of the resample, when checking a resampled state.
    resampled: Option<(Seat, usize)>,
}

impl At {
    fn at(self, step: usize) -> At {
        At { step, ..self }
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}, step {}", self.game, self.step)?;
        if let Some((seat, at)) = self.resampled {
            write!(f, " of the state resampled for {seat} at step {at}")?;
        }
        Ok(())
    }
}

/// Everything a test can compare about a state from outside: whose turn it is, every seat's
/// legal actions, the returns and every viewer's observation (as JSON, seats then spectator).
#[derive(Debug, PartialEq)]
struct Snapshot<A> {
    turn: Turn,
    legal: Vec<Vec<A>>,
    returns: Vec<f64>,
    seen: Vec<String>,
}

fn viewers(n: usize) -> impl Iterator<Item = Viewer> {
    Seat::all(n).map(Viewer::Seat).chain([Viewer::Spectator])
}

#[allow(clippy::expect_used)]
fn seen<G: Game>(x: &G, viewer: Viewer) -> String {
    serde_json::to_string(&x.observe(viewer)).expect("observation serializes")
}

fn snapshot<G: Game>(x: &G) -> Snapshot<G::Action> {
    let n = x.num_seats();
    Snapshot {
        turn: x.turn(),
        legal: Seat::all(n).map(|s| x.legal_actions_vec(s)).collect(),
        returns: x.returns().into_vec(),
        seen: viewers(n).map(|v| seen(x, v)).collect(),
    }
}

/// Names the first part in which two snapshots differ.
fn snapshot_diff<A: PartialEq + fmt::Debug>(a: &Snapshot<A>, b: &Snapshot<A>) -> Option<String> {
    if a.turn != b.turn {
        return Some(format!("turn {:?} vs {:?}", a.turn, b.turn));
    }
    if a.returns != b.returns {
        return Some(format!("returns {:?} vs {:?}", a.returns, b.returns));
    }
    for (i, (x, y)) in a.legal.iter().zip(&b.legal).enumerate() {
        if x != y {
            return Some(format!(
                "legal actions of {}: {x:?} vs {y:?}",
                Seat::new(i as u8)
            ));
        }
    }
    let n = a.legal.len();
    for (v, (x, y)) in viewers(n).zip(a.seen.iter().zip(&b.seen)) {
        if x != y {
            return Some(format!("observation of {v}: {}", text_diff(x, y)));
        }
    }
    None
}

/// The first place two texts differ, with a little context from each.
fn text_diff(a: &str, b: &str) -> String {
    let at = a
        .char_indices()
        .zip(b.chars())
        .find(|((_, x), y)| x != y)
        .map_or(a.len().min(b.len()), |((i, _), _)| i);
    let start = at.saturating_sub(60);
    let clip = |s: &str| -> String { s.get(start..).unwrap_or("").chars().take(140).collect() };
    format!("at byte {at}: `…{}` vs `…{}`", clip(a), clip(b))
}

fn visible_entry<G: Game>(
    state: &G,
    entry: &LogEntry<G>,
    viewer: Viewer,
) -> VisibleEntry<G::Action, G::Event> {
    // The same rendering as `Session::visible_log`.
    let shown = state.action_visible_to(entry.actor, &entry.action, viewer);
    let events: Vec<G::Event> = entry
        .events
        .iter()
        .filter_map(|ev| state.redact_event(ev, viewer))
        .collect();
    VisibleEntry {
        index: entry.index,
        actor: entry.actor,
        action: shown.then_some(entry.action),
        action_text: shown.then(|| state.action_text(&entry.action)),
        event_texts: events.iter().map(|ev| state.event_text(ev)).collect(),
        events,
    }
}

#[allow(clippy::expect_used)]
fn visible_json<G: Game>(state: &G, entries: &[LogEntry<G>], viewer: Viewer) -> String {
    let v: Vec<VisibleEntry<G::Action, G::Event>> = entries
        .iter()
        .map(|e| visible_entry(state, e, viewer))
        .collect();
    serde_json::to_string(&v).expect("visible log serializes")
}

/// The invariants of one state; returns its snapshot.
fn check_state<G: Game>(x: &G, at: At) -> Snapshot<G::Action> {
    let n = x.num_seats();
    let snap = snapshot(x);
    let Snapshot {
        turn,
        legal,
        returns,
        seen,
    } = &snap;
    assert_eq!(
        returns.len(),
        n,
        "{at}: returns must have one value per seat"
    );
    assert!(
        returns.iter().all(|r| (-1.0..=1.0).contains(r)),
        "{at}: returns out of range [-1, 1]: {returns:?}"
    );
    if *turn != Turn::Terminal {
        assert!(
            returns.iter().all(|r| *r == 0.0),
            "{at}: returns must be 0 before the game is over: {returns:?}"
        );
    }
    if G::ZERO_SUM {
        let sum: f64 = returns.iter().sum();
        assert!(
            sum.abs() < 1e-9,
            "{at}: returns of a zero-sum game (Game::ZERO_SUM) sum to {sum}, not 0: {returns:?}"
        );
    }
    for (s, l) in Seat::all(n).zip(legal) {
        if turn.includes(s) {
            assert!(!l.is_empty(), "{at}: {s} to act but no legal action");
            assert!(
                l.windows(2).all(|w| w[0] < w[1]),
                "{at}: legal actions of {s} not sorted/unique"
            );
        } else {
            assert!(
                l.is_empty(),
                "{at}: {s} has legal actions out of turn ({turn:?})"
            );
        }
    }
    match turn {
        Turn::Seat(_) | Turn::Simultaneous(_) => {
            assert!(
                Seat::all(n).any(|s| turn.includes(s)),
                "{at}: {turn:?} names no seat of the game"
            );
        }
        Turn::Chance => {
            let mut outcomes = Vec::new();
            x.chance_outcomes(&mut outcomes);
            assert!(!outcomes.is_empty(), "{at}: chance node without outcomes");
            assert!(
                outcomes.iter().all(|(_, w)| *w > 0),
                "{at}: zero-weight chance outcome"
            );
            let mut acts: Vec<_> = outcomes.iter().map(|(a, _)| *a).collect();
            acts.sort();
            acts.dedup();
            assert_eq!(
                acts.len(),
                outcomes.len(),
                "{at}: duplicate chance outcomes"
            );
        }
        Turn::Terminal => {}
    }
    if G::INFO.information == Information::Perfect {
        let public = seen.last();
        for (v, o) in viewers(n).zip(seen) {
            assert!(
                Some(o) == public,
                "{at}: a perfect-information game shows {v} something other than what a \
                 spectator sees: {}",
                text_diff(o, public.map_or("", String::as_str))
            );
        }
    }
    snap
}

/// A random step from `x`: a chance outcome by weight, or a random legal action of a random
/// seat to act. `None` once the game is over.
fn random_step<G: Game>(x: &G, rng: &mut Rng) -> Option<(Actor, G::Action)> {
    random_pick(x, rng, &mut Vec::new(), &mut Vec::new())
}

/// A uniformly random legal action, or a chance outcome drawn by its exact weight, for the
/// actor whose turn it is (at a sealed simultaneous choice, a random seat among those still to
/// choose); `None` once the game is over. `legal` and `chance` are scratch buffers, so a loop
/// of random games (benchmarks, simulations' fast path) allocates nothing after the first.
pub fn random_pick<G: Game>(
    x: &G,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    chance: &mut Vec<(G::Action, u32)>,
) -> Option<(Actor, G::Action)> {
    random_pick_sealed(x, rng, legal, chance, Sealed::Random)
}

/// [`random_pick`], asking first at a sealed simultaneous choice the seat `sealed` says.
pub fn random_pick_sealed<G: Game>(
    x: &G,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    chance: &mut Vec<(G::Action, u32)>,
    sealed: Sealed,
) -> Option<(Actor, G::Action)> {
    let seat = match x.turn() {
        Turn::Terminal => return None,
        Turn::Chance => {
            chance.clear();
            x.chance_outcomes(chance);
            let i = rng.weighted_index(chance.iter().map(|(_, w)| *w));
            return Some((Actor::Chance, chance[i].0));
        }
        Turn::Seat(seat) => seat,
        Turn::Simultaneous(set) => sealed.pick(set, rng)?,
    };
    legal.clear();
    x.legal_actions(seat, legal);
    Some((Actor::Seat(seat), legal[rng.index(legal.len())]))
}

/// The [`GameInfo`] of a test fixture game: `seats` seats, rules version `1`.
#[must_use]
pub const fn fixture_info(
    short_name: &'static str,
    long_name: &'static str,
    seats: u8,
    chance: ChanceMode,
    information: Information,
) -> GameInfo {
    GameInfo {
        short_name,
        long_name,
        summary: "test fixture",
        min_seats: seats,
        max_seats: seats,
        chance,
        information,
        rules_version: "1",
    }
}

/// Checks that a value of `T` takes at most `bytes` bytes (a game's `Action` is kept small:
/// agents copy and store it by the million).
///
/// # Panics
/// If it is larger, naming the type and both sizes.
pub fn assert_size_at_most<T>(bytes: usize) {
    let size = std::mem::size_of::<T>();
    assert!(
        size <= bytes,
        "{} takes {size} bytes, more than {bytes}",
        std::any::type_name::<T>()
    );
}

/// Which seat of a sealed simultaneous choice [`next_seat`] (or [`play_randomly`]) asks first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Sealed {
    /// The lowest seat still to choose.
    Lowest,
    /// A random one of the seats still to choose (drawn from the game's RNG).
    Random,
}

impl Sealed {
    /// The seat of `set` (the seats still to choose) asked first; `None` if it is empty.
    fn pick(self, set: crate::SeatSet, rng: &mut Rng) -> Option<Seat> {
        match self {
            Sealed::Lowest => set.iter().next(),
            Sealed::Random => set.iter().nth(rng.index(set.len())),
        }
    }
}

/// Plays out the chance nodes at the head of `game` by their exact weights, drawing from
/// `rng` with events disabled, and returns the seat to act then: the only one, or at a sealed
/// simultaneous choice the one `sealed` says; `None` once the game is over. The driver of
/// agent-against-agent loops in tests and examples that pick the seats' actions themselves.
///
/// # Panics
/// At a chance node with no outcomes (a bug in the game).
pub fn next_seat<G: Game>(
    game: &mut G,
    rng: &mut Rng,
    chance: &mut Vec<(G::Action, u32)>,
    sealed: Sealed,
) -> Option<Seat> {
    loop {
        match game.turn() {
            Turn::Terminal => return None,
            Turn::Chance => {
                let Some(outcome) = crate::game::sample_chance(game, rng, chance) else {
                    panic!("a chance node with no outcomes");
                };
                game.step(Actor::Chance, outcome, &mut Events::disabled());
            }
            Turn::Seat(seat) => return Some(seat),
            Turn::Simultaneous(set) => return sealed.pick(set, rng),
        }
    }
}

/// Plays a copy of `start` to its end by [`random_pick`] with events disabled (the fast path
/// of simulations, and what benchmarks of random games time); returns the final state and the
/// number of steps taken.
pub fn random_playout<G: Game>(
    start: &G,
    rng: &mut Rng,
    legal: &mut Vec<G::Action>,
    chance: &mut Vec<(G::Action, u32)>,
) -> (G, usize) {
    let mut events = Events::disabled();
    let mut state = start.clone();
    let mut steps = 0;
    while let Some((actor, action)) = random_pick(&state, rng, legal, chance) {
        state.step(actor, action, &mut events);
        steps += 1;
    }
    (state, steps)
}

/// Plays `game` to its end by random picks ([`random_pick`], asking first at a sealed
/// simultaneous choice the seat `sealed` says), stepping it with `events` and then calling
/// `after` with the new state and those events; returns the number of steps. The loop of tests
/// that check something of every step of random games (a statistic, an invariant).
///
/// # Panics
/// If the game runs longer than its `max_game_length`.
pub fn play_randomly<G: Game>(
    game: &mut G,
    rng: &mut Rng,
    sealed: Sealed,
    events: &mut Events<G::Event>,
    mut after: impl FnMut(&G, &mut Events<G::Event>),
) -> usize {
    let (mut legal, mut chance) = (Vec::new(), Vec::new());
    let mut steps = 0;
    while let Some((actor, action)) = random_pick_sealed(game, rng, &mut legal, &mut chance, sealed)
    {
        game.step(actor, action, events);
        after(game, events);
        steps += 1;
        assert!(
            steps <= game.max_game_length(),
            "{} ran longer than its max_game_length ({})",
            G::INFO.long_name,
            game.max_game_length()
        );
    }
    steps
}

/// A random game of `config` from `seed`, played out by [`play_randomly`] with events
/// disabled: the final state and its number of steps.
///
/// # Panics
/// If `config` builds no game, or the game runs longer than its `max_game_length`.
pub fn random_game<G: Game>(config: &G::Config, seed: u64, sealed: Sealed) -> (G, usize) {
    let mut game = match G::new(config) {
        Ok(game) => game,
        Err(e) => panic!("the config builds no {}: {e}", G::INFO.long_name),
    };
    let mut rng = Rng::seed_from_u64(seed);
    let steps = play_randomly(
        &mut game,
        &mut rng,
        sealed,
        &mut Events::disabled(),
        |_, _| {},
    );
    (game, steps)
}

/// Steps `x`, returning the log entry it makes.
fn record<G: Game>(x: &mut G, index: usize, actor: Actor, action: G::Action) -> LogEntry<G> {
    let mut events = Events::recording();
    x.step(actor, action, &mut events);
    LogEntry {
        index,
        actor,
        action,
        events: events.take(),
    }
}

/// One game of a [`random_sim`] run.
struct Run<'r> {
    game: usize,
    /// Chooses the game's actions and chance outcomes.
    rng: Rng,
    /// Chooses which checks to make, and seeds resampling, so that checks do not change which
    /// games are played.
    checks: Rng,
    report: &'r mut SimReport,
    /// Resampled states played forward so far in this game.
    played: usize,
}

impl Run<'_> {
    #[allow(clippy::expect_used)]
    fn play<G: Game>(&mut self, config: &G::Config, game_seed: u64, with_session: bool) {
        let g = self.game;
        let mut session = with_session
            .then(|| Session::<G>::new(config.clone(), game_seed).expect("config builds a game"));
        let mut state = G::new(config).expect("config builds a game");
        let n = state.num_seats();
        let max_len = state.max_game_length();
        let mut log: Vec<LogEntry<G>> = Vec::new();
        let here = |step| At {
            game: g,
            step,
            resampled: None,
        };
        let mut snap = check_state(&state, here(0));
        loop {
            let at = here(log.len());
            assert!(
                log.len() <= max_len,
                "{at}: {} steps exceeds max_game_length {max_len}",
                log.len()
            );
            let (actor, action) = match snap.turn {
                Turn::Terminal => break,
                Turn::Chance => {
                    let a = match &session {
                        // Follow the chance the session resolved with its own RNG.
                        Some(s) => {
                            let e = s.log().get(log.len()).unwrap_or_else(|| {
                                panic!("{at}: the session left a chance node unresolved")
                            });
                            assert_eq!(e.actor, Actor::Chance, "{at}: session out of step");
                            e.action
                        }
                        None => random_step(&state, &mut self.rng)
                            .map(|(_, a)| a)
                            .expect("a chance node has outcomes"),
                    };
                    assert!(
                        state.is_legal(Actor::Chance, &a),
                        "{at}: a listed chance outcome is refused"
                    );
                    (Actor::Chance, a)
                }
                turn => {
                    let movers: Vec<Seat> = Seat::all(n).filter(|s| turn.includes(*s)).collect();
                    let seat = movers[self.rng.index(movers.len())];
                    let legal = &snap.legal[seat.index()];
                    let a = legal[self.rng.index(legal.len())];
                    let text = state.action_text(&a);
                    assert_eq!(
                        state.parse_action(seat, &text),
                        Ok(a),
                        "{at}: text `{text}` does not parse back"
                    );
                    // Out of turn and chance are refused and leave the state untouched.
                    if let Some(other) = Seat::all(n).find(|s| !turn.includes(*s)) {
                        let before = state.clone();
                        assert!(
                            state
                                .apply(Actor::Seat(other), a, &mut Events::disabled())
                                .is_err(),
                            "{at}: {other} may play `{text}` out of turn"
                        );
                        assert!(
                            state
                                .apply(Actor::Chance, a, &mut Events::disabled())
                                .is_err(),
                            "{at}: chance may play `{text}`"
                        );
                        assert!(before == state, "{at}: a refused action changed the state");
                    }
                    if self.checks.index(RESAMPLE_ONE_IN) == 0 {
                        let who = Seat::new(self.checks.index(n) as u8);
                        self.check_resample(&state, &log, who, &snap, at);
                    }
                    if let Some(s) = &mut session {
                        s.apply(seat, a).unwrap_or_else(|r| {
                            panic!("{at}: the session refuses the legal `{text}`: {r}")
                        });
                    }
                    (Actor::Seat(seat), a)
                }
            };
            snap = self.step_checked(&mut state, &mut log, actor, action, at);
        }
        let returns = state.returns();
        if let Some(session) = session {
            self.check_session(&session, &state, &log);
        }
        let r = &mut self.report;
        if r.returns.is_empty() {
            r.returns = PerSeat::from_fn(n, |_| 0.0);
        }
        for (seat, x) in returns.iter() {
            r.returns[seat] += x;
        }
        r.games += 1;
        r.steps += log.len();
        r.longest = r.longest.max(log.len());
    }

    /// Takes one step of the real game, checked against two clones and for what each viewer
    /// may see of it; returns the snapshot of the new state.
    fn step_checked<G: Game>(
        &mut self,
        state: &mut G,
        log: &mut Vec<LogEntry<G>>,
        actor: Actor,
        action: G::Action,
        at: At,
    ) -> Snapshot<G::Action> {
        let before = state.clone();
        let text = before.action_text(&action);
        let entry = record(state, log.len(), actor, action);
        let snap = check_state(state, at.at(log.len() + 1));

        let mut twin = before.clone();
        let twin_entry = record(&mut twin, log.len(), actor, action);
        assert!(
            twin_entry.events == entry.events,
            "{at}: a clone stepped with the same `{text}` emits other events than the \
             original: {:?} vs {:?}",
            twin_entry.events,
            entry.events
        );
        // Comparing everything seen is the costly part: do it on a share of the steps.
        let full = log.len() < 4 || self.checks.index(CLONE_SEEN_ONE_IN) == 0;
        if let Some(d) = full
            .then(|| snapshot_diff(&snapshot(&twin), &snap))
            .flatten()
        {
            panic!(
                "{at}: a clone stepped with the same `{text}` differs from the original \
                 stepped: {d} (does Clone copy everything?)"
            );
        }
        assert!(
            twin == *state,
            "{at}: a clone stepped with the same `{text}` is not == the original stepped"
        );
        let mut quiet = before.clone();
        quiet.step(actor, action, &mut Events::disabled());
        if let Some(d) = full
            .then(|| snapshot_diff(&snapshot(&quiet), &snap))
            .flatten()
        {
            panic!("{at}: stepping `{text}` with events disabled gives another state: {d}");
        }
        assert!(
            quiet == *state,
            "{at}: stepping `{text}` with events disabled gives another state"
        );

        // The hidden-step checks compare clones stepped from `before` with one another.
        self.check_visibility(&before, &twin, &entry, at);
        log.push(entry);
        snap
    }

    /// Who may see the step `entry` just taken from `before` to `after`.
    fn check_visibility<G: Game>(&mut self, before: &G, after: &G, entry: &LogEntry<G>, at: At) {
        let n = after.num_seats();
        let (actor, action) = (entry.actor, &entry.action);
        let text = before.action_text(action);
        let visible = |v| after.action_visible_to(actor, action, v);
        if let Actor::Seat(s) = actor {
            assert!(
                visible(Viewer::Seat(s)),
                "{at}: {s} may not see its own action `{text}`"
            );
        }
        if visible(Viewer::Spectator) {
            for s in Seat::all(n) {
                assert!(
                    visible(Viewer::Seat(s)),
                    "{at}: `{text}` is shown to spectators but hidden from {s}"
                );
            }
        }
        if G::INFO.information == Information::Perfect {
            for v in viewers(n) {
                assert!(
                    visible(v),
                    "{at}: a perfect-information game hides `{text}` from {v}"
                );
                for ev in &entry.events {
                    assert!(
                        after.redact_event(ev, v).as_ref() == Some(ev),
                        "{at}: a perfect-information game redacts {ev:?} for {v}"
                    );
                }
            }
            return;
        }
        for v in viewers(n) {
            if !visible(v) && self.checks.index(FORK_ONE_IN) == 0 {
                self.check_hidden_step(before, after, entry, v, at);
            }
        }
        if self.checks.index(FORK_ONE_IN) == 0 {
            self.check_simultaneous_step(before, after, entry, at);
        }
    }

    /// A step of a seat at a sealed simultaneous choice that another seat still owes: until
    /// the choice closes, no other viewer (seat or spectator) may learn anything of it, not
    /// even what the game declares public (a count, whether a part is sealed). Every other
    /// choice of the same seat that is hidden from a viewer must then give that viewer the same
    /// log entry, observation and turn, and a seat the same legal actions.
    fn check_simultaneous_step<G: Game>(
        &mut self,
        before: &G,
        after: &G,
        entry: &LogEntry<G>,
        at: At,
    ) {
        let (Actor::Seat(s), Turn::Simultaneous(owed), Turn::Simultaneous(still)) =
            (entry.actor, before.turn(), after.turn())
        else {
            return;
        };
        let n = after.num_seats();
        if !Seat::all(n).any(|w| w != s && owed.contains(w) && still.contains(w)) {
            return;
        }
        let action = entry.action;
        let a_text = before.action_text(&action);
        let mut others = before.legal_actions_vec(s);
        others.retain(|a| *a != action);
        self.checks.shuffle(&mut others);
        let others: Vec<(G::Action, G, LogEntry<G>)> = others
            .into_iter()
            .take(FORK_TRIES)
            .map(|alt| {
                let mut other = before.clone();
                let e = record(&mut other, entry.index, entry.actor, alt);
                (alt, other, e)
            })
            .collect();
        for v in viewers(n).filter(|v| *v != Viewer::Seat(s)) {
            if after.action_visible_to(entry.actor, &action, v) {
                continue;
            }
            let mine = (
                visible_json(after, std::slice::from_ref(entry), v),
                seen(after, v),
            );
            for (alt, other, other_entry) in &others {
                if other.action_visible_to(entry.actor, alt, v) {
                    continue;
                }
                let b_text = before.action_text(alt);
                let theirs = (
                    visible_json(other, std::slice::from_ref(other_entry), v),
                    seen(other, v),
                );
                assert!(
                    mine.0 == theirs.0,
                    "{at}: {v}'s visible log tells apart `{a_text}` and `{b_text}` by {s} at a \
                     sealed simultaneous choice that another seat still owes: a seat's \
                     commitment must show nothing (no count, no sealed part) until every seat \
                     has committed: {}",
                    text_diff(&mine.0, &theirs.0)
                );
                assert!(
                    mine.1 == theirs.1,
                    "{at}: {v}'s observation tells apart `{a_text}` and `{b_text}` by {s} at a \
                     sealed simultaneous choice that another seat still owes: a seat's \
                     commitment must show nothing (no count, no sealed part) until every seat \
                     has committed: {}",
                    text_diff(&mine.1, &theirs.1)
                );
                assert_eq!(
                    after.turn(),
                    other.turn(),
                    "{at}: whose turn it is tells apart `{a_text}` and `{b_text}` by {s} at a \
                     sealed simultaneous choice that another seat still owes (when a seat is \
                     done must not depend on what it chose)"
                );
                if let Viewer::Seat(w) = v {
                    assert!(
                        after.legal_actions_vec(w) == other.legal_actions_vec(w),
                        "{at}: {w}'s legal actions tell apart `{a_text}` and `{b_text}` by {s} \
                         at a sealed simultaneous choice that {w} cannot see"
                    );
                }
            }
        }
    }

    /// `viewer` may not see the step `entry` from `before` to `after`: compares it with other
    /// choices of the same actor that `viewer` may not see either.
    fn check_hidden_step<G: Game>(
        &mut self,
        before: &G,
        after: &G,
        entry: &LogEntry<G>,
        viewer: Viewer,
        at: At,
    ) {
        let (actor, action) = (entry.actor, entry.action);
        let mine = (
            visible_json(after, std::slice::from_ref(entry), viewer),
            seen(after, viewer),
        );
        let mut others: Vec<G::Action> = match actor {
            Actor::Seat(s) => before.legal_actions_vec(s),
            Actor::Chance => {
                let mut outcomes = Vec::new();
                before.chance_outcomes(&mut outcomes);
                outcomes.into_iter().map(|(a, _)| a).collect()
            }
        };
        others.retain(|a| *a != action);
        self.checks.shuffle(&mut others);
        let by = match actor {
            Actor::Seat(s) => s.to_string(),
            Actor::Chance => "chance".to_owned(),
        };
        // The seat whose resampling tells whether two states differ only in secrets: the viewer
        // itself, or for a spectator a seat that may not see the step either (a spectator sees
        // no more than any seat).
        let judge = match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => Seat::all(after.num_seats())
                .find(|w| !after.action_visible_to(actor, &action, Viewer::Seat(*w))),
        };
        let a_text = before.action_text(&action);
        for alt in others.into_iter().take(FORK_TRIES) {
            let mut other = before.clone();
            let other_entry = record(&mut other, entry.index, actor, alt);
            if other.action_visible_to(actor, &alt, viewer) {
                continue;
            }
            let b_text = before.action_text(&alt);
            let theirs = (
                visible_json(&other, std::slice::from_ref(&other_entry), viewer),
                seen(&other, viewer),
            );
            let (same_log, same_view) = (mine.0 == theirs.0, mine.1 == theirs.1);
            if !same_log && !same_view {
                continue;
            }
            // Resampled with equal RNGs, two states that differ only in what `judge` may not
            // see become equal.
            let seed = self.checks.next_u64();
            let resampled = judge.map(|w| {
                let x = after.resample(w, &mut Rng::seed_from_u64(seed));
                assert!(
                    x == after.resample(w, &mut Rng::seed_from_u64(seed)),
                    "{at}: resample for {w} with equal RNGs gives different states"
                );
                (x, other.resample(w, &mut Rng::seed_from_u64(seed)))
            });
            let only_secrets = resampled.as_ref().is_some_and(|(x, y)| x == y);
            let judge_text = judge.map(|w| w.to_string()).unwrap_or_default();
            if !same_view {
                // The log entries are the same: the observation tells them apart.
                assert!(
                    !only_secrets,
                    "{at}: {viewer}'s observation tells apart `{a_text}` and `{b_text}` by {by}, \
                     which {viewer} may not see, whose log entries {viewer} sees the same, and \
                     which differ only in what {judge_text} may not see (resample makes them \
                     equal): the observation leaks: {}",
                    text_diff(&mine.1, &theirs.1)
                );
                continue;
            }
            if !same_log {
                // The observations are the same: the log tells them apart. That is fine if the
                // step revealed what it hid (the states are equal again), not if the states
                // still differ in a secret.
                assert!(
                    !only_secrets || other == *after,
                    "{at}: {viewer}'s visible log tells apart `{a_text}` and `{b_text}` by {by}, \
                     which {viewer} may not see, whose observations are the same, and which \
                     still differ only in what {judge_text} may not see (resample makes them \
                     equal): the log leaks (redact_event / action_visible_to), or resample \
                     redraws what the log showed: {}",
                    text_diff(&mine.0, &theirs.0)
                );
                continue;
            }
            // The viewer cannot tell the two apart.
            let (ta, tb) = (after.turn(), other.turn());
            let chance = ta == Turn::Chance || tb == Turn::Chance;
            if !chance {
                assert_eq!(
                    ta, tb,
                    "{at}: whose turn it is tells apart `{a_text}` and `{b_text}` by {by}, \
                     which {viewer} cannot tell apart"
                );
            }
            if let Viewer::Seat(seat) = viewer {
                if !chance {
                    assert!(
                        after.legal_actions_vec(seat) == other.legal_actions_vec(seat),
                        "{at}: {seat}'s legal actions tell apart `{a_text}` and `{b_text}` by \
                         {by}, which {seat} cannot tell apart"
                    );
                }
                if let Some((x, y)) = &resampled {
                    assert!(
                        x == y,
                        "{at}: resample for {seat} keeps a secret: after `{a_text}` or \
                         `{b_text}` by {by}, which {seat} cannot tell apart, equal RNGs \
                         resample to different states (resample must depend only on what the \
                         seat sees){}",
                        snapshot_diff(&snapshot(x), &snapshot(y))
                            .map(|d| format!(": {d}"))
                            .unwrap_or_default()
                    );
                }
            }
            self.report.hidden_pairs += 1;
        }
    }

    /// Resamples `state` for `seat` and checks that the seat's view is unchanged; plays the
    /// first few resampled states of each game forward.
    fn check_resample<G: Game>(
        &mut self,
        state: &G,
        log: &[LogEntry<G>],
        seat: Seat,
        snap: &Snapshot<G::Action>,
        at: At,
    ) {
        self.report.resamples += 1;
        let seed = self.checks.next_u64();
        let r = state.resample(seat, &mut Rng::seed_from_u64(seed));
        assert!(
            r == state.resample(seat, &mut Rng::seed_from_u64(seed)),
            "{at}: resample for {seat} with equal RNGs gives different states"
        );
        if G::INFO.information == Information::Perfect {
            assert!(
                r == *state,
                "{at}: a perfect-information game's resample changed the state"
            );
            return;
        }
        if r != *state {
            self.report.resamples_changed += 1;
        }
        assert_eq!(
            r.turn(),
            snap.turn,
            "{at}: resample for {seat} changed whose turn it is"
        );
        assert!(
            r.legal_actions_vec(seat) == snap.legal[seat.index()],
            "{at}: resample for {seat} changed {seat}'s legal actions"
        );
        for v in [Viewer::Seat(seat), Viewer::Spectator] {
            let (was, now) = (&snap.seen[viewer_index(state, v)], seen(&r, v));
            assert!(
                *was == now,
                "{at}: resample for {seat} changed what {v} sees: {}",
                text_diff(was, &now)
            );
            let (was, now) = (visible_json(state, log, v), visible_json(&r, log, v));
            assert!(
                was == now,
                "{at}: {v}'s visible log reads differently with the state resampled for {seat}: \
                 action_visible_to / redact_event read what {seat} may not see: {}",
                text_diff(&was, &now)
            );
        }
        if self.played < PLAYED_PER_GAME {
            self.played += 1;
            self.report.resamples_played += 1;
            self.play_on(state.clone(), r, seat, at);
        }
    }

    /// Plays the resampled state `r` forward beside the real state `s`: the same steps while
    /// they are legal in both and `seat` sees the same, then `r` alone to the end.
    fn play_on<G: Game>(&mut self, mut s: G, mut r: G, seat: Seat, from: At) {
        let max_len = r.max_game_length();
        let me = Viewer::Seat(seat);
        let mut synced = true;
        let mut step = from.step;
        let base = At {
            resampled: Some((seat, from.step)),
            ..from
        };
        loop {
            let at = base.at(step);
            let snap = check_state(&r, at);
            assert!(
                step <= max_len,
                "{at}: {step} steps exceeds max_game_length {max_len}"
            );
            if synced {
                let real = s.turn();
                if real == Turn::Chance || snap.turn == Turn::Chance {
                    // A chance step shows the difference, if there is one.
                    synced = real == snap.turn;
                } else {
                    assert_eq!(
                        snap.turn, real,
                        "{at}: whose turn it is differs from the real game while {seat} sees \
                         the same"
                    );
                    assert!(
                        snap.legal[seat.index()] == s.legal_actions_vec(seat),
                        "{at}: {seat}'s legal actions differ from the real game while {seat} \
                         sees the same"
                    );
                }
            }
            if snap.turn == Turn::Terminal {
                break;
            }
            if synced {
                if let Some((actor, a)) = random_step(&s, &mut self.checks) {
                    if r.is_legal(actor, &a) {
                        let es = record(&mut s, step, actor, a);
                        let er = record(&mut r, step, actor, a);
                        synced = visible_json(&s, std::slice::from_ref(&es), me)
                            == visible_json(&r, std::slice::from_ref(&er), me)
                            && seen(&s, me) == seen(&r, me);
                        step += 1;
                        continue;
                    }
                }
                synced = false;
            }
            if let Some((actor, a)) = random_step(&r, &mut self.checks) {
                r.step(actor, a, &mut Events::disabled());
            }
            step += 1;
        }
    }

    /// A game played through a session too: same log, same visible logs, and its replay
    /// re-runs to the same hash.
    #[allow(clippy::expect_used)]
    fn check_session<G: Game>(&mut self, session: &Session<G>, state: &G, log: &[LogEntry<G>]) {
        let g = self.game;
        if let Some(i) =
            (0..log.len().max(session.log().len())).find(|i| session.log().get(*i) != log.get(*i))
        {
            panic!(
                "game {g}: the session's log differs from the harness's at entry {i}: {:?} vs \
                 {:?}",
                session.log().get(i),
                log.get(i)
            );
        }
        assert!(
            session.state() == state,
            "game {g}: the session's state differs from the harness's after the same steps"
        );
        for v in viewers(state.num_seats()) {
            let theirs =
                serde_json::to_string(&session.visible_log(v, 0)).expect("visible log serializes");
            let mine = visible_json(state, log, v);
            assert!(
                theirs == mine,
                "game {g}: the session's visible log for {v} differs from the harness's: {}",
                text_diff(&theirs, &mine)
            );
        }
        let text = session.replay().to_json();
        let replay = Replay::from_json(&text).expect("replay parses");
        let again = replay.verify::<G>().expect("replay verifies");
        assert_eq!(
            again.event_hash(),
            session.event_hash(),
            "game {g}: replay hash"
        );
        assert!(
            again.log() == session.log(),
            "game {g}: replayed log differs"
        );
    }
}

fn viewer_index<G: Game>(state: &G, v: Viewer) -> usize {
    match v {
        Viewer::Seat(s) => s.index(),
        Viewer::Spectator => state.num_seats(),
    }
}

/// A fingerprint of `G`'s whole [`ActionIndex`] table for `config`: SHA-256 (hex) over
/// `num_distinct_actions` and, for every index in `0..N` that stands for an action, the index
/// and the action's JSON. A test that pins it for each shipped setup shows that a rewrite of
/// the codec kept every index (with [`check_action_index`], which checks that `action_index`
/// is the inverse of `action_from_index`, this pins both directions).
///
/// # Panics
/// If an action does not serialize (this is a test helper).
#[allow(clippy::expect_used)]
pub fn action_index_digest<G: ActionIndex>(config: &G::Config) -> String {
    use sha2::{Digest, Sha256};
    let n = G::num_distinct_actions(config);
    let mut hash = Sha256::new();
    hash.update(format!("{n}\n"));
    for i in 0..n {
        if let Some(a) = G::action_from_index(config, i) {
            let json = serde_json::to_string(&a).expect("actions serialize");
            hash.update(format!("{i} {json}\n"));
        }
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks that the whole action index of every setup is the one pinned for it: the setups are
/// `names` in their order, each digest [`action_index_digest`] of `config_of(name)`, compared
/// with `pinned` (`(name, digest)` in the same order). A game's test pins its shipped setups
/// once, so any rewrite of its codec that moves an index fails.
///
/// # Panics
/// If a setup's digest differs from its pinned one, or the setups differ from the pinned
/// names; the message lists the table found, ready to paste as `pinned`.
pub fn pinned_action_index_digests<G: ActionIndex>(
    names: &[String],
    pinned: &[(&str, &str)],
    config_of: impl Fn(&str) -> G::Config,
) {
    let found: Vec<String> = names
        .iter()
        .map(|name| {
            let digest = action_index_digest::<G>(&config_of(name));
            format!("(\"{name}\", \"{digest}\"),")
        })
        .collect();
    let want: Vec<String> = pinned
        .iter()
        .map(|(n, d)| format!("(\"{n}\", \"{d}\"),"))
        .collect();
    assert_eq!(
        found,
        want,
        "the action index of {} changed:\n{}",
        G::INFO.short_name,
        found.join("\n")
    );
}

/// Counts from a [`check_action_index`] run.
#[derive(Debug, Default, Clone, PartialEq)]
pub struct IndexReport {
    /// `num_distinct_actions` of the config.
    pub num_distinct_actions: usize,
    /// Indices in `0..N` that stand for an action (all of them when `N` ≤ 65,536, else those of
    /// a sample of 65,536 indices).
    pub mapped: usize,
    /// Games played.
    pub games: usize,
    /// States at which a seat's legal actions were checked.
    pub states: usize,
    /// Legal player actions checked (counted once per state and seat).
    pub legal: usize,
    /// Of those, how many the game declares without index ([`ActionIndex::unindexed`]).
    pub unindexed: usize,
    /// Distinct indices that were legal somewhere in the games played.
    pub indices_seen: usize,
}

/// Indices checked one by one when `N` is at most this; a random sample of this many otherwise.
const INDEX_SCAN: usize = 1 << 16;

/// Calls `f`, turning a panic into a test failure that says what panicked.
fn no_panic<T>(what: impl FnOnce() -> String, f: impl FnOnce() -> T) -> T {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(v) => v,
        Err(_) => panic!("{} panicked (it must return None instead)", what()),
    }
}

/// Checks `G`'s [`ActionIndex`] for `config`, then plays `n_games` random games and checks it
/// on every state; panics with a clear message at the first failure:
///
/// - `num_distinct_actions` is the same on every call;
/// - `action_from_index` returns `None`, without panicking, for indices `N`, `N + 1` and
///   `usize::MAX`, and every index in `0..N` (or a sample when `N` > 65,536) that gives an
///   action maps back to itself through `action_index`, an action not declared unindexed;
/// - at every state, every legal action of every seat to act has an index `< N` that maps back
///   to it, distinct from the others' indices, unless the game declares it unindexed
///   ([`ActionIndex::unindexed`]); a declared action has no index; chance outcomes have no
///   index;
/// - [`ActionIndex::legal_action_mask`] has `N` flags, set exactly at those indices, and
///   reports the declared unindexed actions it left out.
///
/// A game with declared unindexed actions should assert how many its test expects in the
/// [`IndexReport`] (`unindexed`), so that a game that leaves out more than it means to is seen.
///
/// # Panics
/// On any failed check (this is a test helper).
#[allow(clippy::expect_used)]
pub fn check_action_index<G: ActionIndex>(
    config: &G::Config,
    n_games: usize,
    seed: u64,
) -> IndexReport {
    let n = G::num_distinct_actions(config);
    assert_eq!(
        n,
        G::num_distinct_actions(config),
        "num_distinct_actions gives different sizes for the same config"
    );
    let mut report = IndexReport {
        num_distinct_actions: n,
        ..IndexReport::default()
    };
    let mut rng = Rng::seed_from_u64(seed ^ 0x1d3c_5ca1);
    for i in [n, n.saturating_add(1), usize::MAX] {
        let got = no_panic(
            || format!("action_from_index({i}) (N = {n})"),
            || G::action_from_index(config, i),
        );
        assert!(
            got.is_none(),
            "action_from_index({i}) is {got:?}, but indices stop at N = {n}"
        );
    }
    let scan: Vec<usize> = if n <= INDEX_SCAN {
        (0..n).collect()
    } else {
        (0..INDEX_SCAN).map(|_| rng.index(n)).collect()
    };
    for i in scan {
        let got = no_panic(
            || format!("action_from_index({i}) (N = {n})"),
            || G::action_from_index(config, i),
        );
        if let Some(a) = got {
            report.mapped += 1;
            let back = G::action_index(config, &a);
            assert_eq!(
                back,
                Some(i),
                "index {i} gives {a:?}, whose action_index is {back:?}: not a round trip"
            );
            let why = G::unindexed(config, &a);
            assert!(
                why.is_none(),
                "index {i} gives {a:?}, which the game declares unindexed ({why:?})"
            );
        }
    }
    let mut seen = vec![false; n.min(INDEX_SCAN * 16)];
    let mut mask = Vec::new();
    for g in 0..n_games {
        report.games += 1;
        let mut state = G::new(config).expect("config builds a game");
        let mut rng = Rng::seed_from_u64(derive_seed(seed, g as u64));
        let mut step = 0usize;
        loop {
            let at = At {
                game: g,
                step,
                resampled: None,
            };
            check_index_at(&state, config, n, at, &mut report, &mut seen, &mut mask);
            let Some((actor, action)) = random_step(&state, &mut rng) else {
                break;
            };
            state.step(actor, action, &mut Events::disabled());
            step += 1;
            assert!(
                step <= state.max_game_length(),
                "{at}: the game does not end within max_game_length"
            );
        }
    }
    report.indices_seen = seen.iter().filter(|b| **b).count();
    report
}

/// The [`check_action_index`] checks of one state.
fn check_index_at<G: ActionIndex>(
    state: &G,
    config: &G::Config,
    n: usize,
    at: At,
    report: &mut IndexReport,
    seen: &mut [bool],
    mask: &mut Vec<bool>,
) {
    let turn = state.turn();
    if turn == Turn::Chance {
        let mut outcomes = Vec::new();
        state.chance_outcomes(&mut outcomes);
        for (a, _) in outcomes {
            let i = G::action_index(config, &a);
            assert!(
                i.is_none(),
                "{at}: chance outcome `{}` has index {i:?}; only player actions are indexed",
                state.action_text(&a)
            );
        }
        return;
    }
    for seat in Seat::all(state.num_seats()).filter(|s| turn.includes(*s)) {
        report.states += 1;
        let legal = state.legal_actions_vec(seat);
        let mut indices = Vec::with_capacity(legal.len());
        let mut declared = 0;
        for a in &legal {
            report.legal += 1;
            let text = state.action_text(a);
            let why = G::unindexed(config, a);
            match (G::action_index(config, a), why) {
                (Some(i), None) => {
                    assert!(
                        i < n,
                        "{at}: {seat}'s legal action `{text}` has index {i}, not below N = {n}"
                    );
                    indices.push((i, text, *a));
                }
                (Some(i), Some(why)) => {
                    panic!("{at}: `{text}` is declared unindexed ({why}) but has index {i}")
                }
                (None, Some(_)) => declared += 1,
                (None, None) => panic!(
                    "{at}: {seat}'s legal action `{text}` has no index, and the game does not \
                     declare it unindexed (ActionIndex::unindexed)"
                ),
            }
        }
        report.unindexed += declared;
        indices.sort_by_key(|(i, _, _)| *i);
        if let Some(w) = indices.windows(2).find(|w| w[0].0 == w[1].0) {
            panic!(
                "{at}: {seat}'s legal actions `{}` and `{}` share index {}",
                w[0].1, w[1].1, w[0].0
            );
        }
        for (i, text, a) in &indices {
            let back = no_panic(
                || format!("{at}: action_from_index({i})"),
                || G::action_from_index(config, *i),
            );
            assert!(
                back == Some(*a),
                "{at}: {seat}'s legal action `{text}` has index {i}, which gives back {back:?}: \
                 not a round trip"
            );
            if let Some(b) = seen.get_mut(*i) {
                *b = true;
            }
        }
        let left_out = state.legal_action_mask(config, seat, mask);
        assert_eq!(
            mask.len(),
            n,
            "{at}: {seat}'s legal action mask is not N long"
        );
        assert_eq!(
            left_out, declared,
            "{at}: {seat}'s legal action mask leaves out {left_out} actions, not the {declared} \
             declared unindexed"
        );
        let set: Vec<usize> = (0..n).filter(|i| mask[*i]).collect();
        let want: Vec<usize> = indices.iter().map(|(i, _, _)| *i).collect();
        assert!(
            set == want,
            "{at}: {seat}'s legal action mask sets {set:?}, not the legal actions' {want:?}"
        );
    }
}

/// Counts from a [`check_event_fold`] run.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct FoldReport {
    /// Games played.
    pub games: usize,
    /// Steps taken (player and chance).
    pub steps: usize,
    /// Events folded, over all viewers.
    pub folded: usize,
}

/// [`check_event_fold`] on every setup: `games` random games of each `(name, config)`, all
/// played, and more events folded than steps taken (every viewer was shown something).
///
/// # Panics
/// As [`check_event_fold`], or if a setup played fewer games or folded too little, naming it.
pub fn check_event_fold_on_every<G: crate::EventFold>(
    setups: impl IntoIterator<Item = (String, G::Config)>,
    games: usize,
    seed: u64,
) {
    for (name, config) in setups {
        let r = check_event_fold::<G>(&config, games, seed);
        assert_eq!(r.games, games, "{name}");
        assert!(r.folded > r.steps, "{name}: {r:?}");
    }
}

/// Plays `n_games` random games from `config` and checks the audit-trail rule of
/// [`EventFold`](crate::EventFold) at every step, for every seat and the spectator: the
/// observation of the game's start, folded with every event the viewer was shown so far (each
/// redacted for it by the state after its step, as [`Session::visible_log`] does), must equal
/// the viewer's observation (compared as JSON).
///
/// # Panics
/// At the first step where a folded observation differs, naming the game, the step, the viewer,
/// the events of the step and the first difference.
#[allow(clippy::expect_used)]
pub fn check_event_fold<G: crate::EventFold>(
    config: &G::Config,
    n_games: usize,
    seed: u64,
) -> FoldReport {
    let mut report = FoldReport::default();
    let start = G::new(config).expect("config builds a game");
    let n = start.num_seats();
    for g in 0..n_games {
        let mut rng = Rng::seed_from_u64(derive_seed(seed, g as u64) ^ 0xf01d);
        let mut state = start.clone();
        let mut folded: Vec<G::Observation> = viewers(n).map(|v| start.observe(v)).collect();
        let (mut legal, mut chance) = (Vec::new(), Vec::new());
        let mut step = 0;
        while let Some((actor, action)) = random_pick(&state, &mut rng, &mut legal, &mut chance) {
            let entry = record(&mut state, step, actor, action);
            for (v, seen) in viewers(n).zip(folded.iter_mut()) {
                for ev in entry
                    .events
                    .iter()
                    .filter_map(|ev| state.redact_event(ev, v))
                {
                    G::fold_event(&start, v, seen, &ev);
                    report.folded += 1;
                }
                let want = serde_json::to_string(&state.observe(v)).expect("serializes");
                let got = serde_json::to_string(seen).expect("serializes");
                assert!(
                    want == got,
                    "game {g}, step {step} (`{}` by {actor:?}): {v}'s events folded do not \
                     give its observation ({}); the step's events: {:?}",
                    state.action_text(&action),
                    text_diff(&got, &want),
                    entry.events,
                );
            }
            step += 1;
        }
        report.games += 1;
        report.steps += step;
    }
    report
}
