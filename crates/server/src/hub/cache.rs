//! The cache of live matches: loading a match from the store on demand, bringing a cached one up
//! to date with the store (after another process's change, or a failed commit), and dropping
//! idle ones from memory.

use super::{Hub, LiveMatch, MatchState};
use crate::error::ServerError;
use crate::games::GameProvider;
use crate::store::{MatchRow, MoveRow, Notice, Status, now_ms};
use crate::token;
use gridwright_catalog::AnySession;
use gridwright_engine::Seat;
use gridwright_engine::replay::ReplayMove;
use std::sync::Arc;

impl Hub {
    pub(super) fn cached(&self, id: &str) -> Option<Arc<LiveMatch>> {
        self.matches.lock().ok().and_then(|m| m.get(id).cloned())
    }

    pub(super) fn insert(&self, live: Arc<LiveMatch>) -> Arc<LiveMatch> {
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

    pub(super) async fn load(&self, id: &str) -> Result<LiveMatch, ServerError> {
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
            let move_seats = line.iter().map(|m| m.seat).collect();
            return Ok(LiveMatch::new(game, &row, session, seats, move_seats));
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
                    !matches!(
                        st.status,
                        Status::Finished | Status::Expired | Status::Aborted
                    ) && now - st.updated_ms < idle_ms
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

    /// Brings `st` up to date with the store: seats and status always, then new moves
    /// (incrementally when the line only grew, else by a full rebuild).
    pub(super) async fn refresh(
        &self,
        m: &LiveMatch,
        st: &mut MatchState,
    ) -> Result<(), ServerError> {
        let (row, seats) = self
            .store
            .get_match(&m.id)
            .await?
            .ok_or_else(|| ServerError::UnknownMatch(m.id.clone()))?;
        st.seats = seats;
        st.expired = row.status == Status::Expired;
        st.aborted = super::aborted_of(&row);
        st.resigned = super::resigned_of(&row);
        if st.expired || st.aborted.is_some() || st.resigned.is_some() {
            m.stop_ai.send_replace(true);
        }
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
    pub(super) async fn rebuild_from_store(&self, m: &LiveMatch, st: &mut MatchState) {
        match self.load(&m.id).await {
            Ok(fresh) => *st = fresh.st.into_inner(),
            Err(e) => log!(
                "gridwright-server: match {} could not be reloaded: {e}; retrying on next use",
                m.id
            ),
        }
    }

    /// Reloads a poisoned state before a change.
    pub(super) async fn heal(&self, m: &LiveMatch, st: &mut MatchState) -> Result<(), ServerError> {
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
            self.catch_up(&m, rev).await;
        }
    }

    /// Brings the cached match `m` up to date with the store (unless the store's change `rev`
    /// is older than what `m` holds) and then wakes its connections. False if the store could
    /// not be read (logged).
    pub(super) async fn catch_up(&self, m: &LiveMatch, rev: Option<u64>) -> bool {
        let mut st = m.st.write().await;
        if rev.is_some_and(|r| r < st.rev) {
            return true;
        }
        if let Err(e) = self.refresh(m, &mut st).await {
            log!("gridwright-server: refreshing match {}: {e}", m.id);
            return false;
        }
        drop(st);
        let _ = m.changed.send(());
        true
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
}

/// Rebuilds a session from a stored row and its line of play.
pub(super) fn rebuild(
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
