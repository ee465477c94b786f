//! Live matches: the in-memory cache of sessions, the one code path every state change takes,
//! the AI driver, and the reaction to other processes' changes.
//!
//! # The one write path
//! A move (from HTTP, WebSocket or an AI seat) goes through [`Hub::act`]: take the match's write
//! lock, check the quoted version, let the engine validate and apply, then commit to the store
//! while still holding the lock. Only after the commit do clients hear of it (a broadcast wakes
//! every connection of the match, each of which builds its own viewer's message). If the commit
//! fails or loses a race with another process, the cached session is rebuilt from the store, so
//! memory never runs ahead of the database.
//!
//! # Why AI moves run on a snapshot
//! Agents may think for seconds. The driver clones the session, runs the agent on Tokio's
//! blocking pool (bounded by a semaphore), and submits the move through [`Hub::act`] quoting the
//! version it thought about; if a human undid or another process moved meanwhile, the move is
//! refused as stale and the agent thinks again.

use crate::ServeOptions;
use crate::error::ServerError;
use crate::games::{GameProvider, Games, ScenarioName};
use crate::limits::CreateLimiter;
use crate::store::{
    Commit, MatchRow, MoveRow, Notice, Progress, SeatKind, SeatRow, Status, Store, now_ms,
};
use crate::token;
use gridwright_agents::AgentSpec;
use gridwright_catalog::AnySession;
use gridwright_engine::Seat;
use gridwright_engine::replay::ReplayMove;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::{RwLock, Semaphore, broadcast, watch};

/// Longest per-match AI delay a client may ask for.
pub const MAX_AI_DELAY_MS: u64 = 60_000;

/// Who is asking: the seats a token controls (none for a spectator).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Who {
    /// Seats this caller may act for, lowest first.
    pub seats: Vec<Seat>,
}

impl Who {
    /// A spectator.
    pub fn spectator() -> Who {
        Who::default()
    }

    /// Whether this caller holds no seat.
    pub fn is_spectator(&self) -> bool {
        self.seats.is_empty()
    }
}

/// A match in memory.
pub struct LiveMatch {
    pub(crate) id: String,
    pub(crate) game: Arc<dyn GameProvider>,
    pub(crate) scenario: Option<String>,
    pub(crate) hotseat: bool,
    pub(crate) ai_delay_ms: Option<u64>,
    pub(crate) created_ms: i64,
    config: Value,
    rules_version: String,
    seed: u64,
    pub(crate) st: RwLock<MatchState>,
    /// Wakes every connection of the match after a committed change.
    pub(crate) changed: broadcast::Sender<()>,
    /// Some seat is played by the server (seat kinds never change): without one there is no
    /// AI driver to wake after a move.
    has_ai: bool,
    ai_busy: AtomicBool,
}

impl std::fmt::Debug for LiveMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveMatch")
            .field("id", &self.id)
            .field("game", &self.game.info().short_name)
            .finish_non_exhaustive()
    }
}

/// The mutable part of a live match.
#[derive(Debug)]
pub struct MatchState {
    pub(crate) session: Box<dyn AnySession>,
    pub(crate) rev: u64,
    pub(crate) undos: u64,
    pub(crate) seats: Vec<SeatRow>,
    /// The seat of each move in the line of play.
    pub(crate) move_seats: Vec<u8>,
    pub(crate) status: Status,
    pub(crate) updated_ms: i64,
    /// Memory no longer matches the store (a failed commit could not be taken back): reload
    /// before the next change.
    pub(crate) poisoned: bool,
    /// The store marked the match expired: nothing more may change.
    pub(crate) expired: bool,
}

impl MatchState {
    /// The seat row of `seat`.
    pub(crate) fn seat(&self, seat: Seat) -> Option<&SeatRow> {
        self.seats
            .iter()
            .find(|s| usize::from(s.seat) == seat.index())
    }

    fn status_now(&self) -> Status {
        if self.expired {
            Status::Expired
        } else {
            status_of(self.session.as_ref(), &self.seats)
        }
    }

    /// Refuses any change to an expired match.
    fn check_live(&self, id: &str) -> Result<(), ServerError> {
        if self.expired {
            Err(ServerError::Expired(id.to_owned()))
        } else {
            Ok(())
        }
    }

    /// The stored columns after a change; if an AI seat is to move then, the storing process
    /// takes the lease to drive it for `lease_ms` in the same write.
    fn progress(&self, lease_ms: u64) -> Progress {
        let status = self.status_now();
        let ai_due = matches!(status, Status::Open | Status::Running)
            && self
                .session
                .turn()
                .seats
                .into_iter()
                .any(|s| self.seat(s).is_some_and(|r| r.kind == SeatKind::Ai));
        Progress {
            status,
            moves: self.session.version() as u64,
            result: result_json(self.session.as_ref()),
            ai_until: ai_due.then(|| lease_deadline(lease_ms)),
        }
    }
}

/// The status a session and its seats imply.
fn status_of(session: &dyn AnySession, seats: &[SeatRow]) -> Status {
    if session.turn().kind == "terminal" {
        Status::Finished
    } else if seats.iter().any(SeatRow::is_free) {
        Status::Open
    } else {
        Status::Running
    }
}

/// `{returns, scores, winners}` once the game is over.
pub(crate) fn result_json(session: &dyn AnySession) -> Option<Value> {
    let returns = session.returns()?;
    let max = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = returns.iter().copied().fold(f64::INFINITY, f64::min);
    let winners: Vec<usize> = if max > min {
        (0..returns.len()).filter(|i| returns[*i] == max).collect()
    } else {
        Vec::new()
    };
    Some(json!({ "returns": returns, "scores": session.scores(), "winners": winners }))
}

