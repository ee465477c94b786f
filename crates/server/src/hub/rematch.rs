//! A rematch: a new match with the same setup as one that has ended — the same config (so the
//! same scenario, map, decks and content, whatever they were), the same seats (AI seats keep
//! their agents, the caller's seats are the caller's again, other people's seats open for
//! them to join), the same hotseat and AI pace — and either the same seed or a new one.
//!
//! The same seed is honoured as a seed the creator chose would be (`create.rs`): where nobody
//! else may take a seat it is used as it is, so the same moves meet the same dice; where
//! someone else may play, it is mixed with a secret of the server's (unless the operator keeps
//! chosen seeds), since whoever asks for it may have studied the last game's dice.

use super::requests::{CreateMatch, Created, SeatSpec, Setup};
use super::{Hub, LiveMatch, Who};
use crate::error::ServerError;
use crate::store::{SeatKind, Status};
use std::net::IpAddr;
use std::sync::Arc;

impl Hub {
    /// Starts a rematch of `m` for `who` (a spectator gets every person's seat open).
    ///
    /// # Errors
    /// A match still being played (400), and whatever creating a match refuses.
    pub async fn rematch(
        self: &Arc<Self>,
        m: &Arc<LiveMatch>,
        who: &Who,
        same_seed: bool,
        client: IpAddr,
    ) -> Result<Created, ServerError> {
        let req = {
            let st = m.st.read().await;
            if matches!(st.status, Status::Open | Status::Running) {
                return Err(ServerError::BadRequest(
                    "this match is still being played: a rematch starts once it has ended".into(),
                ));
            }
            let seats: Vec<SeatSpec> = st
                .seats
                .iter()
                .map(|s| {
                    let mine = who.seats.iter().any(|w| w.index() == usize::from(s.seat));
                    match s.kind {
                        SeatKind::Ai => SeatSpec {
                            kind: SeatKind::Ai,
                            agent: s.agent.clone(),
                        },
                        _ if mine => SeatSpec {
                            kind: SeatKind::Human,
                            agent: None,
                        },
                        _ => SeatSpec {
                            kind: SeatKind::Open,
                            agent: None,
                        },
                    }
                })
                .collect();
            let open = seats.iter().any(|s| s.kind == SeatKind::Open);
            let people = seats.iter().filter(|s| s.kind == SeatKind::Human).count();
            CreateMatch {
                game: m.game.info().short_name.to_owned(),
                scenario: None,
                decks: None,
                seed: same_seed.then_some(m.seed),
                seats: Some(seats),
                hotseat: m.hotseat && !open && people > 0,
                ai_delay_ms: m.ai_delay_ms,
                setup: Some(Setup {
                    config: m.config.clone(),
                    rules_version: m.rules_version.clone(),
                    scenario: m.scenario.clone(),
                }),
            }
        };
        self.create(req, client).await
    }
}
