//! A seated player giving up: the match is stored as finished with a result that names the seat
//! that resigned (the other side winning; with more seats, the resigning seat ranked last), so a
//! restart or another process reads the same ending; its connections are told at once and its
//! AI driver stops.

use super::{Hub, LiveMatch, Who, game_result};
use crate::error::ServerError;
use crate::store::{AbortedBy, Status, Store, now_ms};
use gridwright_engine::Seat;
use std::sync::Arc;

impl Hub {
    /// `seat` (default: the caller's seat, as for an action) of `who` resigns `m`.
    ///
    /// # Errors
    /// A token that does not hold the seat (403), a spectator (401 before this), a match already
    /// finished (409 `match_over`), expired or aborted (409), store failure.
    pub async fn resign(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        who: &Who,
        seat: Option<Seat>,
    ) -> Result<Seat, ServerError> {
        if who.is_spectator() {
            return Err(ServerError::Unauthorized);
        }
        let mut st = m.st.write().await;
        self.heal(m, &mut st).await?;
        if matches!(self.store, Store::Postgres(_)) {
            // Another process may have ended it meanwhile.
            self.refresh(m, &mut st).await?;
        }
        let refusal = |status: Status, aborted: Option<AbortedBy>| match status {
            Status::Finished => Some(ServerError::AlreadyOver(m.id.clone())),
            Status::Expired => Some(ServerError::Expired(m.id.clone())),
            Status::Aborted => Some(ServerError::Aborted {
                id: m.id.clone(),
                by: aborted.unwrap_or(AbortedBy::Operator),
            }),
            Status::Open | Status::Running => None,
        };
        if let Some(e) = refusal(st.status, st.aborted) {
            return Err(e);
        }
        let seat = match seat {
            Some(s) if who.seats.contains(&s) => s,
            Some(s) => {
                return Err(ServerError::Forbidden(format!(
                    "this token does not hold seat {s}; a player may resign only their own seat"
                )));
            }
            None => super::pick_seat(&st, who, None).map_err(|_| {
                ServerError::BadRequest(
                    "this token holds several seats: name the one that resigns (`seat`)".into(),
                )
            })?,
        };
        let result = game_result(st.session.as_ref(), Some(seat))
            .and_then(|r| serde_json::to_value(r).ok())
            .ok_or_else(|| ServerError::Internal("the result could not be written".into()))?;
        if !self.store.resign_match(&m.id, &result).await? {
            // The store says it is over already (another process finished or ended it).
            self.refresh(m, &mut st).await?;
            return Err(refusal(st.status, st.aborted).unwrap_or_else(|| {
                ServerError::Internal(format!("match {} could not be resigned", m.id))
            }));
        }
        st.resigned = Some(seat);
        st.rev += 1;
        st.updated_ms = now_ms();
        st.status = st.status_now();
        drop(st);
        m.stop_ai.send_replace(true);
        let _ = m.changed.send(());
        Ok(seat)
    }
}
