//! A game being played: state, RNG, action history and event log in one place.
//!
//! # Why the engine keeps the books
//! [`Session::apply`] validates, steps, records the actor and action, appends the game's events
//! and resolves chance from the session's own seeded RNG. A game crate cannot forget to log a
//! roll, and replay equality is guaranteed here once for every game (OpenSpiel's
//! `ApplyAction`/`DoApplyAction` split; boardgame.io's framework-owned log).

use crate::game::{Actor, Events, Game, RejectReason, Turn, sample_chance};
use crate::rng::Rng;
use crate::seat::{Seat, Viewer};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// One step of the game as it went into the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(bound = "")]
pub struct LogEntry<G: Game> {
    /// Position in the log, from 0.
    pub index: usize,
    /// Who acted.
    pub actor: Actor,
    /// What was done.
    pub action: G::Action,
    /// What happened as a result.
    pub events: Vec<G::Event>,
}

/// What one viewer may see of a log entry, of a game with actions `A` and events `E`
/// (`VisibleEntry<G::Action, G::Event>`; generic over the two rather than the game so that the
/// web client's type declarations can name it per game).
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VisibleEntry<A, E> {
    /// Position in the log.
    pub index: usize,
    /// Who acted.
    pub actor: Actor,
    /// The action, if this viewer may see it.
    pub action: Option<A>,
    /// The action's text form, if visible.
    pub action_text: Option<String>,
    /// The events this viewer may see, redacted by the game.
    pub events: Vec<E>,
    /// Their text forms.
    pub event_texts: Vec<String>,
}

/// An action refused by a session, with the reason. The session is unchanged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct Rejected {
    /// Why.
    pub reason: RejectReason,
}

/// A typed action text that could not be used, with the legal alternatives.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TextActionError {
    /// The text is not an action.
    #[error("cannot read `{text}`: {why}")]
    Parse {
        /// What was typed.
        text: String,
        /// Why it does not parse.
        why: String,
        /// The legal actions, as text.
        legal: Vec<String>,
    },
    /// The text parsed, but the action is refused.
    #[error("`{text}` is refused: {reason}")]
    Refused {
        /// What was typed.
        text: String,
        /// Why.
        reason: RejectReason,
        /// The legal actions, as text.
        legal: Vec<String>,
    },
}

impl TextActionError {
    /// The legal actions at the time of the error.
    pub fn legal(&self) -> &[String] {
        match self {
            TextActionError::Parse { legal, .. } | TextActionError::Refused { legal, .. } => legal,
        }
    }
}

/// A game in progress with its history.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    config: G::Config,
    seed: u64,
    state: G,
    rng: Rng,
    log: Vec<LogEntry<G>>,
    /// Player actions only: the replay's input. Chance is re-derived from the seed.
    moves: Vec<(Seat, G::Action)>,
    hasher: Sha256,
}

impl<G: Game> Session<G> {
    /// Starts a game and resolves any opening chance nodes.
    ///
    /// # Errors
    /// If the config is invalid.
    pub fn new(config: G::Config, seed: u64) -> Result<Self, crate::game::SetupError> {
        let state = G::new(&config)?;
        let mut s = Session {
            config,
            seed,
            state,
            rng: Rng::seed_from_u64(seed),
            log: Vec::new(),
            moves: Vec::new(),
            hasher: Sha256::new(),
        };
        s.resolve_chance();
        Ok(s)
    }

    /// The current state. Never send this to a client: use [`Session::observe`].
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The config the game was built from.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Who acts now (never `Chance`: the session resolves chance at once).
    pub fn turn(&self) -> Turn {
        self.state.turn()
    }

    /// The full log. Contains every seat's secrets: use [`Session::visible_log`] for a viewer.
    pub fn log(&self) -> &[LogEntry<G>] {
        &self.log
    }

    /// Player moves so far (the replay input).
    pub fn moves(&self) -> &[(Seat, G::Action)] {
        &self.moves
    }

    /// Number of player moves so far: the state version clients must quote.
    pub fn version(&self) -> usize {
        self.moves.len()
    }

    /// What `viewer` may see now.
    pub fn observe(&self, viewer: Viewer) -> G::Observation {
        self.state.observe(viewer)
    }

    /// Legal actions of `seat` now.
    pub fn legal_actions(&self, seat: Seat) -> Vec<G::Action> {
        self.state.legal_actions_vec(seat)
    }

    /// Legal actions of `seat` now, as text.
    pub fn legal_texts(&self, seat: Seat) -> Vec<String> {
        self.legal_actions(seat)
            .iter()
            .map(|a| self.state.action_text(a))
            .collect()
    }

