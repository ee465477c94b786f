//! # gridwright-sim
//!
//! Plays many games between agents, in parallel, and summarises them. Generic over
//! [`Game`]; it never names a game.
//!
//! # Why results do not depend on the thread count
//! Game `i` is played from its own seed, `derive_seed(master, i)`, with freshly built agents.
//! Threads only decide *when* a game is played, never *how*, and each finished game is added to
//! the statistics ([`Tally`]) in index order: threads play runs of consecutive games (chunks, see
//! [`par`]) and a chunk that finishes early waits in a small buffer until every game before it
//! has been added. Only the timing figures
//! (`elapsed_seconds`, `games_per_second`) vary between runs.
//!
//! # Why memory does not grow with the batch
//! No per-game record is kept: the tally holds counts, sums and a histogram of game lengths, and
//! the reorder buffer is bounded (a thread does not start a game more than
//! [`AHEAD_PER_THREAD`] × threads ahead of the oldest unfinished one). A batch is capped at
//! [`MAX_GAMES`] games.
//!
//! # Why a fast path
//! Without `--replays`, games are stepped directly with event recording off. Chance is sampled
//! exactly as [`Session`] samples it (same RNG, same seed, same order), so a game played on the
//! fast path and the same game played through a session are the same game: replays saved by one
//! verify against the other.

pub mod balance;
pub mod curves;
pub mod importance;
pub mod ladder;
pub mod overrides;
pub mod par;
pub mod request;
pub mod sprt;
mod stats;
pub mod study;
pub mod sweep;
pub mod tune;

pub use stats::{Share, Summary, Tally, fair_share, wilson_interval};

use gridwright_engine::{
    Actor, Agent, Events, Game, PerSeat, Replay, Rng, Seat, SeatView, Session, Turn, derive_seed,
};
use std::ops::ControlFlow;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Builds a fresh agent for one game.
pub type AgentFactory<G> = Arc<dyn Fn() -> Box<dyn Agent<G>> + Send + Sync>;

/// Per-seat scores to report (e.g. victory points), if the game has them.
pub type ScoreFn<G> = fn(&G) -> Option<Vec<f64>>;

/// How a finished game ended, in words (e.g. Milkomeda's `grid completed`), if the game says.
pub type EndFn<G> = fn(&G) -> Option<String>;

/// Most games one batch may play: a billion random Connect Four games would take days on a
/// laptop; run several batches with different seeds instead.
pub const MAX_GAMES: usize = 100_000_000;

/// How many games per thread may finish ahead of the oldest unfinished game (their records wait
/// to be added in index order).
pub const AHEAD_PER_THREAD: usize = 1024;

/// Options of a batch.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// Number of games.
    pub games: usize,
    /// Master seed.
    pub seed: u64,
    /// Worker threads (at least 1).
    pub threads: usize,
    /// Directory to save every game's replay into, if any.
    pub replays: Option<PathBuf>,
}

/// The record of one finished game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// Game number in the batch.
    pub index: usize,
    /// The game's seed.
    pub seed: u64,
    /// Returns per seat.
    pub returns: PerSeat<f64>,
    /// The winning seat, or `None` for a draw.
    pub winner: Option<Seat>,
    /// Player moves made.
    pub moves: usize,
    /// Scores per seat, if the game reports them.
    pub scores: Option<Vec<f64>>,
    /// How the game ended, if the game says.
    pub end: Option<String>,
}

