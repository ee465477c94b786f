//! Live matches: the in-memory cache of sessions, the one code path every state change takes,
//! the AI driver, and the reaction to other processes' changes.
//!
//! # The one write path
//! Every change to a match — a move (from HTTP, WebSocket or an AI seat), an undo, a claimed
//! seat — goes through [`Hub::commit`] (`commit.rs`; [`Hub::act`], [`Hub::undo`] and
//! [`Hub::join`] are its callers): take the match's write lock, check the quoted version, let the
//! engine validate and apply, then commit to the store while still holding the lock. Only after
//! the commit do clients hear of it (a broadcast wakes every connection of the match, each of
//! which builds its own viewer's message). If the commit fails or loses a race with another
//! process, the change is taken back and the cached session is rebuilt from the store, so memory
//! never runs ahead of the database. (Creating a match stores a new one, in `create.rs`.)
//!
//! # Why AI moves run on a snapshot
//! Agents may think for seconds. The driver (`ai.rs`) clones the session, runs the agent on
//! Tokio's blocking pool (bounded by a semaphore), and submits the move through [`Hub::act`]
//! quoting the version it thought about; if a human undid or another process moved meanwhile,
//! the move is refused as stale and the agent thinks again.
//!
//! # Modules
//! * this file — [`Hub`], [`LiveMatch`] and its [`MatchState`], who a token is ([`Who`]),
//!   housekeeping;
//! * `cache` — loading matches on demand, catching up with the store, eviction;
//! * `commit` — the one write path;
//! * `create` — a new match;
//! * `ai` — the AI driver, its lease and the think budgets;
//! * `abort` — ending a match early, by its creator or the operator;
//! * `resign` — a seated player giving up;
//! * `ending` — what `abort` and `resign` share;
//! * `requests` — the create request and its reply.

mod abort;
mod ai;
pub(crate) use ai::{check_operator_budget, check_think_budget};
mod cache;
mod commit;
mod create;
mod ending;
mod fair;
mod rematch;
mod requests;
mod resign;

pub(crate) use ai::{CLOCK_CAP, Thinking};
pub(crate) use commit::pick_seat;
pub use requests::{CreateMatch, Created, SeatSpec};

use crate::ServeOptions;
use crate::error::ServerError;
use crate::games::{GameProvider, Games};
use crate::limits::AddressLimiter;
use crate::store::{
    AbortedBy, ExpiryCutoffs, MatchRow, Progress, SeatKind, SeatRow, Status, Store, now_ms,
};
use crate::token;
use ai::lease_deadline;
use gridwright_catalog::AnySession;
use gridwright_engine::Seat;
use serde_json::Value;
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicUsize};
use std::sync::{Arc, Mutex};
use tokio::sync::{RwLock, broadcast, watch};

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
    /// Every seat is played by the server: nobody plays it, so nobody watching it is a reason
    /// to expire it (`MatchLimits::expire_unwatched_ai_ms`).
    all_ai: bool,
    ai_busy: AtomicBool,
    /// Who the match's AI work is counted for when the AI threads are shared out: the address
    /// that created it, else (a match from before creators were stored) the match itself.
    pub(crate) creator: String,
    /// When someone last watched it (a WebSocket open), Unix ms.
    watched_ms: AtomicI64,
    /// SHA-256 of the creator token, which lets the creator abort the match (`abort.rs`).
    creator_token_hash: Option<String>,
    /// Set once the match is aborted or expired: the AI driver stops waiting for a thread or
    /// thinking, and gives its thread back at once.
    stop_ai: watch::Sender<bool>,
    /// The hint searches running for this match: each stops when the position changes (a move,
    /// an undo, a resignation) or when a player asks (`POST …/hint/stop`).
    hints: Mutex<HintSearches>,
}

/// The hint searches of one match that have neither ended nor been stopped, by number.
#[derive(Default)]
struct HintSearches {
    next: u64,
    running: Vec<(u64, gridwright_agents::Stop)>,
}