    /// Applies a player's action, then resolves chance. Returns the index of the first new log
    /// entry. On error nothing changes.
    ///
    /// # Errors
    /// [`Rejected`] with the reason.
    pub fn apply(&mut self, seat: Seat, action: G::Action) -> Result<usize, Rejected> {
        self.state
            .check(Actor::Seat(seat), &action)
            .map_err(|reason| Rejected { reason })?;
        let first = self.log.len();
        self.record(Actor::Seat(seat), action);
        self.moves.push((seat, action));
        self.resolve_chance();
        Ok(first)
    }

    /// Parses and applies typed text.
    ///
    /// # Errors
    /// Why the text is not usable, with the legal actions listed.
    pub fn apply_text(&mut self, seat: Seat, text: &str) -> Result<usize, TextActionError> {
        let action = self
            .state
            .parse_action(seat, text)
            .map_err(|why| TextActionError::Parse {
                text: text.trim().to_owned(),
                why,
                legal: self.legal_texts(seat),
            })?;
        self.apply(seat, action)
            .map_err(|r| TextActionError::Refused {
                text: text.trim().to_owned(),
                reason: r.reason,
                legal: self.legal_texts(seat),
            })
    }

    fn record(&mut self, actor: Actor, action: G::Action) {
        let mut events = Events::recording();
        self.state.step(actor, action, &mut events);
        let entry = LogEntry {
            index: self.log.len(),
            actor,
            action,
            events: events.take(),
        };
        // Canonical JSON of each entry feeds the running hash; serde_json output for these plain
        // data types is stable, so the hash is the same on every machine.
        if let Ok(bytes) = serde_json::to_vec(&entry) {
            self.hasher.update(&bytes);
            self.hasher.update(b"\n");
        }
        self.log.push(entry);
    }

    fn resolve_chance(&mut self) {
        let mut outcomes = Vec::new();
        while self.state.turn() == Turn::Chance {
            let Some(action) = sample_chance(&self.state, &mut self.rng, &mut outcomes) else {
                break;
            };
            self.record(Actor::Chance, action);
        }
    }

    /// The SHA-256 of the event log so far, as hex.
    pub fn event_hash(&self) -> String {
        hex(&self.hasher.clone().finalize())
    }

    /// The log entries from `from` on, as `viewer` may see them.
    pub fn visible_log(
        &self,
        viewer: Viewer,
        from: usize,
    ) -> Vec<VisibleEntry<G::Action, G::Event>> {
        self.log
            .get(from..)
            .unwrap_or_default()
            .iter()
            .map(|e| {
                let shown = self.state.action_visible_to(e.actor, &e.action, viewer);
                let events: Vec<G::Event> = e
                    .events
                    .iter()
                    .filter_map(|ev| self.state.redact_event(ev, viewer))
                    .collect();
                VisibleEntry {
                    index: e.index,
                    actor: e.actor,
                    action: shown.then_some(e.action),
                    action_text: shown.then(|| self.state.action_text(&e.action)),
                    event_texts: events.iter().map(|ev| self.state.event_text(ev)).collect(),
                    events,
                }
            })
            .collect()
    }

    /// A session replayed from the same config and seed with only the first `n` player moves:
    /// the basis of undo. Chance outcomes replay identically, so undo cannot re-roll dice.
    ///
    /// # Errors
    /// Only if the config became invalid, which cannot happen for a session built from it.
    pub fn prefix(&self, n: usize) -> Result<Self, crate::replay::ReplayError> {
        let mut s = Session::new(self.config.clone(), self.seed)?;
        for (i, (seat, a)) in self.moves.iter().take(n).enumerate() {
            s.apply(*seat, *a)
                .map_err(|r| crate::replay::ReplayError::Action {
                    index: i,
                    reason: r.reason,
                })?;
        }
        Ok(s)
    }

    /// Undoes back to just before `seat`'s last move (so in a game against an agent, the
    /// agent's replies are undone too). Returns false if `seat` has not moved.
    ///
    /// # Errors
    /// See [`Session::prefix`].
    pub fn undo(&mut self, seat: Seat) -> Result<bool, crate::replay::ReplayError> {
        match self.moves.iter().rposition(|(s, _)| *s == seat) {
            None => Ok(false),
            Some(i) => {
                *self = self.prefix(i)?;
                Ok(true)
            }
        }
    }

    /// The replay record of this game so far.
    pub fn replay(&self) -> crate::replay::Replay {
        crate::replay::Replay::from_session(self)
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}