/// Why a batch could not run.
#[derive(Debug, thiserror::Error)]
pub enum SimError {
    /// The config does not build a game.
    #[error("{0}")]
    Setup(#[from] gridwright_engine::SetupError),
    /// Agents list does not match the seats.
    #[error("the game has {seats} seats but {agents} agents were given")]
    AgentCount {
        /// Seats in the game.
        seats: usize,
        /// Agents given.
        agents: usize,
    },
    /// A game ran past the game's own length bound (a rules bug).
    #[error("game {index} exceeded the game's maximum length of {max} steps")]
    TooLong {
        /// Game number.
        index: usize,
        /// The bound.
        max: usize,
    },
    /// An agent chose an illegal action (an agent bug).
    #[error("game {index}: agent `{agent}` chose an illegal action: {reason}")]
    IllegalAgentMove {
        /// Game number.
        index: usize,
        /// Agent name.
        agent: String,
        /// Why it was refused.
        reason: String,
    },
    /// A balance run asked for something it cannot do ([`request::BalanceRequest::plan`]):
    /// the message names the option and why.
    #[error("{0}")]
    Request(String),
    /// More games than [`MAX_GAMES`] were asked for.
    #[error("at most {max} games per batch, not {games}; run several batches with different seeds")]
    TooManyGames {
        /// Games asked for.
        games: usize,
        /// [`MAX_GAMES`].
        max: usize,
    },
    /// A balance run's subject seat is not one of the game's seats.
    #[error("the subject seat {seat} is not one of the game's {seats} seats")]
    Subject {
        /// The seat asked for.
        seat: Seat,
        /// Seats in the game.
        seats: usize,
    },
    /// A game played again to save its replay did not end as it had (a determinism bug).
    #[error(
        "game {index} of variant {variant} did not end the same way when played again for its replay"
    )]
    Diverged {
        /// Game number.
        index: usize,
        /// The variant.
        variant: String,
    },
    /// Shards of a batch that do not make up the batch (a missing or repeated game, another
    /// seed, text that is not a shard's).
    #[error("{0}")]
    Shards(String),
    /// A replay could not be written.
    #[error("cannot write replay {path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The error.
        source: std::io::Error,
    },
}

/// The winner from per-seat returns (the engine's; re-exported for the callers of the sim).
pub use gridwright_engine::winner_of;

/// Plays one game between `agents` (one per seat) from `seed`, starting from `initial` (which
/// must be `G::new(config)`; building it once per batch keeps setup cost out of every game).
/// With `record`, the game is played through a [`Session`] and its replay is returned too.
///
/// # Errors
/// On an illegal agent move or a game longer than the game's bound.
#[allow(clippy::too_many_arguments)] // a game's two report hooks (scores, end) ride along
pub fn play_one<G: Game>(
    config: &G::Config,
    initial: &G,
    index: usize,
    seed: u64,
    agents: &mut [Box<dyn Agent<G>>],
    score: ScoreFn<G>,
    end: EndFn<G>,
    record: bool,
) -> Result<(GameRecord, Option<Replay>), SimError> {
    let mut session = if record {
        Some(Session::<G>::new(config.clone(), seed)?)
    } else {
        None
    };
    let mut state = initial.clone();
    let (moves, _) = play_out(
        &mut state,
        session.as_mut(),
        index,
        seed,
        agents,
        &mut Events::disabled(),
        &mut |_, _| {},
    )?;
    let returns = state.returns();
    let record = GameRecord {
        index,
        seed,
        winner: winner_of(&returns),
        returns,
        moves,
        scores: score(&state),
        end: end(&state),
    };
    Ok((record, session.map(|s| s.replay())))
}

