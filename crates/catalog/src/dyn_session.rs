//! Type-erased sessions: one interface over every game, in JSON, for the server.
//!
//! # Why erase here
//! The server must hold matches of different games in one map and speak JSON to browsers. The
//! games themselves must not know JSON or HTTP, so the erasure lives in the catalog: a blanket
//! impl of [`AnySession`] for `Session<G>` where `G: Frontend`. Everything the server sends is
//! built from observations and viewer-filtered logs; the raw state is never serialized here.

use crate::{CatalogError, ContentSource, Frontend, GameKind, with_game};
use gridwright_agents::{AgentSpec, Stop};
use gridwright_engine::{
    Rejected, Replay, ReplayError, Rng, Seat, SeatView, Session, Turn, Viewer, derive_seed,
};
use serde::Serialize;
use serde_json::Value;
use std::time::Duration;

/// Who acts now, in a form clients can read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TurnInfo {
    /// `seat`, `simultaneous` or `terminal`.
    #[cfg_attr(
        feature = "ts",
        ts(type = "\"seat\" | \"simultaneous\" | \"chance\" | \"terminal\"")
    )]
    pub kind: &'static str,
    /// The seats that may act now.
    pub seats: Vec<Seat>,
}

/// What an agent is asked to think about, for [`AnySession::agent_move`] and
/// [`AnySession::hint`]: the agent, the seat, the seed, a time limit and a stop flag.
#[derive(Clone, Copy, Debug)]
pub struct Think<'a> {
    /// The agent (for a hint, an `mcts…` spec).
    pub spec: &'a AgentSpec,
    /// The seat it plays or advises.
    pub seat: Seat,
    /// For a move, a salt mixed with the session's seed and version; for a hint, the search's
    /// seed itself.
    pub seed: u64,
    /// A wall-clock limit for a search whose spec sets none (`ms`); the search then stops at
    /// its iteration budget or the cap, whichever comes first.
    pub clock_cap: Option<Duration>,
    /// Set from elsewhere, a search ends within one iteration, in every thread, and the answer
    /// is `Ok(None)`: a search cut short is not the move or hint it would have been. Never set,
    /// it changes nothing.
    pub stop: &'a Stop,
}

/// One legal action as offered to a client.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LegalAction {
    /// The action in the game's JSON form (what the client sends back).
    pub action: Value,
    /// Its text form.
    pub text: String,
}

/// Why a JSON action was not applied. Nothing changed.
#[derive(Debug, Clone, PartialEq, thiserror::Error, Serialize)]
#[serde(tag = "kind", content = "detail", rename_all = "snake_case")]
pub enum ApplyError {
    /// The JSON is not an action of this game.
    #[error("not an action of this game: {0}")]
    Malformed(String),
    /// The action is refused by the rules.
    #[error("{0}")]
    Rejected(String),
}

impl From<Rejected> for ApplyError {
    fn from(r: Rejected) -> Self {
        ApplyError::Rejected(r.to_string())
    }
}