/// One seat in a create request.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// `human`, `open` or `ai`.
    pub kind: String,
    /// Agent spec for `ai` seats (default `random`).
    #[serde(default)]
    pub agent: Option<String>,
}

/// `POST /api/matches`.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct CreateMatch {
    /// Game short name.
    pub game: String,
    /// Scenario name (default: the game's default).
    #[serde(default)]
    pub scenario: Option<String>,
    /// RNG seed (default: random).
    #[serde(default)]
    pub seed: Option<u64>,
    /// One entry per seat (default: seat 1 human, the others open).
    #[serde(default)]
    pub seats: Option<Vec<SeatSpec>>,
    /// All human seats played on one device with one token.
    #[serde(default)]
    pub hotseat: bool,
    /// Minimum time an AI seat takes per move, overriding the server's default.
    #[serde(default)]
    pub ai_delay_ms: Option<u64>,
}

/// What the creator of a match gets back: the seat tokens (shown once, never again).
#[derive(Clone, Debug)]
pub struct Created {
    /// The match.
    pub live: Arc<LiveMatch>,
    /// `(seat, token)` for every seat whose token was issued now.
    pub tokens: Vec<(u8, String)>,
}

/// Server-wide settings the hub needs.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Default AI delay.
    pub ai_delay_ms: u64,
}

/// All live matches of this process.
pub struct Hub {
    pub(crate) store: Store,
    pub(crate) games: Games,
    pub(crate) settings: Settings,
    pub(crate) opts: ServeOptions,
    matches: Mutex<HashMap<String, Arc<LiveMatch>>>,
    limiter: CreateLimiter,
    ai_slots: Arc<Semaphore>,
    pub(crate) shutdown: watch::Receiver<bool>,
}

impl std::fmt::Debug for Hub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hub")
            .field("store", &self.store.describe())
            .field("games", &self.games)
            .finish_non_exhaustive()
    }
}

impl Hub {
    /// A hub over `store`.
    pub(crate) fn new(
        store: Store,
        games: Games,
        opts: ServeOptions,
        shutdown: watch::Receiver<bool>,
    ) -> Hub {
        Hub {
            store,
            games,
            settings: Settings {
                ai_delay_ms: opts.ai_delay_ms,
            },
            ai_slots: Arc::new(Semaphore::new(opts.limits.ai_threads.max(1))),
            limiter: CreateLimiter::new(&opts.matches),
            opts,
            matches: Mutex::new(HashMap::new()),
            shutdown,
        }
    }

    fn cached(&self, id: &str) -> Option<Arc<LiveMatch>> {
        self.matches.lock().ok().and_then(|m| m.get(id).cloned())
    }

    fn insert(&self, live: Arc<LiveMatch>) -> Arc<LiveMatch> {
        match self.matches.lock() {
            Ok(mut map) => map.entry(live.id.clone()).or_insert(live).clone(),
            Err(_) => live,
        }
    }

    /// The live match `id`, loading it from the store if needed.
    ///
    /// # Errors
    /// [`ServerError::UnknownMatch`] if there is none; store or rebuild failures.
    pub async fn get(self: &Arc<Self>, id: &str) -> Result<Arc<LiveMatch>, ServerError> {
        if !token::is_match_id(id) {
            return Err(ServerError::UnknownMatch(id.chars().take(40).collect()));
        }
        if let Some(m) = self.cached(id) {
            return Ok(m);
        }
        let live = self.load(id).await?;
        let m = self.insert(Arc::new(live));
        // Loaded on demand (after a restart or an eviction): an AI seat to move carries on.
        self.kick_ai(&m);
        Ok(m)
    }

    async fn load(&self, id: &str) -> Result<LiveMatch, ServerError> {
        // Two reads (match, then moves) can straddle another process's change; retry until they
        // agree. A later notification repairs any remaining difference.
        let mut attempt = 0;
        loop {
            attempt += 1;
            let (row, seats) = self
                .store
                .get_match(id)
                .await?
                .ok_or_else(|| ServerError::UnknownMatch(id.to_owned()))?;
            let game = self
                .games
                .get(&row.game)
                .cloned()
                .ok_or_else(|| ServerError::Broken {
                    id: id.to_owned(),
                    reason: format!("this server does not offer the game `{}`", row.game),
                })?;
            let moves = self.store.moves(id, 0).await?;
            let consistent = moves.len() as u64 >= row.moves
                && moves.iter().enumerate().all(|(i, m)| m.n == i as u64);
            if !consistent && attempt < 5 {
                continue;
            }
            let line: Vec<MoveRow> = moves.into_iter().take(row.moves as usize).collect();
            let session = rebuild(game.as_ref(), &row, &line)?;
            let expired = row.status == Status::Expired;
            let status = if expired {
                Status::Expired
            } else {
                status_of(session.as_ref(), &seats)
            };
            let (changed, _) = broadcast::channel(16);
            let has_ai = seats.iter().any(|s| s.kind == SeatKind::Ai);
            return Ok(LiveMatch {
                id: row.id.clone(),
                game,
                scenario: row.scenario.clone(),
                hotseat: row.hotseat,
                ai_delay_ms: row.ai_delay_ms,
                created_ms: row.created_ms,
                config: row.config.clone(),
                rules_version: row.rules_version.clone(),
                seed: row.seed,
                st: RwLock::new(MatchState {
                    session,
                    rev: row.rev,
                    undos: row.undos,
                    seats,
                    move_seats: line.iter().map(|m| m.seat).collect(),
                    status,
                    updated_ms: row.updated_ms,
                    poisoned: false,
                    expired,
                }),
                changed,
                has_ai,
                ai_busy: AtomicBool::new(false),
            });
        }
    }