/// Plays `state` to its end: chance drawn from `seed` exactly as a [`Session`] draws it, seats
/// by `agents` with their own RNG derived from `seed`. Through `session` when given (every move
/// checked and logged); else stepping `state` directly, calling `after(state, events)` after
/// every step. Returns the player moves made and the seat that made the first move.
///
/// # Errors
/// On an illegal agent move or a game longer than the game's bound.
pub(crate) fn play_out<G: Game>(
    state: &mut G,
    mut session: Option<&mut Session<G>>,
    index: usize,
    seed: u64,
    agents: &mut [Box<dyn Agent<G>>],
    events: &mut Events<G::Event>,
    after: &mut dyn FnMut(&G, &mut Events<G::Event>),
) -> Result<(usize, Option<Seat>), SimError> {
    let mut chance_rng = Rng::seed_from_u64(seed);
    let mut agent_rng = Rng::seed_from_u64(derive_seed(seed, 0xA6E7));
    if state.num_seats() != agents.len() {
        return Err(SimError::AgentCount {
            seats: state.num_seats(),
            agents: agents.len(),
        });
    }
    let max = state.max_game_length();
    let mut outcomes = Vec::new();
    let (mut steps, mut moves, mut first) = (0usize, 0usize, None);
    loop {
        if steps > max {
            return Err(SimError::TooLong { index, max });
        }
        match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                if let Some(s) = &session {
                    // The session already resolved this chance node; follow it.
                    *state = s.state().clone();
                    steps = s.log().len();
                    continue;
                }
                outcomes.clear();
                state.chance_outcomes(&mut outcomes);
                let i = chance_rng.weighted_index(outcomes.iter().map(|(_, w)| *w));
                state.step(Actor::Chance, outcomes[i].0, events);
            }
            turn @ (Turn::Seat(_) | Turn::Simultaneous(_)) => {
                let Some(seat) = Seat::all(agents.len()).find(|s| turn.includes(*s)) else {
                    break;
                };
                if let Turn::Seat(s) = turn {
                    first.get_or_insert(s);
                }
                let agent = &mut agents[seat.index()];
                let action = agent.choose(&SeatView::new(&*state, seat), &mut agent_rng);
                // The fast path trusts agents (they choose from the legal list they were
                // given); debug builds and the session path still check every move.
                if cfg!(debug_assertions) || session.is_some() {
                    if let Err(reason) = state.check(Actor::Seat(seat), &action) {
                        return Err(SimError::IllegalAgentMove {
                            index,
                            agent: agent.name(),
                            reason: reason.to_string(),
                        });
                    }
                }
                if let Some(s) = &mut session {
                    s.apply(seat, action)
                        .map_err(|r| SimError::IllegalAgentMove {
                            index,
                            agent: agent.name(),
                            reason: r.to_string(),
                        })?;
                    *state = s.state().clone();
                    steps = s.log().len();
                    moves += 1;
                    continue;
                }
                state.step(Actor::Seat(seat), action, events);
                moves += 1;
            }
        }
        after(state, events);
        steps += 1;
    }
    Ok((moves, first))
}

/// Plays a batch, calling `progress(done, total)` as games finish.
///
/// # Errors
/// The first error of any game; see [`play_one`].
pub fn run<G: Game>(
    config: &G::Config,
    agents: &[AgentFactory<G>],
    opts: &SimOptions,
    score: ScoreFn<G>,
    end: EndFn<G>,
    progress: &(dyn Fn(usize, usize) + Sync),
) -> Result<Summary, SimError> {
    if opts.games > MAX_GAMES {
        return Err(SimError::TooManyGames {
            games: opts.games,
            max: MAX_GAMES,
        });
    }
    let start = Instant::now();
    if let Some(dir) = &opts.replays {
        std::fs::create_dir_all(dir).map_err(|source| SimError::Io {
            path: dir.clone(),
            source,
        })?;
    }
    let initial = G::new(config)?;
    let threads = opts.threads.clamp(1, opts.games.max(1));
    let mut tally = Tally::new(agents.len());
    par::ordered::<_, SimError, _, _>(
        opts.games,
        threads,
        AHEAD_PER_THREAD.saturating_mul(threads),
        |i| {
            let mut seat_agents: Vec<Box<dyn Agent<G>>> = agents.iter().map(|f| f()).collect();
            let seed = derive_seed(opts.seed, i as u64);
            let (rec, replay) = play_one(
                config,
                &initial,
                i,
                seed,
                &mut seat_agents,
                score,
                end,
                opts.replays.is_some(),
            )?;
            if let (Some(dir), Some(r)) = (&opts.replays, replay) {
                let path = dir.join(format!("game-{i:06}.replay.json"));
                // Atomic: an interrupted batch leaves whole replays or none.
                gridwright_engine::files::write_atomic(&path, r.to_json().as_bytes())
                    .map_err(|source| SimError::Io { path, source })?;
            }
            Ok(rec)
        },
        |_, rec: GameRecord| {
            tally.add(&rec);
            ControlFlow::Continue(())
        },
        progress,
    )?;
    Ok(tally.summary(start.elapsed().as_secs_f64()))
}

#[cfg(test)]
mod tests;
