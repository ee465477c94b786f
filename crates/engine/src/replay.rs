//! Replay files: everything needed to re-run a game and prove it ran the same.
//!
//! A replay stores the game's short name, the rules version, the full config (content included,
//! so a replay does not depend on files that may since have changed), the seed, the player
//! moves, and a SHA-256 over the config and the event log. Chance outcomes are not stored: they
//! are re-derived from the seed, and the hash proves they came out the same.
//!
//! # Why the hash covers the config
//! The event log names units and weapons by index, so a config edited after the game (a unit
//! renamed, a weapon's range changed) re-runs to the same log. Format 2 hashes the config's
//! canonical JSON (keys sorted, no spaces) together with the log's hash, so any edit to the
//! config is caught. Format 1 files, whose hash covered only the log, are refused with a message
//! saying so.

use crate::game::{Game, RejectReason, SetupError};
use crate::seat::Seat;
use crate::session::Session;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// Current replay file format.
pub const REPLAY_FORMAT: u32 = 2;

/// Most characters of a hash from a file that an error message repeats.
const SHOWN_HASH_CHARS: usize = 64;

/// One recorded player move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayMove {
    /// The seat that moved.
    pub seat: Seat,
    /// The action, in the game's JSON form.
    pub action: serde_json::Value,
}

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Replay {
    /// File format version.
    pub format: u32,
    /// The game's short name.
    pub game: String,
    /// The rules version the game was played under.
    pub rules_version: String,
    /// The game's config (content included).
    pub config: serde_json::Value,
    /// The RNG seed.
    pub seed: u64,
    /// Player moves in order.
    pub moves: Vec<ReplayMove>,
    /// SHA-256 (hex) over the config's canonical JSON and the event log after the last move
    /// (see [`Replay::hash_of`]), and over the resignation if there is one
    /// ([`Replay::resign`]).
    pub event_hash: String,
    /// The seat that resigned after the last move, ending a game that was not over (the other
    /// side wins; with more seats, the resigning seat ranks last). Absent in a game played to
    /// its end, and in every replay made before resignations were recorded, which load as
    /// they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<Seat>,
}

/// Why a replay could not be loaded or verified.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ReplayError {
    /// Not JSON, or not a replay.
    #[error("not a valid replay file: {0}")]
    Json(String),
    /// Unknown format version.
    #[error(
        "replay format {found} is not supported (this build reads format {REPLAY_FORMAT}){}",
        if *found == 1 {
            "; format 1 replays were made by an older build whose hash did not cover the config — record the game again"
        } else {
            ""
        }
    )]
    Format {
        /// The format in the file.
        found: u32,
    },
    /// The replay is of another game.
    #[error("this replay is of `{found}`, not `{expected}`")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The game in the file.
        found: String,
    },
    /// The resignation cannot have happened: the seat is not one of the game's, or the game
    /// was already over after the last move.
    #[error("the replay's resignation is invalid: {0}")]
    Resignation(String),
    /// The rules changed since the replay was made.
    #[error("replay made with rules version {found}; this build plays {expected}")]
    RulesVersion {
        /// This build's version.
        expected: String,
        /// The file's version.
        found: String,
    },
    /// The config does not parse or does not build a game.
    #[error("replay config is invalid: {0}")]
    Config(String),
    /// A move does not parse or is illegal.
    #[error("move {index} of the replay is invalid: {reason}")]
    Action {
        /// Zero-based move number.
        index: usize,
        /// Why.
        reason: RejectReason,
    },
    /// Re-running gave a different event log, or the config was edited.
    #[error(
        "hash mismatch (the config, seed or moves were changed since the game was recorded): file says {}, re-running gives {actual}",
        shorten(expected)
    )]
    HashMismatch {
        /// The hash in the file.
        expected: String,
        /// The hash the re-run produced.
        actual: String,
    },
}

/// A hash from a file, cut to [`SHOWN_HASH_CHARS`] characters for messages.
fn shorten(hash: &str) -> String {
    match hash.char_indices().nth(SHOWN_HASH_CHARS) {
        Some((i, _)) => format!("{}… ({} characters)", &hash[..i], hash.chars().count()),
        None => hash.to_owned(),
    }
}

/// Writes `v` as canonical JSON: object keys sorted, no whitespace.
fn canonical(v: &serde_json::Value, out: &mut String) {
    use serde_json::Value;
    match v {
        Value::Object(m) => {
            let mut keys: Vec<&String> = m.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push_str(&Value::String(k.clone()).to_string());
                out.push(':');
                if let Some(x) = m.get(k) {
                    canonical(x, out);
                }
            }
            out.push('}');
        }
        Value::Array(a) => {
            out.push('[');
            for (i, x) in a.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(x, out);
            }
            out.push(']');
        }
        other => out.push_str(&other.to_string()),
    }
}

impl From<SetupError> for ReplayError {
    fn from(e: SetupError) -> Self {
        ReplayError::Config(e.into_problems().to_string())
    }
}

impl Replay {
    /// The replay of a session.
    pub fn from_session<G: Game>(s: &Session<G>) -> Replay {
        Replay {
            format: REPLAY_FORMAT,
            game: G::INFO.short_name.to_owned(),
            rules_version: G::INFO.rules_version.to_owned(),
            config: serde_json::to_value(s.config()).unwrap_or(serde_json::Value::Null),
            seed: s.seed(),
            moves: s
                .moves()
                .iter()
                .map(|(seat, a)| ReplayMove {
                    seat: *seat,
                    action: serde_json::to_value(a).unwrap_or(serde_json::Value::Null),
                })
                .collect(),
            event_hash: String::new(),
            resigned: None,
        }
        .with_hash(&s.event_hash())
    }

