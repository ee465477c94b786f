//! The one write path: every change to an existing match — a move (from HTTP, WebSocket or an AI
//! seat), an undo, a claimed seat — goes through [`Hub::commit`].
//!
//! Under the match's write lock it reloads a poisoned state, catches up with the store if the
//! quoted version is ahead of the cache, refuses an expired match and a stale version, lets the
//! change check and apply itself in memory ([`Change::prepare`]), and stores it while still
//! holding the lock. If the store refuses (another writer won) or fails, the change is taken back
//! in memory and the match is reloaded from the store, so memory never runs ahead of the
//! database. Only after the commit is anyone told (the broadcast), and the AI driver woken.

use super::{Hub, LiveMatch, MatchState, Who};
use crate::error::ServerError;
use crate::store::{
    Commit, LineChange, MoveRow, Progress, SeatClaim, SeatKind, StoreError, now_ms,
};
use crate::token;
use gridwright_catalog::{AnySession, ApplyError};
use gridwright_engine::Seat;
use serde_json::Value;
use std::sync::Arc;

/// A change to a match, as asked for (not yet checked).
#[derive(Clone, Debug)]
pub(crate) enum Change {
    /// A move for one of `who`'s seats: `seat`, or the only one that may act now.
    Move {
        /// The caller.
        who: Who,
        /// The seat named, if any.
        seat: Option<Seat>,
        /// The action JSON.
        action: Value,
    },
    /// Takes back the last move of `who`'s seats and every move after it.
    Undo {
        /// The caller.
        who: Who,
    },
    /// Claims an open seat (`seat`, or the first free one) with a new token.
    Join {
        /// The seat asked for, if any.
        seat: Option<u8>,
    },
}

/// What a change did: the match's version after it, and for a join the seat and its token.
#[derive(Clone, Debug)]
pub(crate) struct Committed {
    /// The match's version after the change.
    pub(crate) rev: u64,
    /// A claimed seat and its new token (joins only).
    pub(crate) grant: Option<(u8, String)>,
}

/// A change checked and applied in memory, not yet stored: what to store, and what is needed
/// to take it back or to finish it.
enum Prepared {
    Move {
        seat: Seat,
        row: MoveRow,
    },
    Undo {
        /// The session before the undo, put back if the store refuses.
        backup: Box<dyn AnySession>,
        /// The number of moves left in the line.
        keep: usize,
    },
    Join {
        seat: u8,
        token: String,
        hash: String,
    },
}

impl Change {
    /// A change needs a seat token (joining does not).
    fn caller(&self) -> Option<&Who> {
        match self {
            Change::Move { who, .. } | Change::Undo { who } => Some(who),
            Change::Join { .. } => None,
        }
    }

    /// Checks the change against the current state and applies it in memory. On error `st` is
    /// as it was.
    fn prepare(self, id: &str, st: &mut MatchState) -> Result<Prepared, ServerError> {
        match self {
            Change::Move { who, seat, action } => prepare_move(st, &who, seat, &action),
            Change::Undo { who } => prepare_undo(st, &who),
            Change::Join { seat } => prepare_join(id, st, seat),
        }
    }
}

fn prepare_move(
    st: &mut MatchState,
    who: &Who,
    seat: Option<Seat>,
    action: &Value,
) -> Result<Prepared, ServerError> {
    let seat = pick_seat(st, who, seat)?;
    let seat_u8 = u8::try_from(seat.index()).map_err(|_| ServerError::Internal("seat".into()))?;
    let canonical = st
        .session
        .legal(seat)
        .into_iter()
        .find(|l| l.action == *action)
        .map(|l| l.action);
    st.session.apply(seat, action).map_err(apply_error)?;
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
    Ok(Prepared::Move {
        seat,
        row: MoveRow {
            n,
            seat: seat_u8,
            action: canonical,
        },
    })
}