    /// Drops matches from memory that nothing uses: no connection, request or AI driver holds
    /// them (the map's is the only reference), and they are finished or idle for `idle_ms`.
    /// They are loaded again from the store when next asked for. Returns how many were dropped.
    pub fn sweep(&self, idle_ms: i64) -> usize {
        let Ok(mut map) = self.matches.lock() else {
            return 0;
        };
        let before = map.len();
        let now = now_ms();
        map.retain(|_, m| {
            if Arc::strong_count(m) > 1 || m.changed.receiver_count() > 0 {
                return true;
            }
            match m.st.try_read() {
                Ok(st) => {
                    !matches!(st.status, Status::Finished | Status::Expired)
                        && now - st.updated_ms < idle_ms
                }
                Err(_) => true,
            }
        });
        before - map.len()
    }

    /// The number of matches in memory.
    pub fn cached_len(&self) -> usize {
        self.matches.lock().map_or(0, |m| m.len())
    }

    /// One round of housekeeping: expires abandoned matches, drops idle ones from memory and
    /// forgets refilled rate-limit buckets. Returns how many matches expired.
    pub async fn housekeeping(self: &Arc<Self>) -> usize {
        let l = self.opts.matches;
        let now = now_ms();
        let before = |ms: u64| now.saturating_sub(i64::try_from(ms).unwrap_or(i64::MAX));
        let expired = match self
            .store
            .expire(before(l.expire_open_ms), before(l.expire_running_ms), 1000)
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("gridwright-server: expiring idle matches: {e}");
                Vec::new()
            }
        };
        for id in &expired {
            if let Some(m) = self.cached(id) {
                let mut st = m.st.write().await;
                if let Err(e) = self.refresh(&m, &mut st).await {
                    eprintln!("gridwright-server: refreshing expired match {id}: {e}");
                }
                drop(st);
                let _ = m.changed.send(());
            }
        }
        self.sweep(i64::try_from(l.evict_idle_ms).unwrap_or(i64::MAX));
        self.limiter.prune();
        self.take_over_lapsed_ai().await;
        expired.len()
    }

    /// Drives the AI seats of matches whose lease lapsed: the process that held it died (or
    /// restarted) between a move that put an AI seat on move and that seat's reply.
    async fn take_over_lapsed_ai(self: &Arc<Self>) {
        let ids = match self.store.lapsed_ai_leases(100).await {
            Ok(ids) => ids,
            Err(e) => {
                eprintln!("gridwright-server: looking for lapsed AI leases: {e}");
                return;
            }
        };
        for id in ids {
            let m = match self.cached(&id) {
                Some(m) => {
                    // Catch up first: the notice of the last change may have been missed.
                    let mut st = m.st.write().await;
                    if let Err(e) = self.refresh(&m, &mut st).await {
                        eprintln!("gridwright-server: refreshing match {id}: {e}");
                        continue;
                    }
                    drop(st);
                    let _ = m.changed.send(());
                    m
                }
                None => match self.get(&id).await {
                    Ok(m) => m,
                    Err(e) => {
                        eprintln!("gridwright-server: loading match {id}: {e}");
                        continue;
                    }
                },
            };
            if self.ai_job(&m).await.is_none() {
                // Nothing to drive (e.g. a lease from before an upgrade): clear it.
                let _ = self.store.release_ai(&id).await;
            } else {
                self.kick_ai(&m);
            }
        }
    }

    /// Creates a match.
    ///
    /// # Errors
    /// Unknown game, scenario or agent; seat list that does not fit the game; store failure.
    pub async fn create(
        self: &Arc<Self>,
        req: CreateMatch,
        client: IpAddr,
    ) -> Result<Created, ServerError> {
        self.limiter
            .take(client)
            .map_err(|retry_after| ServerError::CreateRateLimited { retry_after })?;
        let game = self
            .games
            .get(&req.game)
            .cloned()
            .ok_or_else(|| ServerError::UnknownGame {
                name: req.game.chars().take(60).collect(),
                known: self.games.names(),
            })?;
        if req.ai_delay_ms.is_some_and(|d| d > MAX_AI_DELAY_MS) {
            return Err(ServerError::BadRequest(format!(
                "ai_delay_ms may be at most {MAX_AI_DELAY_MS}"
            )));
        }
        let seed = match req.seed {
            Some(s) => s,
            None => token::random_seed().map_err(|e| ServerError::Internal(e.to_string()))?,
        };
        // A name from the game's own list, never a path: see `ScenarioName`.
        let scenario = match req.scenario.as_deref().map(str::trim) {
            None | Some("") => None,
            Some(name) => Some(ScenarioName::resolve(game.as_ref(), name)?),
        };
        let mut seed = seed;
        let mut session = game
            .new_session(scenario.as_ref(), seed)
            .map_err(|e| ServerError::Content(e.to_string()))?;
        let n = session.num_seats();
        let specs = match req.seats {
            Some(s) => s,
            None => (0..n)
                .map(|i| SeatSpec {
                    kind: if i == 0 || req.hotseat {
                        "human"
                    } else {
                        "open"
                    }
                    .into(),
                    agent: None,
                })
                .collect(),
        };
        if specs.len() != n {
            return Err(ServerError::BadRequest(format!(
                "{} has {n} seats here, but {} seat(s) were given",
                game.info().short_name,
                specs.len()
            )));
        }
        let hotseat_token = token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?;
        let mut seats = Vec::with_capacity(n);
        let mut tokens = Vec::new();
        for (i, spec) in specs.iter().enumerate() {
            let seat = u8::try_from(i).map_err(|_| ServerError::Internal("seat index".into()))?;
            let kind = SeatKind::parse(spec.kind.trim()).ok_or_else(|| {
                ServerError::BadRequest(format!(
                    "seat {}: kind must be `human`, `open` or `ai`, not `{}`",
                    i + 1,
                    spec.kind.chars().take(40).collect::<String>()
                ))
            })?;
            let mut row = SeatRow {
                seat,
                kind,
                agent: None,
                token_hash: None,
            };
            match kind {
                SeatKind::Ai => {
                    let text = spec.agent.as_deref().unwrap_or("random");
                    let agent: AgentSpec = text
                        .parse()
                        .map_err(|e| ServerError::BadRequest(format!("seat {}: {e}", i + 1)))?;
                    if agent.is_human() {
                        return Err(ServerError::BadRequest(format!(
                            "seat {}: use kind `human` for a person",
                            i + 1
                        )));
                    }
                    game.check_agent(&agent)
                        .map_err(|e| ServerError::Content(format!("seat {}: {e}", i + 1)))?;
                    check_think_budget(&agent)
                        .map_err(|e| ServerError::BadRequest(format!("seat {}: {e}", i + 1)))?;
                    row.agent = Some(agent.to_string());
                }
                SeatKind::Human => {
                    if spec.agent.is_some() {
                        return Err(ServerError::BadRequest(format!(
                            "seat {}: only `ai` seats take an agent",
                            i + 1
                        )));
                    }
                    let t = if req.hotseat {
                        hotseat_token.clone()
                    } else {
                        token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?
                    };
                    row.token_hash = Some(token::hash_token(&t));
                    tokens.push((seat, t));
                }
                SeatKind::Open => {
                    if req.hotseat {
                        return Err(ServerError::BadRequest(
                            "a hotseat match has no open seats: every human plays on one device"
                                .into(),
                        ));
                    }
                    if spec.agent.is_some() {
                        return Err(ServerError::BadRequest(format!(
                            "seat {}: only `ai` seats take an agent",
                            i + 1
                        )));
                    }
                }
            }
            seats.push(row);
        }
        if req.hotseat && tokens.is_empty() {
            return Err(ServerError::BadRequest(
                "a hotseat match needs at least one human seat".into(),
            ));
        }
        // Someone else may take a seat — an open seat, or a second person's seat whose token
        // the creator hands on (not hotseat) — so a seed the creator chose would let the
        // creator foresee every roll of that person's game. Mixed with a secret of the
        // server's, it decides nothing; the effective seed is in the replay once the match ends.
        let people = seats.iter().filter(|s| s.kind != SeatKind::Ai).count();
        let others_may_play =
            seats.iter().any(|s| s.kind == SeatKind::Open) || (!req.hotseat && people >= 2);
        if req.seed.is_some() && others_may_play && !self.opts.keep_chosen_seeds {
            let secret = token::random_seed().map_err(|e| ServerError::Internal(e.to_string()))?;
            seed = gridwright_engine::derive_seed(secret, seed);
            session = game
                .new_session(scenario.as_ref(), seed)
                .map_err(|e| ServerError::Content(e.to_string()))?;
        }
        // Counted once the request is known to be valid. Processes creating at the same
        // instant may overshoot the cap by a few.
        let limit = self.opts.matches.max_unfinished;
        if self.store.count_unfinished().await? >= limit {
            return Err(ServerError::TooManyMatches { limit });
        }
        let replay = session.replay();
        let id = token::new_match_id().map_err(|e| ServerError::Internal(e.to_string()))?;
        let now = now_ms();
        let status = status_of(session.as_ref(), &seats);
        let row = MatchRow {
            id: id.clone(),
            game: game.info().short_name.to_owned(),
            scenario: scenario.map(|s| s.as_str().to_owned()),
            rules_version: replay.rules_version.clone(),
            config: replay.config.clone(),
            seed,
            hotseat: req.hotseat,
            ai_delay_ms: req.ai_delay_ms,
            status,
            rev: 0,
            moves: 0,
            undos: 0,
            result: result_json(session.as_ref()),
            created_ms: now,
            updated_ms: now,
        };
        self.store.create_match(&row, &seats).await?;
        let (changed, _) = broadcast::channel(16);
        let has_ai = seats.iter().any(|s| s.kind == SeatKind::Ai);
        let live = self.insert(Arc::new(LiveMatch {
            id,
            game,
            scenario: row.scenario.clone(),
            hotseat: row.hotseat,
            ai_delay_ms: row.ai_delay_ms,
            created_ms: now,
            config: row.config,
            rules_version: row.rules_version,
            seed,
            st: RwLock::new(MatchState {
                session,
                rev: 0,
                undos: 0,
                seats,
                move_seats: Vec::new(),
                status,
                updated_ms: now,
                poisoned: false,
                expired: false,
            }),
            changed,
            has_ai,
            ai_busy: AtomicBool::new(false),
        }));
        self.kick_ai(&live);
        Ok(Created { live, tokens })
    }

    /// The seats `token` controls in `m` (`None`: a spectator).
    ///
    /// # Errors
    /// [`ServerError::Forbidden`] if the token holds no seat in this match.
    pub async fn authenticate(
        &self,
        m: &LiveMatch,
        token: Option<&str>,
    ) -> Result<Who, ServerError> {
        let Some(token) = token.map(str::trim).filter(|t| !t.is_empty()) else {
            return Ok(Who::spectator());
        };
        let hash = token::hash_token(token);
        let find = |st: &MatchState| -> Vec<Seat> {
            st.seats
                .iter()
                .filter(|s| s.token_hash.as_deref() == Some(hash.as_str()))
                .filter_map(|s| Seat::try_from(s.seat).ok())
                .collect()
        };
        let seats = find(&*m.st.read().await);
        if !seats.is_empty() {
            return Ok(Who { seats });
        }
        // The seat may have been claimed through another process since we cached the seats.
        if matches!(self.store, Store::Postgres(_)) {
            let mut st = m.st.write().await;
            self.refresh(m, &mut st).await?;
            let seats = find(&st);
            if !seats.is_empty() {
                return Ok(Who { seats });
            }
        }
        Err(ServerError::Forbidden(format!(
            "this token holds no seat in match {}",
            m.id
        )))
    }

    /// Applies `action` for one of `who`'s seats, made against `version`, and stores it before
    /// anyone hears of it.
    ///
    /// # Errors
    /// Stale version, not the caller's seat or turn, malformed or illegal action, store failure.
    /// On error the match is unchanged.
    pub async fn act(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        who: &Who,
        seat: Option<Seat>,
        version: u64,
        action: &Value,
    ) -> Result<u64, ServerError> {
        let (hub, m, who, action) = (self.clone(), m.clone(), who.clone(), action.clone());
        finish(async move { hub.act_now(&m, &who, seat, version, &action).await }).await
    }

    async fn act_now(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        who: &Who,
        seat: Option<Seat>,
        version: u64,
        action: &Value,
    ) -> Result<u64, ServerError> {
        if who.is_spectator() {
            return Err(ServerError::Unauthorized);
        }
        let mut st = m.st.write().await;
        self.heal(m, &mut st).await?;
        if version > st.rev {
            // Another process may be ahead of our cache.
            self.refresh(m, &mut st).await?;
        }
        st.check_live(&m.id)?;
        if version != st.rev {
            return Err(ServerError::Stale {
                got: version,
                current: st.rev,
            });
        }
        let seat = pick_seat(&st, who, seat)?;
        let canonical = st
            .session
            .legal(seat)
            .into_iter()
            .find(|l| l.action == *action)
            .map(|l| l.action);
        st.session.apply(seat, action).map_err(|e| match e {
            gridwright_catalog::ApplyError::Malformed(m) => ServerError::MalformedAction(m),
            gridwright_catalog::ApplyError::Rejected(r) => ServerError::Illegal(r),
        })?;
        let n = st.session.version() as u64 - 1;
        let canonical = match canonical {
            Some(c) => c,
            None => st
                .session
                .replay()
                .moves
                .pop()
                .map(|m| m.action)
                .unwrap_or_else(|| action.clone()),
        };
        let seat_u8 =
            u8::try_from(seat.index()).map_err(|_| ServerError::Internal("seat".into()))?;
        let mv = MoveRow {
            n,
            seat: seat_u8,
            action: canonical,
        };
        let progress = st.progress(self.opts.matches.ai_lease_ms);
        let committed = self.store.commit_move(&m.id, st.rev, &mv, &progress).await;
        if !matches!(committed, Ok(Commit::Done)) {
            // Not stored: take the move back in memory (undoing `seat`'s last move replays the
            // prefix, so this is exact), then catch up with the store if another writer won.
            if !matches!(st.session.undo(seat), Ok(true)) {
                st.poisoned = true;
            }
            self.rebuild_from_store(m, &mut st).await;
        }
        match committed {
            Ok(Commit::Done) => {
                st.rev += 1;
                st.move_seats.push(seat_u8);
                st.status = progress.status;
                st.updated_ms = now_ms();
            }
            Ok(Commit::Conflict) => {
                return Err(ServerError::Stale {
                    got: version,
                    current: st.rev,
                });
            }
            Err(e) => return Err(e.into()),
        }
        let rev = st.rev;
        drop(st);
        let _ = m.changed.send(());
        self.kick_ai(m);
        Ok(rev)
    }

    /// Takes back the last move of `who`'s seats (and every move after it), if no other person
    /// plays in this match.
    ///
    /// # Errors
    /// Spectator, another human in the match, nothing to undo, stale version, store failure.
    pub async fn undo(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        who: &Who,
        version: Option<u64>,
    ) -> Result<u64, ServerError> {
        let (hub, m, who) = (self.clone(), m.clone(), who.clone());
        finish(async move { hub.undo_now(&m, &who, version).await }).await
    }

    async fn undo_now(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        who: &Who,
        version: Option<u64>,
    ) -> Result<u64, ServerError> {
        if who.is_spectator() {
            return Err(ServerError::Unauthorized);
        }
        let mut st = m.st.write().await;
        self.heal(m, &mut st).await?;
        st.check_live(&m.id)?;
        if let Some(v) = version {
            if v > st.rev {
                self.refresh(m, &mut st).await?;
            }
            if v != st.rev {
                return Err(ServerError::Stale {
                    got: v,
                    current: st.rev,
                });
            }
        }
        let others = st.seats.iter().any(|s| {
            s.kind != SeatKind::Ai
                && !Seat::try_from(s.seat).is_ok_and(|seat| who.seats.contains(&seat))
        });
        if others {
            return Err(ServerError::UndoNotAllowed(
                "undo is only possible when no other person plays in this match (hotseat or \
                 against AI)"
                    .into(),
            ));
        }
        let Some(last) = st
            .move_seats
            .iter()
            .rposition(|s| who.seats.iter().any(|w| w.index() == usize::from(*s)))
        else {
            return Err(ServerError::NothingToUndo);
        };
        let seat = Seat::try_from(st.move_seats[last])
            .map_err(|e| ServerError::Internal(e.to_string()))?;
        let before = st.rev;
        // Undo is rare: keep the session to put back if the store refuses.
        let backup = st.session.clone_box();
        match st.session.undo(seat) {
            Ok(true) if st.session.version() == last => {}
            Ok(false) => return Err(ServerError::NothingToUndo),
            Ok(true) => {
                st.session = backup;
                return Err(ServerError::Internal(
                    "undo went back to the wrong move".into(),
                ));
            }
            Err(e) => {
                st.session = backup;
                return Err(ServerError::Internal(e.to_string()));
            }
        }
        let progress = st.progress(self.opts.matches.ai_lease_ms);
        let committed = self.store.commit_undo(&m.id, before, &progress).await;
        if !matches!(committed, Ok(Commit::Done)) {
            st.session = backup;
            self.rebuild_from_store(m, &mut st).await;
        }
        match committed {
            Ok(Commit::Done) => {
                st.rev += 1;
                st.undos += 1;
                st.move_seats.truncate(last);
                st.status = progress.status;
                st.updated_ms = now_ms();
            }
            Ok(Commit::Conflict) => {
                return Err(ServerError::Stale {
                    got: before,
                    current: st.rev,
                });
            }
            Err(e) => return Err(e.into()),
        }
        let rev = st.rev;
        drop(st);
        let _ = m.changed.send(());
        self.kick_ai(m);
        Ok(rev)
    }

    /// Claims an open seat (`seat`, or the first free one) and returns it with its new token.
    ///
    /// # Errors
    /// No free seat (or not that one), store failure.
    pub async fn join(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        seat: Option<u8>,
    ) -> Result<(u8, String), ServerError> {
        let (hub, m) = (self.clone(), m.clone());
        finish(async move { hub.join_now(&m, seat).await }).await
    }

    async fn join_now(
        &self,
        m: &Arc<LiveMatch>,
        seat: Option<u8>,
    ) -> Result<(u8, String), ServerError> {
        let free: Vec<u8> = {
            let st = m.st.read().await;
            st.check_live(&m.id)?;
            st.seats
                .iter()
                .filter(|s| s.is_free())
                .map(|s| s.seat)
                .collect()
        };
        let seat = match seat {
            Some(s) if free.contains(&s) => s,
            Some(s) => {
                return Err(ServerError::NoOpenSeat(format!(
                    "seat {} of match {} is not open",
                    u16::from(s) + 1,
                    m.id
                )));
            }
            None => *free.first().ok_or_else(|| {
                ServerError::NoOpenSeat(format!("match {} has no open seat", m.id))
            })?,
        };
        let t = token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?;
        let hash = token::hash_token(&t);
        let claimed = self.store.claim_seat(&m.id, seat, &hash).await?;
        {
            let mut st = m.st.write().await;
            if claimed {
                // Stored: record it here too (no reload needed, so the token works at once).
                if let Some(row) = st.seats.iter_mut().find(|s| s.seat == seat) {
                    row.token_hash = Some(hash);
                }
                st.status = st.status_now();
            } else {
                // Someone else (maybe through another process) took it: learn who.
                self.refresh(m, &mut st).await?;
            }
        }
        let _ = m.changed.send(());
        if claimed {
            Ok((seat, t))
        } else {
            Err(ServerError::NoOpenSeat(format!(
                "seat {} of match {} was taken just now",
                u16::from(seat) + 1,
                m.id
            )))
        }
    }

    /// Brings `st` up to date with the store: seats and status always, then new moves
    /// (incrementally when the line only grew, else by a full rebuild).
    async fn refresh(&self, m: &LiveMatch, st: &mut MatchState) -> Result<(), ServerError> {
        let (row, seats) = self
            .store
            .get_match(&m.id)
            .await?
            .ok_or_else(|| ServerError::UnknownMatch(m.id.clone()))?;
        st.seats = seats;
        st.expired = row.status == Status::Expired;
        if row.rev == st.rev {
            st.status = st.status_now();
            return Ok(());
        }
        let have = st.session.version() as u64;
        if row.undos == st.undos && row.moves >= have {
            let new = self.store.moves(&m.id, have).await?;
            // Applied to a copy, so that an error (or the caller going away) leaves `st` whole.
            let mut next = st.session.clone_box();
            let mut seats = st.move_seats.clone();
            let mut ok = new.len() as u64 >= row.moves - have;
            for mv in new.iter().take((row.moves - have) as usize) {
                if !ok {
                    break;
                }
                ok = Seat::try_from(mv.seat).is_ok_and(|s| next.apply(s, &mv.action).is_ok());
                seats.push(mv.seat);
            }
            if ok {
                st.session = next;
                st.move_seats = seats;
                st.rev = row.rev;
                st.status = st.status_now();
                st.updated_ms = row.updated_ms;
                return Ok(());
            }
        }
        let fresh = self.load(&m.id).await?;
        *st = fresh.st.into_inner();
        Ok(())
    }

    /// After a failed or lost commit: take the store's state. If the store cannot be read
    /// either, the cached state stays as it was before the change (or, if even that could not
    /// be restored, is marked poisoned and reloaded before its next change).
    async fn rebuild_from_store(&self, m: &LiveMatch, st: &mut MatchState) {
        match self.load(&m.id).await {
            Ok(fresh) => *st = fresh.st.into_inner(),
            Err(e) => eprintln!(
                "gridwright-server: match {} could not be reloaded: {e}; retrying on next use",
                m.id
            ),
        }
    }

    /// Reloads a poisoned state before a change.
    async fn heal(&self, m: &LiveMatch, st: &mut MatchState) -> Result<(), ServerError> {
        if st.poisoned {
            let fresh = self.load(&m.id).await?;
            *st = fresh.st.into_inner();
        }
        Ok(())
    }

    /// Reacts to another process's change (PostgreSQL): refresh the cached match, if any, and
    /// wake its connections.
    pub(crate) async fn on_notice(&self, notice: Notice) {
        let targets: Vec<(Arc<LiveMatch>, Option<u64>)> = match notice {
            Notice::Changed { id, rev } => self
                .cached(&id)
                .into_iter()
                .map(|m| (m, Some(rev)))
                .collect(),
            Notice::Resync => match self.matches.lock() {
                Ok(map) => map.values().map(|m| (m.clone(), None)).collect(),
                Err(_) => Vec::new(),
            },
        };
        for (m, rev) in targets {
            let mut st = m.st.write().await;
            if rev.is_some_and(|r| r < st.rev) {
                continue;
            }
            if let Err(e) = self.refresh(&m, &mut st).await {
                eprintln!("gridwright-server: refreshing match {}: {e}", m.id);
                continue;
            }
            drop(st);
            let _ = m.changed.send(());
        }
    }

    /// Replays the first `n` moves of a match (for stepping through a finished game).
    pub(crate) async fn prefix(
        &self,
        m: &LiveMatch,
        n: usize,
    ) -> Result<Box<dyn AnySession>, ServerError> {
        let moves = self.store.moves(&m.id, 0).await?;
        let moves: Vec<ReplayMove> = moves
            .iter()
            .take(n)
            .filter_map(|mv| {
                Some(ReplayMove {
                    seat: Seat::try_from(mv.seat).ok()?,
                    action: mv.action.clone(),
                })
            })
            .collect();
        m.game
            .rebuild(&m.config, m.seed, &m.rules_version, &moves)
            .map_err(|e| ServerError::Broken {
                id: m.id.clone(),
                reason: e.to_string(),
            })
    }

    /// Starts the AI driver of `m` if it is not running.
    pub(crate) fn kick_ai(self: &Arc<Self>, m: &Arc<LiveMatch>) {
        if !m.has_ai || m.ai_busy.swap(true, Ordering::SeqCst) {
            return;
        }
        let hub = self.clone();
        let m = m.clone();
        tokio::spawn(async move {
            loop {
                let gave_up = !hub.run_ai(&m).await;
                m.ai_busy.store(false, Ordering::SeqCst);
                // A change may have landed after the driver's last look. (After a failure, wait
                // for the next change instead of failing in a loop.)
                if gave_up
                    || hub.ai_job(&m).await.is_none()
                    || m.ai_busy.swap(true, Ordering::SeqCst)
                {
                    break;
                }
            }
        });
    }

    /// The AI seat that must move now, with a snapshot to think on.
    async fn ai_job(&self, m: &LiveMatch) -> Option<(Box<dyn AnySession>, Seat, AgentSpec, u64)> {
        if *self.shutdown.borrow() {
            return None;
        }
        let st = m.st.read().await;
        if matches!(st.status, Status::Finished | Status::Expired) {
            return None;
        }
        for seat in st.session.turn().seats {
            let Some(row) = st.seat(seat) else { continue };
            if row.kind != SeatKind::Ai {
                continue;
            }
            let spec = row.agent.as_deref().unwrap_or("random").parse().ok()?;
            return Some((st.session.clone_box(), seat, spec, st.rev));
        }
        None
    }

    /// Moves for AI seats while they are to act. False if it gave up (agent failure).
    async fn run_ai(self: &Arc<Self>, m: &Arc<LiveMatch>) -> bool {
        let mut stale = 0;
        let lease_ms = self.opts.matches.ai_lease_ms;
        while let Some((snapshot, seat, spec, rev)) = self.ai_job(m).await {
            // Only the holder of the match's AI lease drives it (with PostgreSQL another live
            // process may); a lapsed lease is taken over.
            match self.store.lease_ai(&m.id, lease_deadline(lease_ms)).await {
                Ok(true) => {}
                Ok(false) => return false,
                Err(e) => {
                    eprintln!("gridwright-server: match {}: AI lease: {e}", m.id);
                    return false;
                }
            }
            let delay = Duration::from_millis(m.ai_delay_ms.unwrap_or(self.settings.ai_delay_ms));
            let started = Instant::now();
            let spec_text = spec.to_string();
            let slots = self.ai_slots.clone();
            let work = async move {
                let permit = slots.acquire_owned().await.ok()?;
                let chosen = tokio::task::spawn_blocking(move || {
                    let _permit = permit;
                    snapshot.agent_move(&spec, seat, rev, Some(CLOCK_CAP))
                })
                .await;
                tokio::time::sleep(delay.saturating_sub(started.elapsed())).await;
                Some(chosen)
            };
            // Renew the lease while thinking and waiting, so that nobody takes over a match
            // that is being driven.
            tokio::pin!(work);
            let mut renew = tokio::time::interval(Duration::from_millis((lease_ms / 3).max(10)));
            renew.tick().await;
            let chosen = loop {
                tokio::select! {
                    c = &mut work => break c,
                    _ = renew.tick() => {
                        let _ = self.store.lease_ai(&m.id, lease_deadline(lease_ms)).await;
                    }
                }
            };
            let Some(chosen) = chosen else {
                return false;
            };
            let action = match chosen {
                Ok(Ok(a)) => a,
                Ok(Err(e)) => {
                    eprintln!(
                        "gridwright-server: match {}: agent `{spec_text}` for {seat} failed: {e}",
                        m.id
                    );
                    return false;
                }
                Err(e) => {
                    eprintln!(
                        "gridwright-server: match {}: agent `{spec_text}` for {seat} crashed: {e}",
                        m.id
                    );
                    return false;
                }
            };
            let ai = Who { seats: vec![seat] };
            match self.act(m, &ai, Some(seat), rev, &action).await {
                Ok(_) => stale = 0,
                Err(ServerError::Stale { .. }) if stale < 10 => stale += 1,
                Err(e) => {
                    eprintln!(
                        "gridwright-server: match {}: move of `{spec_text}` for {seat} refused: {e}",
                        m.id
                    );
                    return false;
                }
            }
        }
        true
    }
}