    /// This replay with `seat` resigning after its last move: the field is set and the hash
    /// extended over it (SHA-256 of a tag, the hash of the moves and the seat's number), so a
    /// resignation cannot be added to, moved in or taken out of a file unnoticed. A replay
    /// that already records a resignation keeps it.
    #[must_use]
    pub fn resign(mut self, seat: Seat) -> Replay {
        if self.resigned.is_none() {
            self.event_hash = Replay::resigned_hash(&self.event_hash, seat);
            self.resigned = Some(seat);
        }
        self
    }

    /// The hash of a replay whose moves hash to `moves_hash` and in which `seat` then resigned.
    fn resigned_hash(moves_hash: &str, seat: Seat) -> String {
        let mut h = Sha256::new();
        h.update(format!("gridwright-replay-{REPLAY_FORMAT}-resigned\n").as_bytes());
        h.update(moves_hash.as_bytes());
        h.update(format!("\n{}", seat.index()).as_bytes());
        crate::session::hex(&h.finalize())
    }

    /// The replay's hash: SHA-256 (hex) of a format tag, the config's canonical JSON and the
    /// event log's hash (`log_hash`, as [`Session::event_hash`] gives it).
    pub fn hash_of(config: &serde_json::Value, log_hash: &str) -> String {
        let mut text = String::new();
        canonical(config, &mut text);
        let mut h = Sha256::new();
        h.update(format!("gridwright-replay-{REPLAY_FORMAT}\n").as_bytes());
        h.update(text.as_bytes());
        h.update(b"\n");
        h.update(log_hash.as_bytes());
        crate::session::hex(&h.finalize())
    }

    fn with_hash(mut self, log_hash: &str) -> Replay {
        self.event_hash = Replay::hash_of(&self.config, log_hash);
        self
    }

    /// Parses a replay file's text.
    ///
    /// # Errors
    /// [`ReplayError::Json`] naming the line and column of the problem.
    pub fn from_json(text: &str) -> Result<Replay, ReplayError> {
        // The format first, so an older file is refused for what it is, not for a field that
        // its format did not have.
        let v: serde_json::Value =
            serde_json::from_str(text).map_err(|e| ReplayError::Json(e.to_string()))?;
        if let Some(found) = v.get("format").and_then(serde_json::Value::as_u64) {
            if found != u64::from(REPLAY_FORMAT) {
                return Err(ReplayError::Format {
                    found: u32::try_from(found).unwrap_or(u32::MAX),
                });
            }
        }
        let r: Replay = serde_json::from_value(v).map_err(|e| ReplayError::Json(e.to_string()))?;
        Ok(r)
    }

    /// Pretty JSON text.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// Re-runs the replay and checks the hash over the config and the event log.
    ///
    /// # Errors
    /// Any [`ReplayError`]: wrong game, rules version, bad config or move, hash mismatch.
    pub fn verify<G: Game>(&self) -> Result<Session<G>, ReplayError> {
        let s = self.rerun::<G>(self.moves.len())?;
        let mut actual = Replay::hash_of(&self.config, &s.event_hash());
        if let Some(seat) = self.resigned {
            let seats = s.state().num_seats();
            if seat.index() >= seats {
                return Err(ReplayError::Resignation(format!(
                    "{seat} resigned, but the game has {seats} seats"
                )));
            }
            if s.state().is_terminal() {
                return Err(ReplayError::Resignation(format!(
                    "{seat} resigned after the game was already over"
                )));
            }
            actual = Replay::resigned_hash(&actual, seat);
        }
        if actual != self.event_hash {
            return Err(ReplayError::HashMismatch {
                expected: self.event_hash.clone(),
                actual,
            });
        }
        Ok(s)
    }

    /// Re-runs the first `n` moves without checking the hash (for stepping through a replay).
    ///
    /// # Errors
    /// As [`Replay::verify`], except the hash.
    pub fn rerun<G: Game>(&self, n: usize) -> Result<Session<G>, ReplayError> {
        if self.game != G::INFO.short_name {
            return Err(ReplayError::WrongGame {
                expected: G::INFO.short_name.to_owned(),
                found: self.game.clone(),
            });
        }
        if self.rules_version != G::INFO.rules_version {
            return Err(ReplayError::RulesVersion {
                expected: G::INFO.rules_version.to_owned(),
                found: self.rules_version.clone(),
            });
        }
        let config: G::Config = serde_json::from_value(self.config.clone())
            .map_err(|e| ReplayError::Config(e.to_string()))?;
        let mut s = Session::<G>::new(config, self.seed)?;
        for (index, m) in self.moves.iter().take(n).enumerate() {
            let action: G::Action =
                serde_json::from_value(m.action.clone()).map_err(|e| ReplayError::Action {
                    index,
                    reason: RejectReason::Illegal(e.to_string()),
                })?;
            s.apply(m.seat, action).map_err(|r| ReplayError::Action {
                index,
                reason: r.reason,
            })?;
        }
        Ok(s)
    }
}