fn prepare_undo(st: &mut MatchState, who: &Who) -> Result<Prepared, ServerError> {
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
    if st.session.turn().kind == "terminal" {
        return Err(ServerError::UndoNotAllowed(
            "the game is over: a finished match cannot be undone (its replay shows every move)"
                .into(),
        ));
    }
    let seat =
        Seat::try_from(st.move_seats[last]).map_err(|e| ServerError::Internal(e.to_string()))?;
    // Undo is rare: keep the session to put back if the store refuses.
    let backup = st.session.clone_box();
    let (moves_before, log_before) = (st.session.version(), st.session.log_len());
    match st.session.undo(seat) {
        // Chance is drawn from the match's seed, so the same moves draw the same cards and roll
        // the same dice again: taking back a move after which chance was drawn would let the
        // player see it and then play knowing it. The log holds one entry per move and one per
        // chance outcome: more entries gone than moves means chance was taken back too.
        Ok(true)
            if st.session.version() == last
                && log_before.saturating_sub(st.session.log_len()) > moves_before - last =>
        {
            st.session = backup;
            Err(ServerError::UndoNotAllowed(
                "cards were drawn or dice rolled after that move; it cannot be taken back, or \
                 you would know what comes next"
                    .into(),
            ))
        }
        Ok(true) if st.session.version() == last => Ok(Prepared::Undo { backup, keep: last }),
        Ok(false) => Err(ServerError::NothingToUndo),
        Ok(true) => {
            st.session = backup;
            Err(ServerError::Internal(
                "undo went back to the wrong move".into(),
            ))
        }
        Err(e) => {
            st.session = backup;
            Err(ServerError::Internal(e.to_string()))
        }
    }
}

fn prepare_join(id: &str, st: &MatchState, seat: Option<u8>) -> Result<Prepared, ServerError> {
    let free: Vec<u8> = st
        .seats
        .iter()
        .filter(|s| s.is_free())
        .map(|s| s.seat)
        .collect();
    let seat = match seat {
        Some(s) if free.contains(&s) => s,
        Some(s) => {
            return Err(ServerError::NoOpenSeat(format!(
                "seat {} of match {id} is not open",
                seat_name(s),
            )));
        }
        None => *free
            .first()
            .ok_or_else(|| ServerError::NoOpenSeat(format!("match {id} has no open seat")))?,
    };
    let token = token::new_token().map_err(|e| ServerError::Internal(e.to_string()))?;
    let hash = token::hash_token(&token);
    Ok(Prepared::Join { seat, token, hash })
}

/// A seat as JSON numbers it, with the name people see: `1 (P2)`.
/// A seat as messages name it: its 0-based number (as in every body and message) and its name
/// for players, `1 (P2)`.
pub(super) fn seat_name(seat: u8) -> String {
    format!("{seat} (P{})", u16::from(seat) + 1)
}

fn apply_error(e: ApplyError) -> ServerError {
    match e {
        ApplyError::Malformed(m) => ServerError::MalformedAction(m),
        ApplyError::Rejected(r) => ServerError::Illegal(r),
    }
}