/// A session of any game.
pub trait AnySession: Send + Sync + std::fmt::Debug {
    /// Which game.
    fn kind(&self) -> GameKind;
    /// Number of seats.
    fn num_seats(&self) -> usize;
    /// Player moves so far: the state version clients quote.
    fn version(&self) -> usize;
    /// Who acts now.
    fn turn(&self) -> TurnInfo;
    /// `viewer`'s observation as JSON.
    fn observe(&self, viewer: Viewer) -> Value;
    /// `viewer`'s terminal view.
    fn render(&self, viewer: Viewer) -> String;
    /// The legal actions of `seat`.
    fn legal(&self, seat: Seat) -> Vec<LegalAction>;
    /// What to show before `action` is confirmed.
    ///
    /// # Errors
    /// If the JSON is not an action of this game.
    fn preview(&self, action: &Value) -> Result<Option<String>, ApplyError>;
    /// Applies a JSON action for `seat`; returns the index of the first new log entry.
    ///
    /// # Errors
    /// Malformed or refused; the session is unchanged.
    fn apply(&mut self, seat: Seat, action: &Value) -> Result<usize, ApplyError>;
    /// Log entries from `from` on, as `viewer` may see them, as JSON.
    fn visible_log(&self, viewer: Viewer, from: usize) -> Vec<Value>;
    /// Number of log entries.
    fn log_len(&self) -> usize;
    /// Returns per seat once terminal.
    fn returns(&self) -> Option<Vec<f64>>;
    /// Per-seat scores, if the game has them.
    fn scores(&self) -> Option<Vec<f64>>;
    /// The replay so far.
    fn replay(&self) -> Replay;
    /// The match's public reference data (see [`crate::Reference`]), from its config.
    fn reference(&self) -> crate::Reference;
    /// How a finished game ended, in words ([`Frontend::end_reason`]); `None` while it goes on
    /// or where the game does not say.
    fn end_reason(&self) -> Option<String>;
    /// Undo to before `seat`'s last move.
    ///
    /// # Errors
    /// Only if the replay of the prefix fails, which would be a bug.
    fn undo(&mut self, seat: Seat) -> Result<bool, ReplayError>;
    /// A copy, e.g. to let an agent think off the async runtime.
    fn clone_box(&self) -> Box<dyn AnySession>;
    /// Asks the agent `think.spec` for `think.seat`'s move (JSON), using a seed derived from
    /// `think.seed` ([`Think`]).
    ///
    /// # Errors
    /// Unknown agent, or the seat may not act.
    ///
    /// A stop (the match was aborted, it expired, the server is going down) gives `Ok(None)`:
    /// no move. Agents that do not search answer at once anyway; a stop set by then gives
    /// `Ok(None)` too. Never set, the same seed gives the same move.
    fn agent_move(&self, think: Think<'_>) -> Result<Option<Value>, CatalogError>;
    /// What MCTS (`think.spec`, an `mcts…` spec) thinks `think.seat` should do now: the search
    /// report (every root action with visits, value and policy, and the principal line) as JSON,
    /// with actions in the game's JSON form. The search starts from the seat's view only, so a
    /// hint knows nothing that seat does not — the caller decides who may ask for which seat.
    ///
    /// # Errors
    /// Not an `mcts` spec, bad parameters, or the seat may not act now.
    ///
    /// A stop (the position changed, the player asked to stop) gives `Ok(None)`.
    fn hint(&self, think: Think<'_>) -> Result<Option<Value>, CatalogError>;
}

impl<G: Frontend> AnySession for Session<G> {
    fn kind(&self) -> GameKind {
        GameKind::from_name(G::INFO.short_name).unwrap_or(GameKind::ALL[0])
    }
    fn num_seats(&self) -> usize {
        self.state().num_seats()
    }
    fn version(&self) -> usize {
        Session::version(self)
    }
    fn turn(&self) -> TurnInfo {
        let n = self.state().num_seats();
        let t = self.state().turn();
        let seats = Seat::all(n).filter(|s| t.includes(*s)).collect();
        let kind = match t {
            Turn::Seat(_) => "seat",
            Turn::Simultaneous(_) => "simultaneous",
            Turn::Chance => "chance",
            Turn::Terminal => "terminal",
        };
        TurnInfo { kind, seats }
    }
    fn observe(&self, viewer: Viewer) -> Value {
        serde_json::to_value(Session::observe(self, viewer)).unwrap_or(Value::Null)
    }
    fn render(&self, viewer: Viewer) -> String {
        self.state().render(viewer)
    }
    fn legal(&self, seat: Seat) -> Vec<LegalAction> {
        self.legal_actions(seat)
            .iter()
            .map(|a| LegalAction {
                action: serde_json::to_value(a).unwrap_or(Value::Null),
                text: self.state().action_text(a),
            })
            .collect()
    }
    fn preview(&self, action: &Value) -> Result<Option<String>, ApplyError> {
        let a: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| ApplyError::Malformed(e.to_string()))?;
        Ok(self.state().preview_action(&a))
    }
    fn apply(&mut self, seat: Seat, action: &Value) -> Result<usize, ApplyError> {
        let a: G::Action = serde_json::from_value(action.clone())
            .map_err(|e| ApplyError::Malformed(e.to_string()))?;
        Ok(Session::apply(self, seat, a)?)
    }
    fn visible_log(&self, viewer: Viewer, from: usize) -> Vec<Value> {
        Session::visible_log(self, viewer, from)
            .iter()
            .map(|e| serde_json::to_value(e).unwrap_or(Value::Null))
            .collect()
    }
    fn log_len(&self) -> usize {
        self.log().len()
    }
    fn returns(&self) -> Option<Vec<f64>> {
        self.state()
            .is_terminal()
            .then(|| self.state().returns().into_vec())
    }
    fn scores(&self) -> Option<Vec<f64>> {
        self.state().scores()
    }
    fn replay(&self) -> Replay {
        Session::replay(self)
    }
    fn reference(&self) -> crate::Reference {
        G::reference(self.config())
    }
    fn end_reason(&self) -> Option<String> {
        if self.state().is_terminal() {
            self.state().end_reason()
        } else {
            None
        }
    }
    fn undo(&mut self, seat: Seat) -> Result<bool, ReplayError> {
        Session::undo(self, seat)
    }
    fn clone_box(&self) -> Box<dyn AnySession> {
        Box::new(self.clone())
    }
    fn agent_move(&self, think: Think<'_>) -> Result<Option<Value>, CatalogError> {
        let Think {
            spec,
            seat,
            seed: salt,
            clock_cap,
            stop,
        } = think;
        if !self.state().turn().includes(seat) {
            return Err(CatalogError::Unsupported(format!("{seat} may not act now")));
        }
        let mut agent: Box<dyn gridwright_engine::Agent<G>> = if spec.name == "mcts" {
            Box::new(crate::mcts_agent_capped::<G>(spec, clock_cap)?.with_stop(stop.clone()))
        } else {
            G::agent(spec)?
        };
        let mut rng = Rng::seed_from_u64(derive_seed(
            self.seed() ^ salt,
            Session::version(self) as u64,
        ));
        let a = agent.choose(&SeatView::new(self.state(), seat), &mut rng);
        if stop.is_stopped() {
            return Ok(None);
        }
        Ok(Some(serde_json::to_value(a).unwrap_or(Value::Null)))
    }
    fn hint(&self, think: Think<'_>) -> Result<Option<Value>, CatalogError> {
        let Think {
            spec,
            seat,
            seed,
            clock_cap,
            stop,
        } = think;
        if spec.name != "mcts" {
            return Err(CatalogError::AgentParam {
                spec: spec.to_string(),
                reason: "hints come from search: use an `mcts` spec".into(),
            });
        }
        if seat.index() >= self.state().num_seats() || !self.state().turn().includes(seat) {
            return Err(CatalogError::Unsupported(format!("{seat} may not act now")));
        }
        let mcts = crate::mcts_agent_capped::<G>(spec, clock_cap)?.with_stop(stop.clone());
        let report = mcts.search(
            &SeatView::new(self.state(), seat),
            &mut Rng::seed_from_u64(seed),
        );
        if stop.is_stopped() {
            return Ok(None);
        }
        let mut value =
            serde_json::to_value(report).map_err(|e| CatalogError::Unsupported(e.to_string()))?;
        // What the game's own agents make of the position (Milkomeda: the greedy Master's
        // valuation of each standing bribe), only what `seat` may know.
        let notes = self.state().notes(seat);
        if let (Value::Object(m), false) = (&mut value, notes.is_empty()) {
            m.insert("notes".into(), Value::from(notes));
        }
        Ok(Some(value))
    }
}

/// Starts a new session of `kind`.
///
/// # Errors
/// Unknown scenario or invalid content.
pub fn new_session(
    kind: GameKind,
    content: &ContentSource,
    scenario: Option<&str>,
    seed: u64,
) -> Result<Box<dyn AnySession>, CatalogError> {
    with_game!(kind, G => {
        let cfg = G::load_config(content, scenario)?;
        let s = Session::<G>::new(cfg, seed)?;
        Ok(Box::new(s) as Box<dyn AnySession>)
    })
}

/// Rebuilds a session from a replay, checking its hash (`verify`) or not (`rerun` of a prefix).
///
/// # Errors
/// Unknown game or any replay error.
pub fn session_from_replay(
    replay: &Replay,
    moves: Option<usize>,
) -> Result<Box<dyn AnySession>, CatalogError> {
    let kind = GameKind::from_name(&replay.game).ok_or_else(|| CatalogError::UnknownGame {
        name: replay.game.clone(),
    })?;
    with_game!(kind, G => {
        let s = match moves {
            None => replay.verify::<G>(),
            Some(n) => replay.rerun::<G>(n),
        }?;
        Ok(Box::new(s) as Box<dyn AnySession>)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Instant;

    /// A first position of every game where a seat has a real choice.
    fn sessions() -> Vec<(Box<dyn AnySession>, Seat)> {
        GameKind::ALL
            .iter()
            .filter_map(|&kind| {
                let s = new_session(kind, &ContentSource::Builtin, None, 7).ok()?;
                let seat = *s.turn().seats.first()?;
                (s.legal(seat).len() > 1).then_some((s, seat))
            })
            .collect()
    }

    #[test]
    fn an_agent_move_stopped_from_another_thread_is_no_move_and_comes_at_once() {
        let spec: AgentSpec = "mcts:ms=10000,threads=2".parse().unwrap();
        let all = sessions();
        assert!(all.len() >= 4, "{} games with a choice", all.len());
        for (s, seat) in all {
            let stop = Stop::new();
            let started = Instant::now();
            let chosen = std::thread::scope(|scope| {
                scope.spawn(|| {
                    std::thread::sleep(Duration::from_millis(50));
                    stop.stop();
                });
                s.agent_move(Think {
                    spec: &spec,
                    seat,
                    seed: 1,
                    clock_cap: None,
                    stop: &stop,
                })
            });
            let took = started.elapsed();
            assert!(matches!(chosen, Ok(None)), "{:?}: {chosen:?}", s.kind());
            assert!(
                took < Duration::from_secs(1),
                "{:?}: {took:?} of a 10 s search",
                s.kind()
            );
        }
    }

    #[test]
    fn an_agent_move_never_stopped_is_the_same_move_for_the_same_seed() {
        let spec: AgentSpec = "mcts:iters=60".parse().unwrap();
        let random_spec: AgentSpec = "random".parse().unwrap();
        let never = Stop::new();
        let think = |spec, seat| Think {
            spec,
            seat,
            seed: 5,
            clock_cap: None,
            stop: &never,
        };
        for (s, seat) in sessions() {
            let a = s.agent_move(think(&spec, seat));
            let b = s.agent_move(think(&spec, seat));
            let Ok(Some(a)) = a else {
                panic!("{:?}: {a:?}", s.kind())
            };
            assert!(
                matches!(&b, Ok(Some(v)) if *v == a),
                "{:?}: {a} then {b:?}",
                s.kind()
            );
            assert!(s.clone_box().apply(seat, &a).is_ok(), "{:?}: {a}", s.kind());
            // Agents that do not search ignore a stop that is never set.
            let random = s.agent_move(think(&random_spec, seat));
            assert!(matches!(random, Ok(Some(_))), "{:?}: {random:?}", s.kind());
        }
    }
}