/// The end of an AI lease taken now.
fn lease_deadline(lease_ms: u64) -> i64 {
    now_ms().saturating_add(i64::try_from(lease_ms).unwrap_or(i64::MAX))
}

/// Runs a state change to its end even if the caller goes away (a client disconnecting drops
/// its request's future): a change half done — applied in memory, its commit not yet awaited —
/// would leave the cache out of step with the store.
async fn finish<T: Send + 'static>(
    change: impl Future<Output = Result<T, ServerError>> + Send + 'static,
) -> Result<T, ServerError> {
    tokio::spawn(change)
        .await
        .map_err(|e| ServerError::Internal(format!("state change failed: {e}")))?
}

/// Rebuilds a session from a stored row and its line of play.
fn rebuild(
    game: &dyn GameProvider,
    row: &MatchRow,
    line: &[MoveRow],
) -> Result<Box<dyn AnySession>, ServerError> {
    let moves: Vec<ReplayMove> = line
        .iter()
        .map(|m| {
            Ok(ReplayMove {
                seat: Seat::try_from(m.seat).map_err(|e| ServerError::Broken {
                    id: row.id.clone(),
                    reason: e.to_string(),
                })?,
                action: m.action.clone(),
            })
        })
        .collect::<Result<_, ServerError>>()?;
    game.rebuild(&row.config, row.seed, &row.rules_version, &moves)
        .map_err(|e| ServerError::Broken {
            id: row.id.clone(),
            reason: e.to_string(),
        })
}

