//! What clients send to create a match, and what its creator gets back.

use super::LiveMatch;
use crate::store::SeatKind;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::sync::Arc;

/// Longest per-match AI delay a client may ask for.
pub const MAX_AI_DELAY_MS: u64 = 60_000;

/// One seat in a create request.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct SeatSpec {
    /// `human`, `open` or `ai`; any other kind is refused when the request is read.
    pub kind: SeatKind,
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
    /// Decks by seat (`{"p1": "arc-foundry"}`), each a name from the game's `decks` list,
    /// never a path (default: the scenario's decks, or those the operator set with `--deck`).
    #[serde(default)]
    pub decks: Option<BTreeMap<String, String>>,
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
    /// A whole setup to play instead of `scenario` and `decks`: a rematch's (`rematch.rs`).
    /// Never read from a request.
    #[serde(skip)]
    pub setup: Option<Setup>,
}

/// The setup of a match that has been played, to play again: its config (content included)
/// under its rules version, and the name of its scenario for the lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The config, as stored.
    pub config: serde_json::Value,
    /// The rules version it was played under.
    pub rules_version: String,
    /// Its scenario's name, if it has one.
    pub scenario: Option<String>,
}

/// What the creator of a match gets back: the seat tokens (shown once, never again).
#[derive(Clone, Debug)]
pub struct Created {
    /// The match.
    pub live: Arc<LiveMatch>,
    /// `(seat, token)` for every seat whose token was issued now.
    pub tokens: Vec<(u8, String)>,
    /// The creator token: lets whoever holds it abort the match (no seat needed).
    pub creator_token: String,
}
