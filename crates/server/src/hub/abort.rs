//! Ending a match before its game is over: by its creator (the creator token that create
//! returned, which exists for all-AI matches too, where nobody holds a seat) or by the
//! operator (the credential the server was started with; none configured: nobody but the
//! creator). The match is stored as `aborted` with who did it, so a restart never resumes it;
//! its connections are told at once (their next `state` says `aborted`), and its AI driver
//! stops: a request still waiting for an AI thread leaves the queue, and a thread it holds goes
//! to the next client in turn (`fair.rs`).

use super::ending::announce_ending;
use super::{Hub, LiveMatch};
use crate::error::ServerError;
use crate::store::{AbortedBy, Ending};
use crate::token;
use std::sync::Arc;

impl Hub {
    /// Aborts `m` for the holder of `credential` (the bearer token of the request).
    ///
    /// # Errors
    /// No credential (401); one that is neither the match's creator token nor the operator's
    /// credential (403); a match already finished (409 `match_over`), expired or aborted (409);
    /// store failure.
    pub async fn abort(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        credential: Option<&str>,
    ) -> Result<AbortedBy, ServerError> {
        let by = self.aborter(m, credential)?;
        let mut st = self.lock_unfinished(m).await?;
        if !self.store.end_match(&m.id, Ending::Aborted(by)).await? {
            return Err(self.refused_ending(m, &mut st, "aborted").await);
        }
        st.aborted = Some(by);
        announce_ending(m, st);
        Ok(by)
    }

    /// Who `credential` proves the caller to be, for aborting `m`.
    fn aborter(&self, m: &LiveMatch, credential: Option<&str>) -> Result<AbortedBy, ServerError> {
        let credential = credential
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .ok_or(ServerError::NeedsAbortCredential)?;
        let hash = token::hash_token(credential);
        if m.creator_token_hash.as_deref() == Some(hash.as_str()) {
            return Ok(AbortedBy::Creator);
        }
        if self.operator_hash.as_deref() == Some(hash.as_str()) {
            return Ok(AbortedBy::Operator);
        }
        Err(ServerError::Forbidden(format!(
            "this token may not abort match {}: only its creator token (returned when it was \
             created) or the server operator's credential may",
            m.id
        )))
    }
}
