//! A seated player giving up: the match is stored as finished with a result that names the seat
//! that resigned (the other side winning; with more seats, the resigning seat ranked last), so a
//! restart or another process reads the same ending; its connections are told at once and its
//! AI driver stops.

use super::ending::announce_ending;
use super::{Hub, LiveMatch, Who, game_result};
use crate::error::ServerError;
use crate::store::Ending;
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
        let mut st = self.lock_unfinished(m).await?;
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
        if !self
            .store
            .end_match(&m.id, Ending::Resigned(&result))
            .await?
        {
            return Err(self.refused_ending(m, &mut st, "resigned").await);
        }
        st.resigned = Some(seat);
        announce_ending(m, st);
        Ok(seat)
    }
}