/// Which of `who`'s seats acts: the one named, else the only one whose turn it is.
/// Wall-clock cap of a search that names no `ms` budget itself, in milliseconds: an AI seat's
/// move or a hint stays under a second however busy the machine is (the iteration budget
/// decides on a machine with time to spare, so moves stay reproducible there).
pub(crate) const CLOCK_CAP: Duration = Duration::from_millis(900);

/// The most an AI seat may think per move on this server: a spec is data from the network,
/// and one match must not be able to take the server's cores for minutes a move.
pub(crate) const MAX_THINK_MS: u64 = 5_000;
/// The most iterations per move (about five seconds of the slowest game's search).
pub(crate) const MAX_THINK_ITERS: u64 = 200_000;
/// The most search threads per AI move.
pub(crate) const MAX_THINK_THREADS: u64 = 2;
/// The most search-tree nodes per thread (the agents' default): each node costs memory, and
/// `nodes=100000000` would ask for gigabytes a move.
pub(crate) const MAX_THINK_NODES: u64 = 200_000;

/// Refuses search budgets beyond the server's limits (see [`MAX_THINK_MS`]).
fn check_think_budget(spec: &AgentSpec) -> Result<(), String> {
    let num = |k: &str| spec.param(k).and_then(|v| v.parse::<u64>().ok());
    if let Some(ms) = num("ms")
        && ms > MAX_THINK_MS
    {
        return Err(format!(
            "`ms={ms}` is over this server's limit of {MAX_THINK_MS} ms a move"
        ));
    }
    if let Some(n) = num("iters")
        && n > MAX_THINK_ITERS
    {
        return Err(format!(
            "`iters={n}` is over this server's limit of {MAX_THINK_ITERS} iterations a move"
        ));
    }
    if let Some(t) = num("threads")
        && t > MAX_THINK_THREADS
    {
        return Err(format!(
            "`threads={t}` is over this server's limit of {MAX_THINK_THREADS} threads a move"
        ));
    }
    if let Some(n) = num("nodes")
        && n > MAX_THINK_NODES
    {
        return Err(format!(
            "`nodes={n}` is over this server's limit of {MAX_THINK_NODES} tree nodes per thread"
        ));
    }
    Ok(())
}

pub(crate) fn pick_seat(
    st: &MatchState,
    who: &Who,
    asked: Option<Seat>,
) -> Result<Seat, ServerError> {
    if let Some(s) = asked {
        return if who.seats.contains(&s) {
            Ok(s)
        } else {
            Err(ServerError::Forbidden(format!(
                "this token does not hold seat {s}"
            )))
        };
    }
    let turn = st.session.turn();
    let mine: Vec<Seat> = who
        .seats
        .iter()
        .copied()
        .filter(|s| turn.seats.contains(s))
        .collect();
    match (mine.as_slice(), who.seats.as_slice()) {
        ([one], _) => Ok(*one),
        ([], [only]) => Ok(*only), // the engine says why it may not act
        ([], _) => Err(ServerError::Illegal(format!(
            "none of your seats may act now (to act: {})",
            turn.seats
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ))),
        _ => Err(ServerError::BadRequest(
            "several of your seats may act now: say which with `seat`".into(),
        )),
    }
}