impl Hub {
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
        let change = Change::Move {
            who: who.clone(),
            seat,
            action: action.clone(),
        };
        Ok(self.commit(m, Some(version), change).await?.rev)
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
        let change = Change::Undo { who: who.clone() };
        Ok(self.commit(m, version, change).await?.rev)
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
        let committed = self.commit(m, None, Change::Join { seat }).await?;
        committed
            .grant
            .ok_or_else(|| ServerError::Internal("a join granted no seat".into()))
    }

    /// The one write path (see the module documentation): `change`, made against `version`
    /// (`None`: whatever the current one is), checked, applied and stored, or refused with the
    /// match unchanged. It runs to its end even if the caller goes away: a change half done —
    /// applied in memory, its commit not yet awaited — would leave the cache out of step with
    /// the store.
    ///
    /// # Errors
    /// Spectator for a change that needs a seat, expired match, stale version, whatever the
    /// change itself refuses, store failure.
    pub(crate) async fn commit(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        version: Option<u64>,
        change: Change,
    ) -> Result<Committed, ServerError> {
        let (hub, m) = (self.clone(), m.clone());
        tokio::spawn(async move { hub.commit_now(&m, version, change).await })
            .await
            .map_err(|e| ServerError::Internal(format!("state change failed: {e}")))?
    }

    async fn commit_now(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        version: Option<u64>,
        change: Change,
    ) -> Result<Committed, ServerError> {
        if change.caller().is_some_and(Who::is_spectator) {
            return Err(ServerError::Unauthorized);
        }
        let mut st = m.st.write().await;
        self.heal(m, &mut st).await?;
        if version.is_some_and(|v| v > st.rev) {
            // Another process may be ahead of our cache.
            self.refresh(m, &mut st).await?;
        }
        st.check_live(&m.id)?;
        let before = st.rev;
        if let Some(v) = version
            && v != before
        {
            return Err(ServerError::Stale {
                got: v,
                current: before,
            });
        }
        let prepared = change.prepare(&m.id, &mut st)?;
        match self.store_change(&m.id, before, &prepared, &st).await {
            Ok((Commit::Done, progress)) => {
                let committed = done(&mut st, prepared, progress);
                drop(st);
                // A hint about the position that just changed is no longer worth its thread.
                m.stop_hints();
                let _ = m.changed.send(());
                self.kick_ai(m);
                Ok(committed)
            }
            Ok((Commit::Conflict, _)) => {
                let join = matches!(prepared, Prepared::Join { .. });
                let refusal = self.take_back(m, &mut st, prepared, before).await;
                if join {
                    // A seat lost to someone else: the clients learn who took it too.
                    drop(st);
                    let _ = m.changed.send(());
                }
                Err(refusal)
            }
            Err(e) => {
                let _ = self.take_back(m, &mut st, prepared, before).await;
                Err(e.into())
            }
        }
    }

    /// Stores a prepared change (a move or undo with the match's new status, result and AI
    /// lease; a seat with its token's hash), unless another writer changed the match first.
    async fn store_change(
        &self,
        id: &str,
        before: u64,
        prepared: &Prepared,
        st: &MatchState,
    ) -> Result<(Commit, Option<Progress>), StoreError> {
        let lease_ms = self.opts.matches.ai_lease_ms;
        match prepared {
            Prepared::Move { .. } | Prepared::Undo { .. } => {
                let progress = st.progress(lease_ms);
                let change = LineChange {
                    id,
                    rev: before,
                    progress: &progress,
                };
                let c = match prepared {
                    Prepared::Move { row, .. } => self.store.commit_move(change, row).await?,
                    _ => self.store.commit_undo(change).await?,
                };
                Ok((c, Some(progress)))
            }
            Prepared::Join { seat, hash, .. } => {
                let claim = SeatClaim {
                    id,
                    seat: *seat,
                    hash,
                };
                let claimed = self.store.claim_seat(claim).await?;
                Ok((
                    if claimed {
                        Commit::Done
                    } else {
                        Commit::Conflict
                    },
                    None,
                ))
            }
        }
    }

    /// After the store refused or failed a prepared change: takes it back in memory and catches
    /// up with the store. Returns the refusal for the caller if the store refused it.
    async fn take_back(
        &self,
        m: &LiveMatch,
        st: &mut MatchState,
        prepared: Prepared,
        before: u64,
    ) -> ServerError {
        match prepared {
            Prepared::Move { seat, .. } => {
                // Undoing `seat`'s last move replays the prefix, so this is exact.
                if !matches!(st.session.undo(seat), Ok(true)) {
                    st.poisoned = true;
                }
                self.rebuild_from_store(m, st).await;
                ServerError::Stale {
                    got: before,
                    current: st.rev,
                }
            }
            Prepared::Undo { backup, .. } => {
                st.session = backup;
                self.rebuild_from_store(m, st).await;
                ServerError::Stale {
                    got: before,
                    current: st.rev,
                }
            }
            Prepared::Join { seat, .. } => {
                // Someone else (maybe through another process) took it: learn who.
                if let Err(e) = self.refresh(m, st).await {
                    return e;
                }
                ServerError::NoOpenSeat(format!(
                    "seat {} of match {} was taken just now",
                    seat_name(seat),
                    m.id
                ))
            }
        }
    }
}

/// Records a stored change in memory.
fn done(st: &mut MatchState, prepared: Prepared, progress: Option<Progress>) -> Committed {
    let mut grant = None;
    match prepared {
        Prepared::Move { row, .. } => {
            st.rev += 1;
            st.move_seats.push(row.seat);
        }
        Prepared::Undo { keep, .. } => {
            st.rev += 1;
            st.undos += 1;
            st.move_seats.truncate(keep);
        }
        Prepared::Join { seat, token, hash } => {
            // Stored: record it here too (no reload needed, so the token works at once).
            if let Some(row) = st.seats.iter_mut().find(|s| s.seat == seat) {
                row.token_hash = Some(hash);
            }
            grant = Some((seat, token));
        }
    }
    match progress {
        Some(p) => {
            st.status = p.status;
            st.updated_ms = now_ms();
        }
        None => st.status = st.status_now(),
    }
    Committed { rev: st.rev, grant }
}

/// Which of `who`'s seats acts: the one named, else the only one whose turn it is.
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
