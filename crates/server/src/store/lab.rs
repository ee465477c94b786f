//! The Lab's balance runs (`lab.rs` at the crate root runs them): one row per run in the
//! `lab_runs` table, beside the matches, in the same database.
//!
//! A run's row is written when it is asked for (`queued`), after each range of games
//! (`running`, with the partial report and its charts) and at its end. Every write after the
//! first changes only a run still `queued` or `running`, so a cancel (from any process) is
//! never overwritten, and the process playing the run learns of it from its next write.

use super::{Columns, Store, StoreError, parse_json};
use serde::Serialize;
use serde_json::Value;

/// Where a Lab run stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum LabStatus {
    /// Asked for; no game played yet.
    Queued,
    /// Its games are being played.
    Running,
    /// Every game was played (or the sequential test decided).
    Done,
    /// Cancelled by its creator before the end.
    Cancelled,
    /// A game failed.
    Failed,
    /// The server stopped while it ran: it will not go on.
    Interrupted,
}

impl LabStatus {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            LabStatus::Queued => "queued",
            LabStatus::Running => "running",
            LabStatus::Done => "done",
            LabStatus::Cancelled => "cancelled",
            LabStatus::Failed => "failed",
            LabStatus::Interrupted => "interrupted",
        }
    }

    fn parse(text: &str) -> Result<LabStatus, StoreError> {
        [
            LabStatus::Queued,
            LabStatus::Running,
            LabStatus::Done,
            LabStatus::Cancelled,
            LabStatus::Failed,
            LabStatus::Interrupted,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
        .ok_or_else(|| StoreError::Corrupt(format!("unknown lab run status `{text}`")))
    }

    /// Whether the run may still change (`queued` or `running`).
    pub fn is_active(self) -> bool {
        matches!(self, LabStatus::Queued | LabStatus::Running)
    }
}

/// A stored Lab run (`report` and `charts` are `None` in listings).
#[derive(Clone, Debug, PartialEq)]
pub struct LabRow {
    /// Public id.
    pub id: String,
    /// The client address that asked for it (`limits::address_key`).
    pub creator: String,
    /// Game short name.
    pub game: String,
    /// The scenario's name, if one was chosen.
    pub setup: Option<String>,
    /// What was asked for, as the API's request (`wire::LabRequest`).
    pub request: Value,
    /// Where it stands.
    pub status: LabStatus,
    /// Games played (per variant).
    pub done: i64,
    /// Games asked for (per variant).
    pub total: i64,
    /// The report of the games played so far (`gridwright_sim::balance::BalanceReport`), as
    /// the JSON text it was stored as: served as it is, so that its numbers are the sim
    /// crate's to the last digit (parsing and printing again could move one by an ulp).
    pub report: Option<String>,
    /// Its charts: `[{section, title, svg}]`.
    pub charts: Option<Value>,
    /// Why it failed or was interrupted, in words.
    pub error: Option<String>,
    /// Creation time, Unix milliseconds.
    pub created_ms: i64,
    /// Last write, Unix milliseconds.
    pub updated_ms: i64,
    /// The hash of the token that may cancel it (`token::hash_token`), handed to its starter.
    pub token_hash: String,
}

/// The columns every read selects, in [`LabRow::from_columns`]' order.
pub(super) const LAB_COLUMNS: &str = "id, creator, game, setup, request, status, done, total, \
     error, created_ms, updated_ms, token_hash";

/// A run's progress, as one write stores it.
#[derive(Clone, Debug)]
pub struct LabProgress {
    /// Where it stands now.
    pub status: LabStatus,
    /// Games played.
    pub done: i64,
    /// The report so far, as JSON text.
    pub report: Option<String>,
    /// Its charts, as JSON text.
    pub charts: Option<String>,
    /// Why it failed, in words.
    pub error: Option<String>,
}

impl LabRow {
    /// A run from the [`LAB_COLUMNS`], then (when `full`) its report and charts.
    pub(super) fn from_columns(r: &impl Columns, full: bool) -> Result<LabRow, StoreError> {
        let json = |i: usize, what: &str| -> Result<Option<Value>, StoreError> {
            r.opt_text(i)?.map(|t| parse_json(&t, what)).transpose()
        };
        Ok(LabRow {
            id: r.text(0)?,
            creator: r.text(1)?,
            game: r.text(2)?,
            setup: r.opt_text(3)?,
            request: parse_json(&r.text(4)?, "lab request")?,
            status: LabStatus::parse(&r.text(5)?)?,
            done: r.int(6)?,
            total: r.int(7)?,
            error: r.opt_text(8)?,
            created_ms: r.int(9)?,
            updated_ms: r.int(10)?,
            token_hash: r.text(11)?,
            report: if full { r.opt_text(12)? } else { None },
            charts: if full { json(13, "lab charts")? } else { None },
        })
    }
}

impl Store {
    /// Stores a new run.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lab_insert(&self, run: &LabRow) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.lab_insert(run).await,
            Store::Postgres(p) => p.lab_insert(run).await,
        }
    }

    /// A run with its report and charts, or `None`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lab_get(&self, id: &str) -> Result<Option<LabRow>, StoreError> {
        match self {
            Store::Sqlite(s) => s.lab_get(id).await,
            Store::Postgres(p) => p.lab_get(id).await,
        }
    }

    /// The newest runs, at most `limit`, without their reports and charts.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lab_list(&self, limit: u32) -> Result<Vec<LabRow>, StoreError> {
        match self {
            Store::Sqlite(s) => s.lab_list(limit).await,
            Store::Postgres(p) => p.lab_list(limit).await,
        }
    }

    /// Stores a run's progress, if it is still `queued` or `running`; false if it is not
    /// (cancelled meanwhile, or interrupted).
    ///
    /// # Errors
    /// On database failure.
    pub async fn lab_update(&self, id: &str, p: LabProgress) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(s) => s.lab_update(id, p).await,
            Store::Postgres(pg) => pg.lab_update(id, p).await,
        }
    }

    /// How many runs are `queued` or `running`, of `creator` or of everyone.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lab_count_active(&self, creator: Option<&str>) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => s.lab_count_active(creator).await,
            Store::Postgres(p) => p.lab_count_active(creator).await,
        }
    }

    /// Marks the runs still `queued` or `running` whose last write is older than `before`
    /// (Unix ms) as interrupted: the process that played them has stopped.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lab_interrupt(&self, before: i64) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => s.lab_interrupt(before).await,
            Store::Postgres(p) => p.lab_interrupt(before).await,
        }
    }
}