/// One hint search's place in [`LiveMatch`]'s list. It leaves the list when it is dropped, so a
/// request that is cancelled (its client gone) leaves nothing behind; [`HintSearch::done`] says
/// whether it was stopped first.
pub(crate) struct HintSearch<'a> {
    id: u64,
    pub(crate) stop: gridwright_agents::Stop,
    list: &'a Mutex<HintSearches>,
}

impl HintSearch<'_> {
    /// The search has ended: it leaves the list. Returns whether it was stopped first, in which
    /// case its answer is `hint_stopped`, as [`LiveMatch::stop_hints`] counted it. Both take the
    /// same lock, so a search is either counted as stopped or answered, never both.
    pub(crate) fn done(self) -> bool {
        self.leave();
        self.stop.is_stopped()
    }

    fn leave(&self) {
        if let Ok(mut h) = self.list.lock() {
            h.running.retain(|(id, _)| *id != self.id);
        }
    }
}

impl Drop for HintSearch<'_> {
    fn drop(&mut self) {
        self.leave();
    }
}

impl LiveMatch {
    /// A stop for a new hint search, in the list until the search ends ([`HintSearch::done`])
    /// or is stopped.
    pub(crate) fn hint_stop(&self) -> HintSearch<'_> {
        let stop = gridwright_agents::Stop::new();
        let mut id = u64::MAX;
        if let Ok(mut h) = self.hints.lock() {
            id = h.next;
            h.next += 1;
            h.running.push((id, stop.clone()));
        }
        HintSearch {
            id,
            stop,
            list: &self.hints,
        }
    }

    /// Stops every hint search running for this match; returns how many were running.
    pub(crate) fn stop_hints(&self) -> usize {
        let Ok(mut h) = self.hints.lock() else {
            return 0;
        };
        let n = h.running.len();
        for (_, s) in h.running.drain(..) {
            s.stop();
        }
        n
    }
}

impl std::fmt::Debug for LiveMatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LiveMatch")
            .field("id", &self.id)
            .field("game", &self.game.info().short_name)
            .finish_non_exhaustive()
    }
}

impl LiveMatch {
    /// A live match from its stored row, its game and seats, the session rebuilt from its line
    /// of play, and the seat of each move in that line.
    fn new(
        game: Arc<dyn GameProvider>,
        row: &MatchRow,
        session: Box<dyn AnySession>,
        seats: Vec<SeatRow>,
        move_seats: Vec<u8>,
    ) -> LiveMatch {
        let expired = row.status == Status::Expired;
        let aborted = aborted_of(row);
        let mut st = MatchState {
            session,
            rev: row.rev,
            undos: row.undos,
            seats,
            move_seats,
            status: Status::Open,
            updated_ms: row.updated_ms,
            poisoned: false,
            expired,
            aborted,
            resigned: resigned_of(row),
        };
        st.status = st.status_now();
        let seats = &st.seats;
        let has_ai = seats.iter().any(|s| s.kind == SeatKind::Ai);
        let all_ai = !seats.is_empty() && seats.iter().all(|s| s.kind == SeatKind::Ai);
        let creator = row
            .creator
            .clone()
            .unwrap_or_else(|| format!("match {}", row.id));
        let (changed, _) = broadcast::channel(16);
        LiveMatch {
            id: row.id.clone(),
            game,
            scenario: row.scenario.clone(),
            hotseat: row.hotseat,
            ai_delay_ms: row.ai_delay_ms,
            created_ms: row.created_ms,
            config: row.config.clone(),
            rules_version: row.rules_version.clone(),
            seed: row.seed,
            creator_token_hash: row.creator_token_hash.clone(),
            stop_ai: watch::Sender::new(expired || aborted.is_some() || resigned_of(row).is_some()),
            st: RwLock::new(st),
            changed,
            has_ai,
            all_ai,
            ai_busy: AtomicBool::new(false),
            hints: Mutex::default(),
            creator,
            watched_ms: AtomicI64::new(now_ms()),
        }
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
    /// Who aborted the match, if someone did: nothing more may change.
    pub(crate) aborted: Option<AbortedBy>,
    /// The seat that resigned, if one did: the match is finished.
    pub(crate) resigned: Option<Seat>,
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
        } else if self.aborted.is_some() {
            Status::Aborted
        } else if self.resigned.is_some() {
            Status::Finished
        } else {
            status_of(self.session.as_ref(), &self.seats)
        }
    }

    /// Refuses any change to an expired, aborted or resigned match.
    fn check_live(&self, id: &str) -> Result<(), ServerError> {
        if self.expired {
            Err(ServerError::Expired(id.to_owned()))
        } else if let Some(by) = self.aborted {
            Err(ServerError::Aborted {
                id: id.to_owned(),
                by,
            })
        } else if self.resigned.is_some() {
            Err(ServerError::AlreadyOver(id.to_owned()))
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
            result: result_json(self.session.as_ref(), self.resigned),
            ai_until: ai_due.then(|| lease_deadline(lease_ms)),
        }
    }
}

