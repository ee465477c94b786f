//! Studies (issue 25): runs that play many batches, each over a variant of one config, and
//! report on the variants together: a tuning search ([`crate::tune`]) and an importance
//! ranking ([`crate::importance`]). Both are asked for the same way, checked the same way
//! (the run's changes made first, the subject seat and the games checked, before any game) and
//! played by the same [`Players`]; a front end (the CLI, Python, the server) needs one path for
//! both: [`StudyRequest::run`].

use crate::importance::{ImportanceReport, ImportanceRequest};
use crate::overrides::{self, Override};
use crate::request::Spelling;
use crate::stats::Summary;
use crate::tune::{TuneReport, TuneRequest};
use crate::{AgentFactory, EndFn, MAX_GAMES, ScoreFn, SimError, SimOptions};
use gridwright_engine::{Game, Seat};
use serde::Serialize;

/// Who plays a study's games, how each game is scored and ended, and where its progress goes
/// (games done, games in all).
pub struct Players<'a, G: Game> {
    /// One fresh-agent factory per seat.
    pub agents: &'a [AgentFactory<G>],
    /// The game's final scores.
    pub score: ScoreFn<G>,
    /// The game's end, in words.
    pub end: EndFn<G>,
    /// Called after each batch with the games done and the games in all.
    pub progress: &'a (dyn Fn(usize, usize) + Sync),
}

impl<G: Game> std::fmt::Debug for Players<'_, G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Players")
            .field("seats", &self.agents.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Players<'_, G> {
    /// One batch: `games` games of `config` from master seed `seed`, on `threads` threads.
    pub(crate) fn batch(
        &self,
        config: &G::Config,
        games: usize,
        seed: u64,
        threads: usize,
    ) -> Result<Summary, SimError> {
        crate::run::<G>(
            config,
            self.agents,
            &SimOptions {
                games,
                seed,
                threads,
                replays: None,
            },
            self.score,
            self.end,
            &|_, _| {},
        )
    }
}

/// A study as asked for, before any check.
#[derive(Clone, Debug)]
pub enum StudyRequest {
    /// A tuning search (`--tune`).
    Tune(TuneRequest),
    /// An importance ranking (`--importance`).
    Importance(ImportanceRequest),
}

/// A study's result; as JSON, the report of its kind as it is.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum StudyReport {
    /// A tuning search's.
    Tune(TuneReport),
    /// An importance ranking's.
    Importance(ImportanceReport),
}

impl StudyRequest {
    /// The option that asks for it, without dashes: `tune`, `importance`.
    pub fn option(&self) -> &'static str {
        match self {
            StudyRequest::Tune(_) => "tune",
            StudyRequest::Importance(_) => "importance",
        }
    }

    /// Checks the request against `base` (refusals name options as `spelling` spells them),
    /// then plays it.
    ///
    /// # Errors
    /// [`SimError::Request`] and the other refusals of the plan, before any game; a game that
    /// fails ([`crate::run`]'s errors).
    pub fn run<G: Game>(
        &self,
        base: &G::Config,
        spelling: Spelling,
        players: &Players<'_, G>,
    ) -> Result<StudyReport, SimError> {
        Ok(match self {
            StudyRequest::Tune(r) => {
                StudyReport::Tune(crate::tune::tune(&r.plan::<G>(base, spelling)?, players)?)
            }
            StudyRequest::Importance(r) => StudyReport::Importance(crate::importance::importance(
                &r.plan::<G>(base, spelling)?,
                players,
            )?),
        })
    }
}

/// What every study is asked besides its own options.
#[derive(Clone, Debug)]
pub struct StudyBasis {
    /// Changes made first, `key.path=value` each: the study starts from the config they make.
    pub sets: Vec<String>,
    /// The seat judged.
    pub subject: Seat,
    /// Games per variant (a tuning search: the most a survivor plays).
    pub games: usize,
    /// The master seed: game `i` of a batch from `derive_seed(seed, i)`.
    pub seed: u64,
    /// Worker threads.
    pub threads: usize,
}

impl StudyBasis {
    /// What every study checks first: the games within bounds, the changes made on `base`,
    /// and the subject a seat of the game they set up. The changed config and its seat count.
    pub(crate) fn changed<G: Game>(
        &self,
        base: &G::Config,
        spelling: Spelling,
    ) -> Result<(G::Config, usize), SimError> {
        if self.games == 0 {
            return Err(SimError::Request(format!(
                "{} must be at least 1",
                spelling.name("games")
            )));
        }
        if self.games > MAX_GAMES {
            return Err(SimError::TooManyGames {
                games: self.games,
                max: MAX_GAMES,
            });
        }
        let config = self
            .sets
            .iter()
            .map(|t| t.parse::<Override>())
            .collect::<Result<Vec<_>, _>>()
            .and_then(|sets| overrides::apply(base, &sets))
            .map_err(|e| SimError::Request(format!("{}: {e}", spelling.name("set"))))?;
        let seats = G::new(&config)?.num_seats();
        if self.subject.index() >= seats {
            return Err(SimError::Subject {
                seat: self.subject,
                seats,
            });
        }
        Ok((config, seats))
    }
}
