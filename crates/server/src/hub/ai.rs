//! The AI driver: which AI seat must move, thinking on a snapshot of the match (on the blocking
//! pool, bounded by a semaphore), the lease that says which process drives a match's AI seats,
//! and the think budgets a spec from the network may ask for.

use super::{Hub, LiveMatch, Who};
use crate::error::ServerError;
use crate::store::{Ending, SeatKind, Status, now_ms};
use gridwright_agents::{AgentSpec, Stop};
use gridwright_catalog::AnySession;
use gridwright_engine::Seat;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

impl Hub {
    /// Drives the AI seats of matches whose lease lapsed: the process that held it died (or
    /// restarted) between a move that put an AI seat on move and that seat's reply.
    pub(super) async fn take_over_lapsed_ai(self: &Arc<Self>) {
        let ids = match self.store.lapsed_ai_leases(100).await {
            Ok(ids) => ids,
            Err(e) => {
                log!("gridwright-server: looking for lapsed AI leases: {e}");
                return;
            }
        };
        for id in ids {
            let m = match self.cached(&id) {
                Some(m) => {
                    // Catch up first: the notice of the last change may have been missed.
                    if !self.catch_up(&m, None).await {
                        continue;
                    }
                    m
                }
                None => match self.get(&id).await {
                    Ok(m) => m,
                    Err(e) => {
                        log!("gridwright-server: loading match {id}: {e}");
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
    pub(super) async fn ai_job(
        &self,
        m: &LiveMatch,
    ) -> Option<(Box<dyn AnySession>, Seat, AgentSpec, u64)> {
        if *self.shutdown.borrow() {
            return None;
        }
        let st = m.st.read().await;
        if matches!(
            st.status,
            Status::Finished | Status::Expired | Status::Aborted
        ) {
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
    pub(super) async fn run_ai(self: &Arc<Self>, m: &Arc<LiveMatch>) -> bool {
        let mut stale = 0;
        let lease_ms = self.opts.matches.ai_lease_ms;
        while let Some((snapshot, seat, spec, rev)) = self.ai_job(m).await {
            // Only the holder of the match's AI lease drives it (with PostgreSQL another live
            // process may); a lapsed lease is taken over.
            match self.store.lease_ai(&m.id, lease_deadline(lease_ms)).await {
                Ok(true) => {}
                Ok(false) => return false,
                Err(e) => {
                    log!("gridwright-server: match {}: AI lease: {e}", m.id);
                    return false;
                }
            }
            let delay = Duration::from_millis(m.ai_delay_ms.unwrap_or(self.settings.ai_delay_ms));
            let started = Instant::now();
            let spec_text = spec.to_string();
            let slots = self.ai_slots.clone();
            let client = m.creator.clone();
            // The search stops as soon as this job is given up, however that happens: the
            // match aborted or expired, the server shutting down, or this future dropped.
            let stop = Stop::new();
            let _give_up = StopOnDrop(stop.clone());
            let thinking = self.thinking.clone();
            // The thread is held by the blocking task, for exactly as long as it thinks: the
            // fair scheduler never counts fewer threads than are searching. When the job is
            // given up the search sees `stop` within one iteration and the thread goes back
            // to the scheduler at once (a request still queued leaves the queue).
            let work = async move {
                let slot = slots.acquire(&client).await;
                let chosen = tokio::task::spawn_blocking(move || {
                    let _slot = slot;
                    let _thinking = Thinking::enter(&thinking);
                    snapshot.agent_move(gridwright_catalog::Think {
                        spec: &spec,
                        seat,
                        seed: rev,
                        clock_cap: Some(CLOCK_CAP),
                        stop: &stop,
                    })
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
            let mut ended = m.stop_ai.subscribe();
            let mut shutdown = self.shutdown.clone();
            let stopped = async move {
                tokio::select! {
                    _ = ended.wait_for(|stopped| *stopped) => {}
                    _ = shutdown.wait_for(|down| *down) => {}
                }
            };
            tokio::pin!(stopped);
            let chosen = loop {
                tokio::select! {
                    c = &mut work => break c,
                    () = &mut stopped => break None,
                    _ = renew.tick() => {
                        let _ = self.store.lease_ai(&m.id, lease_deadline(lease_ms)).await;
                    }
                }
            };
            let Some(chosen) = chosen else {
                return false;
            };
            let action = match chosen {
                Ok(Ok(Some(a))) => a,
                // Stopped: the match ended or the server is going down meanwhile.
                Ok(Ok(None)) => return false,
                Ok(Err(e)) => {
                    log!(
                        "gridwright-server: match {}: agent `{spec_text}` for {seat} failed: {e}",
                        m.id
                    );
                    return false;
                }
                Err(e) => {
                    log!(
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
                    log!(
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

impl Hub {
    /// Expires the all-AI matches in memory that nobody has watched (no WebSocket open) for
    /// `MatchLimits::expire_unwatched_ai_ms`: they would otherwise take AI threads for as long
    /// as they last, for no one. Returns how many expired.
    pub(super) async fn expire_unwatched_ai(self: &Arc<Self>) -> usize {
        let limit = i64::try_from(self.opts.matches.expire_unwatched_ai_ms).unwrap_or(i64::MAX);
        if limit == 0 {
            return 0;
        }
        let now = now_ms();
        let all_ai: Vec<Arc<LiveMatch>> = match self.matches.lock() {
            Ok(map) => map.values().filter(|m| m.all_ai).cloned().collect(),
            Err(_) => return 0,
        };
        let mut expired = 0;
        for m in all_ai {
            if m.changed.receiver_count() > 0 {
                m.watched_ms.store(now, Ordering::Relaxed);
                continue;
            }
            if now.saturating_sub(m.watched_ms.load(Ordering::Relaxed)) < limit {
                continue;
            }
            if !matches!(m.st.read().await.status, Status::Open | Status::Running) {
                continue;
            }
            match self.store.end_match(&m.id, Ending::Expired).await {
                Ok(true) => {
                    expired += 1;
                    self.catch_up(&m, None).await;
                }
                Ok(false) => {}
                Err(e) => log!("gridwright-server: expiring unwatched match {}: {e}", m.id),
            }
        }
        expired
    }
}

/// Sets its stop when dropped: an AI job given up in any way stops its search.
struct StopOnDrop(Stop);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// Counts one thread running agent code (an AI move or a hint) while it lives.
pub(crate) struct Thinking(Arc<AtomicUsize>);

impl Thinking {
    pub(crate) fn enter(count: &Arc<AtomicUsize>) -> Thinking {
        count.fetch_add(1, Ordering::SeqCst);
        Thinking(count.clone())
    }
}

impl Drop for Thinking {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Refuses an AI seat whose search asks for more time a move than the operator allows
/// (`--ai-max-think-ms`).
pub(crate) fn check_operator_budget(spec: &AgentSpec, max_ms: u64) -> Result<(), String> {
    if let Some(ms) = spec.param("ms").and_then(|v| v.parse::<u64>().ok())
        && ms > max_ms
    {
        return Err(format!(
            "`ms={ms}` is over this server's limit of {max_ms} ms a move"
        ));
    }
    Ok(())
}

/// The end of an AI lease taken now.
pub(super) fn lease_deadline(lease_ms: u64) -> i64 {
    now_ms().saturating_add(i64::try_from(lease_ms).unwrap_or(i64::MAX))
}

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
pub(crate) fn check_think_budget(spec: &AgentSpec) -> Result<(), String> {
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