/// Who aborted the stored match, if it is aborted (a row that does not say: the operator).
fn aborted_of(row: &MatchRow) -> Option<AbortedBy> {
    (row.status == Status::Aborted).then(|| row.aborted_by.unwrap_or(AbortedBy::Operator))
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

/// `{returns, scores, winners, text, reason, resigned}` once the game is over (or a seat
/// resigned).
pub(crate) fn result_json(session: &dyn AnySession, resigned: Option<Seat>) -> Option<Value> {
    game_result(session, resigned).and_then(|r| serde_json::to_value(r).ok())
}

/// How the game came out, once it is over or `resigned` gave up. A resignation ranks the seat
/// that resigned last and the others first together: with two seats, the other one wins.
pub(crate) fn game_result(
    session: &dyn AnySession,
    resigned: Option<Seat>,
) -> Option<crate::wire::GameResult> {
    let (returns, reason) = match resigned {
        Some(r) => {
            let n = session.num_seats();
            let share = if n > 1 { 1.0 / (n - 1) as f64 } else { 0.0 };
            let returns = (0..n)
                .map(|i| if i == r.index() { -1.0 } else { share })
                .collect();
            (returns, Some(format!("{r} resigned")))
        }
        None => (session.returns()?, session.end_reason()),
    };
    let max = returns.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let min = returns.iter().copied().fold(f64::INFINITY, f64::min);
    let winners: Vec<usize> = if max > min {
        (0..returns.len()).filter(|i| returns[*i] == max).collect()
    } else {
        Vec::new()
    };
    let names: Vec<String> = winners
        .iter()
        .filter_map(|i| u8::try_from(*i).ok().and_then(|i| Seat::try_from(i).ok()))
        .map(|s| s.to_string())
        .collect();
    let text = match names.as_slice() {
        [] => "A draw".to_owned(),
        [one] => format!("{one} won"),
        [init @ .., last] => format!("{} and {last} won", init.join(", ")),
    };
    Some(crate::wire::GameResult {
        returns,
        scores: session.scores(),
        winners,
        text,
        reason,
        resigned,
    })
}

/// The seat that resigned a stored match, as its result records it.
fn resigned_of(row: &MatchRow) -> Option<Seat> {
    if row.status != Status::Finished {
        return None;
    }
    let seat = row.result.as_ref()?.get("resigned")?.as_u64()?;
    Seat::try_from(u8::try_from(seat).ok()?).ok()
}

/// Answers to expensive reads of finished matches (a replay step, a hint), which never change
/// once the match is over: computed once (on the shared AI threads), then served from here. Bounded:
/// when full it starts afresh.
#[derive(Debug, Default)]
pub(crate) struct ReadCache {
    map: Mutex<HashMap<String, Arc<Value>>>,
}

/// Entries the [`ReadCache`] holds before it starts afresh.
const READ_CACHE_ENTRIES: usize = 2048;

impl ReadCache {
    /// The cached answer for `key`.
    pub(crate) fn get(&self, key: &str) -> Option<Arc<Value>> {
        self.map.lock().ok()?.get(key).cloned()
    }

    /// Keeps `value` as the answer for `key`.
    pub(crate) fn put(&self, key: String, value: Value) -> Arc<Value> {
        let value = Arc::new(value);
        if let Ok(mut map) = self.map.lock() {
            if map.len() >= READ_CACHE_ENTRIES {
                map.clear();
            }
            map.insert(key, Arc::clone(&value));
        }
        value
    }

    fn len(&self) -> usize {
        self.map.lock().map_or(0, |m| m.len())
    }
}

/// `state` answers already built, by match, version, viewer and caller (see
/// [`Hub::state_key`]): a client that polls, or many spectators of one big match, get the same
/// bytes without the observation and log being built again. Any change to the match gives it a
/// new key, so nothing stale is served. Bounded by size: when full it starts afresh.
#[derive(Debug, Default)]
pub(crate) struct StateCache {
    map: Mutex<(HashMap<String, axum::body::Bytes>, usize)>,
}

/// Bytes of `state` answers the [`StateCache`] holds before it starts afresh.
const STATE_CACHE_BYTES: usize = 32 << 20;

impl StateCache {
    /// The cached answer for `key`.
    pub(crate) fn get(&self, key: &str) -> Option<axum::body::Bytes> {
        self.map.lock().ok()?.0.get(key).cloned()
    }

    /// Keeps `body` as the answer for `key` (unless it alone is larger than the cache).
    pub(crate) fn put(&self, key: String, body: axum::body::Bytes) {
        if body.len() > STATE_CACHE_BYTES / 4 {
            return;
        }
        if let Ok(mut g) = self.map.lock() {
            let (map, bytes) = &mut *g;
            if *bytes + body.len() > STATE_CACHE_BYTES {
                map.clear();
                *bytes = 0;
            }
            *bytes += body.len();
            if let Some(old) = map.insert(key, body) {
                *bytes = bytes.saturating_sub(old.len());
            }
        }
    }

    fn len(&self) -> usize {
        self.map.lock().map_or(0, |g| g.0.len())
    }
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
    limiter: AddressLimiter,
    /// API requests per client address (`middleware::rate_limit`).
    pub(crate) http_limiter: AddressLimiter,
    /// Replay steps and hints of finished matches, computed once.
    pub(crate) reads: ReadCache,
    /// `state` answers, built once per match version, viewer and caller.
    pub(crate) states: StateCache,
    /// The threads that build `state` answers over HTTP, shared fairly between client
    /// addresses like the AI threads (`fair.rs`) but apart from them, so that reading a match
    /// never waits behind a search.
    read_slots: Arc<fair::FairSlots>,
    /// The AI threads, shared fairly between clients (`fair.rs`): AI moves and hints.
    ai_slots: Arc<fair::FairSlots>,
    /// Threads running agent code now (AI moves and hints), whoever holds their slots.
    pub(crate) thinking: Arc<AtomicUsize>,
    /// SHA-256 of the operator's credential, if one was configured (`abort.rs`).
    operator_hash: Option<String>,
    /// The Lab runs this process plays (`lab.rs`).
    pub(crate) lab: crate::lab::LabRuns,
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
            reads: ReadCache::default(),
            states: StateCache::default(),
            read_slots: fair::FairSlots::new(
                opts.limits.ai_threads,
                opts.limits.ai_threads_per_client,
            ),
            ai_slots: fair::FairSlots::new(
                opts.limits.ai_threads,
                opts.limits.ai_threads_per_client,
            ),
            thinking: Arc::new(AtomicUsize::new(0)),
            operator_hash: opts.operator_token.as_ref().map(crate::token::Secret::hash),
            lab: crate::lab::LabRuns::new(opts.limits.ai_threads),
            limiter: AddressLimiter::creation(&opts.matches),
            http_limiter: AddressLimiter::new(
                opts.limits.http_burst,
                f64::from(opts.limits.http_rate_per_sec),
            ),
            opts,
            matches: Mutex::new(HashMap::new()),
            shutdown,
        }
    }

    /// One round of housekeeping: expires abandoned matches, drops idle ones from memory and
    /// forgets refilled rate-limit buckets. Returns how many matches expired.
    pub async fn housekeeping(self: &Arc<Self>) -> usize {
        let l = self.opts.matches;
        let now = now_ms();
        let before = |ms: u64| now.saturating_sub(i64::try_from(ms).unwrap_or(i64::MAX));
        let expired = match self
            .store
            .expire(
                ExpiryCutoffs {
                    open_before: before(l.expire_open_ms),
                    running_before: before(l.expire_running_ms),
                    unplayed_before: before(l.expire_unplayed_ms),
                },
                1000,
            )
            .await
        {
            Ok(ids) => ids,
            Err(e) => {
                log!("gridwright-server: expiring idle matches: {e}");
                Vec::new()
            }
        };
        for id in &expired {
            if let Some(m) = self.cached(id) {
                self.catch_up(&m, None).await;
            }
        }
        self.sweep(i64::try_from(l.evict_idle_ms).unwrap_or(i64::MAX));
        self.limiter.prune();
        self.http_limiter.prune();
        self.take_over_lapsed_ai().await;
        if matches!(self.store, Store::Postgres(_)) {
            self.lab_interrupt_stopped(false).await;
        }
        expired.len() + self.expire_unwatched_ai().await
    }

    /// How many answers of finished matches' replay steps and hints are cached (for tests and
    /// diagnostics).
    pub fn cached_reads(&self) -> usize {
        self.reads.len()
    }

    /// How many `state` answers are cached (for tests and diagnostics).
    pub fn cached_states(&self) -> usize {
        self.states.len()
    }

    /// Waits for one of the threads that build `state` answers, counted for `client` (see
    /// `fair.rs`); hold the slot while building.
    pub(crate) async fn read_slot(&self, client: &str) -> fair::Slot {
        self.read_slots.acquire(client).await
    }

    /// What a `state` answer depends on: the match, its version (every move, undo, expiry and
    /// abort changes it), its status and taken seats (a join changes them, not the version),
    /// the viewer, the seats the caller holds (their legal actions) and the first log entry.
    pub(crate) fn state_key(m: &LiveMatch, st: &MatchState, who: &Who, from: usize) -> String {
        let taken: String = st
            .seats
            .iter()
            .map(|s| if s.is_free() { '0' } else { '1' })
            .collect();
        let viewer = match crate::view::viewer_of(st, who) {
            gridwright_engine::Viewer::Seat(s) => s.index().to_string(),
            gridwright_engine::Viewer::Spectator => "spectator".into(),
        };
        let seats: Vec<String> = who.seats.iter().map(|s| s.index().to_string()).collect();
        format!(
            "{}/{}/{}/{taken}/{viewer}/{}/{from}",
            m.id,
            st.rev,
            st.status,
            seats.join(",")
        )
    }

    /// Waits for one of the AI threads, counted for `client` (see `fair.rs`); hold the slot
    /// while thinking.
    pub(crate) async fn think_slot(&self, client: &str) -> fair::Slot {
        self.ai_slots.acquire(client).await
    }

    /// Waits for one of the AI threads for a range of a Lab run's games: every Lab run is
    /// counted as one client ([`crate::lab::LAB_CLIENT`]), so Lab runs together hold at most
    /// one client's share while another's AI move waits.
    pub(crate) async fn lab_slot(&self) -> fair::Slot {
        self.ai_slots.acquire(crate::lab::LAB_CLIENT).await
    }

    /// The number of threads running agent code right now: AI moves and hints (`/api/health`
    /// says it as `ai_thinking`). A search given up (its match aborted or expired, the server
    /// shutting down) leaves it within one search iteration.
    pub fn ai_thinking(&self) -> usize {
        self.thinking.load(std::sync::atomic::Ordering::SeqCst)
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
}
