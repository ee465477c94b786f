//! What aborting (`abort.rs`) and resigning (`resign.rs`) share: a match still open or running
//! ends at once, by a store update that succeeds only while it is unfinished, and then its
//! connections are told and its AI driver stops.

use super::{Hub, LiveMatch, MatchState};
use crate::error::ServerError;
use crate::store::{AbortedBy, Status, Store, now_ms};
use tokio::sync::RwLockWriteGuard;

impl Hub {
    /// The state of `m`, write-locked and current (healed; with PostgreSQL also refreshed,
    /// since another process may have ended it meanwhile), if it may still end early.
    ///
    /// # Errors
    /// A match already finished (409 `match_over`), expired or aborted (409); store failure.
    pub(super) async fn lock_unfinished<'m>(
        &self,
        m: &'m LiveMatch,
    ) -> Result<RwLockWriteGuard<'m, MatchState>, ServerError> {
        let mut st = m.st.write().await;
        self.heal(m, &mut st).await?;
        if matches!(self.store, Store::Postgres(_)) {
            self.refresh(m, &mut st).await?;
        }
        match refusal(m, &st) {
            Some(e) => Err(e),
            None => Ok(st),
        }
    }

    /// Why the store refused to end `m` (`ended`: "aborted", "resigned"): another process
    /// finished or ended it meanwhile, as the store now tells.
    pub(super) async fn refused_ending(
        &self,
        m: &LiveMatch,
        st: &mut MatchState,
        ended: &str,
    ) -> ServerError {
        if let Err(e) = self.refresh(m, st).await {
            return e;
        }
        refusal(m, st).unwrap_or_else(|| {
            ServerError::Internal(format!("match {} could not be {ended}", m.id))
        })
    }
}

/// After the store ended `m`, with `st` already saying how: the new version, and the
/// connections and the AI driver told.
pub(super) fn announce_ending(m: &LiveMatch, mut st: RwLockWriteGuard<'_, MatchState>) {
    st.rev += 1;
    st.updated_ms = now_ms();
    st.status = st.status_now();
    drop(st);
    m.stop_ai.send_replace(true);
    let _ = m.changed.send(());
}

/// Why `m` can no longer end early, if it cannot.
fn refusal(m: &LiveMatch, st: &MatchState) -> Option<ServerError> {
    match st.status {
        Status::Finished => Some(ServerError::AlreadyOver(m.id.clone())),
        Status::Expired => Some(ServerError::Expired(m.id.clone())),
        Status::Aborted => Some(ServerError::Aborted {
            id: m.id.clone(),
            by: st.aborted.unwrap_or(AbortedBy::Operator),
        }),
        Status::Open | Status::Running => None,
    }
}
