//! Persistence: matches, seats (token hashes) and the full move log, in SQLite or PostgreSQL.
//!
//! # Why optimistic concurrency on `rev`
//! Every state change (a move or an undo) first runs `UPDATE matches SET rev = rev + 1 … WHERE
//! id = ? AND rev = <the version the change was made against>`. If another process changed the
//! match first, that update touches no row and the change is refused as stale; the
//! `(match_id, n)` primary key of `moves` is a second guard so that two writers can never both
//! store move `n`. Nothing is acknowledged to a client before its transaction commits.
//!
//! # Why group commit
//! A durable commit costs one flush to disk (`fsync`), milliseconds on ordinary disks, while
//! the rest of a move costs microseconds. So moves that arrive while a commit is running wait
//! for it to finish and are then committed together, in one transaction with one flush (SQLite:
//! every write; PostgreSQL: moves). Each change stays atomic on its own (SQLite: a savepoint per
//! change; PostgreSQL: one statement per move, falling back to a transaction per move if a
//! statement fails), and each caller is answered only after the shared commit has returned, so
//! the guarantee is unchanged: nobody hears of a change that is not on disk. See
//! `docs/server.md` ("Persistence") for the figures.
//!
//! # Why the config is stored, not the scenario name
//! A match is rebuilt from `config + seed + moves`. Storing the full config (content included)
//! means a designer editing `content/` does not change games already in progress.

/// Implements [`Columns`] for a database's row type `$row`, each column read with its
/// `$get(i)` and the error turned into a `StoreError` by the store's own `err`.
macro_rules! columns {
    ($row:ty, $get:ident) => {
        impl super::Columns for $row {
            fn text(&self, i: usize) -> Result<String, StoreError> {
                self.$get(i).map_err(err)
            }
            fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError> {
                self.$get(i).map_err(err)
            }
            fn int(&self, i: usize) -> Result<i64, StoreError> {
                self.$get(i).map_err(err)
            }
            fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError> {
                self.$get(i).map_err(err)
            }
            fn flag(&self, i: usize) -> Result<bool, StoreError> {
                self.$get(i).map_err(err)
            }
        }
    };
}

mod lab;
mod postgres;
mod schema;
mod sqlite;

pub use lab::{LabProgress, LabRow, LabStatus};

pub use postgres::PgStore;
pub use sqlite::SqliteStore;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::fmt;

/// A database failure.
#[derive(Debug, Clone, thiserror::Error)]
pub enum StoreError {
    /// SQLite failed.
    #[error("SQLite: {0}")]
    Sqlite(String),
    /// PostgreSQL failed.
    #[error("PostgreSQL: {0}")]
    Postgres(String),
    /// A stored value does not read back (corruption or a manual edit).
    #[error("stored data is invalid: {0}")]
    Corrupt(String),
    /// A worker thread was lost.
    #[error("database worker failed: {0}")]
    Worker(String),
}

/// Where a match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Some seat is open for anyone to join.
    Open,
    /// Every seat is taken; the game goes on.
    Running,
    /// The game is over.
    Finished,
    /// Nothing happened in it for longer than the server keeps idle matches (see
    /// `MatchLimits`): it can no longer be joined or played, and is kept as it was.
    Expired,
    /// Its creator or the server's operator ended it before the game was over (see
    /// [`AbortedBy`]): it can no longer be joined or played, and is kept as it was.
    Aborted,
}

impl Status {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Open => "open",
            Status::Running => "running",
            Status::Finished => "finished",
            Status::Expired => "expired",
            Status::Aborted => "aborted",
        }
    }

    /// Parses the stored text.
    pub fn parse(s: &str) -> Option<Status> {
        match s {
            "open" => Some(Status::Open),
            "running" => Some(Status::Running),
            "finished" => Some(Status::Finished),
            "expired" => Some(Status::Expired),
            "aborted" => Some(Status::Aborted),
            _ => None,
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Who ended a match before its game was over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum AbortedBy {
    /// The person who created it (proven by the creator token the create request returned).
    Creator,
    /// The server's operator (proven by the credential the server was started with).
    Operator,
}

/// When unfinished matches expire ([`Store::expire`]): times in Unix ms before which a match
/// last changed.
#[derive(Clone, Copy, Debug)]
pub struct ExpiryCutoffs {
    /// An open match (seats still free) last changed before this expires.
    pub open_before: i64,
    /// A running match last changed before this expires.
    pub running_before: i64,
    /// An unfinished match in which no move was ever made, last changed before this, expires.
    pub unplayed_before: i64,
}

/// How an unfinished match ends before its game is over.
#[derive(Clone, Copy, Debug)]
pub enum Ending<'a> {
    /// Nothing happened in it for too long.
    Expired,
    /// Its creator or the operator aborted it.
    Aborted(AbortedBy),
    /// A seat resigned: the JSON of its result, which names that seat.
    Resigned(&'a Value),
}

/// What an [`Ending`] writes: the status, and `aborted_by` or `result` where it sets one.
#[derive(Debug)]
pub(super) struct EndingColumns {
    status: &'static str,
    aborted_by: Option<&'static str>,
    result: Option<String>,
}

impl Ending<'_> {
    fn columns(self) -> EndingColumns {
        let (status, aborted_by, result) = match self {
            Ending::Expired => (Status::Expired, None, None),
            Ending::Aborted(by) => (Status::Aborted, Some(by.as_str()), None),
            Ending::Resigned(result) => (Status::Finished, None, Some(result.to_string())),
        };
        EndingColumns {
            status: status.as_str(),
            aborted_by,
            result,
        }
    }
}

impl AbortedBy {
    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            AbortedBy::Creator => "creator",
            AbortedBy::Operator => "operator",
        }
    }

    /// Parses the stored text.
    pub fn parse(s: &str) -> Option<AbortedBy> {
        [AbortedBy::Creator, AbortedBy::Operator]
            .into_iter()
            .find(|b| b.as_str() == s)
    }

    /// How players are told: "aborted by its creator", "aborted by the server's operator".
    pub fn sentence(self) -> &'static str {
        match self {
            AbortedBy::Creator => "aborted by its creator",
            AbortedBy::Operator => "aborted by the server's operator",
        }
    }
}

/// Who sits in a seat. The one mapping to text is [`SeatKind::as_str`]/[`SeatKind::parse`]: the
/// store's column, the JSON of a create request (`"kind": "human"`, surrounding blanks allowed)
/// and of a seat in a summary all use it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "ts",
    derive(ts_rs::TS),
    ts(type = "\"human\" | \"open\" | \"ai\"")
)]
pub enum SeatKind {
    /// A person whose token was issued when the match was created (invite link or hotseat).
    Human,
    /// A person who claims the seat by joining; no token until then.
    Open,
    /// An agent run by the server.
    Ai,
}

impl SeatKind {
    /// Every kind, in the order error messages list them.
    pub const ALL: [SeatKind; 3] = [SeatKind::Human, SeatKind::Open, SeatKind::Ai];

    /// The stored text.
    pub fn as_str(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Open => "open",
            SeatKind::Ai => "ai",
        }
    }

    /// Parses the stored text.
    pub fn parse(s: &str) -> Option<SeatKind> {
        SeatKind::ALL.into_iter().find(|k| k.as_str() == s)
    }
}

impl Serialize for SeatKind {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for SeatKind {
    /// A kind's text, with blanks around it allowed; anything else is refused by name.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = std::borrow::Cow::<str>::deserialize(d)?;
        SeatKind::parse(text.trim()).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "seat kind must be `human`, `open` or `ai`, not `{}`",
                text.chars().take(40).collect::<String>()
            ))
        })
    }
}

/// A stored match (its `config` is `Null` in listings).
#[derive(Clone, Debug, PartialEq)]
pub struct MatchRow {
    /// Public id.
    pub id: String,
    /// Game short name.
    pub game: String,
    /// Scenario name, if one was chosen.
    pub scenario: Option<String>,
    /// Rules version the match is played under.
    pub rules_version: String,
    /// The game config, content included.
    pub config: Value,
    /// RNG seed.
    pub seed: u64,
    /// All human seats are played on one device with one token.
    pub hotseat: bool,
    /// Per-match AI delay, overriding the server's.
    pub ai_delay_ms: Option<u64>,
    /// Open, running or finished.
    pub status: Status,
    /// State version: number of changes (moves and undos) so far.
    pub rev: u64,
    /// Number of moves in the current line of play.
    pub moves: u64,
    /// Number of undos so far.
    pub undos: u64,
    /// Result once finished.
    pub result: Option<Value>,
    /// Creation time, Unix milliseconds.
    pub created_ms: i64,
    /// Last change, Unix milliseconds.
    pub updated_ms: i64,
    /// The client address that created it (`limits::address_key`), if known: the per-address
    /// cap counts it, and the AI threads are shared fairly between creators.
    pub creator: Option<String>,
    /// SHA-256 of the creator token (which lets the creator abort the match), if one was
    /// issued (matches from before creator tokens have none).
    pub creator_token_hash: Option<String>,
    /// Who aborted it, once [`Status::Aborted`].
    pub aborted_by: Option<AbortedBy>,
}

/// A stored seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatRow {
    /// Zero-based seat index.
    pub seat: u8,
    /// Human, open or AI.
    pub kind: SeatKind,
    /// Agent spec for AI seats.
    pub agent: Option<String>,
    /// SHA-256 of the seat's token, once issued.
    pub token_hash: Option<String>,
}

impl SeatRow {
    /// Whether a person can still join this seat.
    pub fn is_free(&self) -> bool {
        self.kind == SeatKind::Open && self.token_hash.is_none()
    }
}

/// A stored move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveRow {
    /// Zero-based position in the line of play.
    pub n: u64,
    /// The seat that moved.
    pub seat: u8,
    /// The action in the game's JSON form.
    pub action: Value,
}

/// The match columns a change rewrites.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Status after the change.
    pub status: Status,
    /// Moves in the line after the change.
    pub moves: u64,
    /// Result, once finished.
    pub result: Option<Value>,
    /// An AI seat is to move after the change: the storing process holds the lease to drive
    /// it until this time (Unix ms). `None`: no AI seat is to move, the lease is cleared.
    pub ai_until: Option<i64>,
}

/// A change to a match's line of play (a move, an undo), made against version `rev`: stored
/// only if the match is still at it.
#[derive(Clone, Copy, Debug)]
pub struct LineChange<'a> {
    /// The match.
    pub id: &'a str,
    /// The version the change was made against.
    pub rev: u64,
    /// The match columns after it.
    pub progress: &'a Progress,
}

impl LineChange<'_> {
    /// The `matches` columns both backends write for it, in SQL types; `origin`: this process,
    /// which holds the AI lease if an AI seat is to move.
    fn columns(&self, origin: &str) -> ChangeColumns {
        ChangeColumns {
            id: self.id.to_owned(),
            rev: to_sql_u64(self.rev),
            moves: to_sql_u64(self.progress.moves),
            status: self.progress.status.as_str(),
            result: self.progress.result.as_ref().map(ToString::to_string),
            now: now_ms(),
            ai_owner: self.progress.ai_until.map(|_| origin.to_owned()),
            ai_until: self.progress.ai_until,
        }
    }
}

/// What a [`LineChange`] writes to its match's row (checked against `id` and `rev`; then `moves`,
/// `status`, `result`, `updated_ms` = `now`, and the AI lease), built once for both backends.
#[derive(Clone, Debug)]
struct ChangeColumns {
    id: String,
    rev: i64,
    moves: i64,
    status: &'static str,
    result: Option<String>,
    now: i64,
    ai_owner: Option<String>,
    ai_until: Option<i64>,
}

impl ChangeColumns {
    /// Its values in the order of both backends' statements, parameters 1 to 8: `id`, `rev`,
    /// `moves`, `status`, `result`, `now`, `ai_owner`, `ai_until`.
    fn values(&self) -> [&(dyn Bind + Sync); 8] {
        [
            &self.id,
            &self.rev,
            &self.moves,
            &self.status,
            &self.result,
            &self.now,
            &self.ai_owner,
            &self.ai_until,
        ]
    }
}

/// A value either backend can bind to a statement's parameter.
trait Bind: rusqlite::ToSql + tokio_postgres::types::ToSql + Sync {}

impl<T: rusqlite::ToSql + tokio_postgres::types::ToSql + Sync> Bind for T {}

/// A player taking a free seat: seat `seat` of match `id` gets the token hash `hash`.
#[derive(Clone, Copy, Debug)]
pub struct SeatClaim<'a> {
    /// The match.
    pub id: &'a str,
    /// The seat.
    pub seat: u8,
    /// The SHA-256 of the player's token.
    pub hash: &'a str,
}

/// Whether a change was stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Commit {
    /// Stored; the match is at the next version.
    Done,
    /// Another writer changed the match first; nothing was stored.
    Conflict,
}

/// A change made by another server process (PostgreSQL only).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Match `id` changed (moves, undo or seats); `rev` is its version now.
    Changed {
        /// The match.
        id: String,
        /// Its version.
        rev: u64,
    },
    /// Notifications may have been missed (the listener reconnected): refresh everything.
    Resync,
}

/// The database behind a server: one file of SQLite, or a PostgreSQL database that several
/// server processes may share.
#[derive(Clone, Debug)]
pub enum Store {
    /// Embedded SQLite.
    Sqlite(SqliteStore),
    /// PostgreSQL, shareable between processes.
    Postgres(PgStore),
}

impl Store {
    /// A short description for the start-up banner (no passwords).
    pub fn describe(&self) -> String {
        match self {
            Store::Sqlite(s) => format!("SQLite at {}", s.path().display()),
            Store::Postgres(p) => format!("PostgreSQL at {}", p.describe()),
        }
    }

    /// Stores a new match and its seats.
    ///
    /// # Errors
    /// On database failure.
    pub async fn create_match(&self, m: &MatchRow, seats: &[SeatRow]) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.create_match(m, seats).await,
            Store::Postgres(p) => p.create_match(m, seats).await,
        }
    }

    /// A match with its seats, or `None`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn get_match(
        &self,
        id: &str,
    ) -> Result<Option<(MatchRow, Vec<SeatRow>)>, StoreError> {
        match self {
            Store::Sqlite(s) => s.get_match(id).await,
            Store::Postgres(p) => p.get_match(id).await,
        }
    }

    /// Moves `from..` of a match, in order.
    ///
    /// # Errors
    /// On database failure.
    pub async fn moves(&self, id: &str, from: u64) -> Result<Vec<MoveRow>, StoreError> {
        match self {
            Store::Sqlite(s) => s.moves(id, from).await,
            Store::Postgres(p) => p.moves(id, from).await,
        }
    }

    /// The newest matches (with `status`, if given), at most `limit`; configs are left out.
    ///
    /// # Errors
    /// On database failure.
    pub async fn list(
        &self,
        status: Option<Status>,
        limit: u32,
    ) -> Result<Vec<(MatchRow, Vec<SeatRow>)>, StoreError> {
        match self {
            Store::Sqlite(s) => s.list(status, limit).await,
            Store::Postgres(p) => p.list(status, limit).await,
        }
    }

    /// The ids of every match that is not finished.
    ///
    /// # Errors
    /// On database failure.
    pub async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.unfinished().await,
            Store::Postgres(p) => p.unfinished().await,
        }
    }

    /// Whether the database answers (for `/api/health`).
    ///
    /// # Errors
    /// What went wrong.
    pub async fn check(&self) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.check().await,
            Store::Postgres(p) => p.check().await,
        }
    }

    /// Takes (or renews) the lease to drive match `id`'s AI seats until `until` (Unix ms):
    /// granted if nobody holds it, this process does, or the holder's lease has lapsed.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lease_ai(&self, id: &str, until: i64) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(s) => s.lease_ai(id, until).await,
            Store::Postgres(p) => p.lease_ai(id, until).await,
        }
    }

    /// Unfinished matches whose AI lease has lapsed (its holder died or gave up), at most
    /// `limit`.
    ///
    /// # Errors
    /// On database failure.
    pub async fn lapsed_ai_leases(&self, limit: u32) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.lapsed_ai_leases(limit).await,
            Store::Postgres(p) => p.lapsed_ai_leases(limit).await,
        }
    }

    /// Clears a lapsed lease of a match whose AI seats have nothing to do.
    ///
    /// # Errors
    /// On database failure.
    pub async fn release_ai(&self, id: &str) -> Result<(), StoreError> {
        match self {
            Store::Sqlite(s) => s.release_ai(id).await,
            Store::Postgres(p) => p.release_ai(id).await,
        }
    }

    /// Ends one open or running match early as `ending` says (bumping its version, clearing its
    /// AI lease, and with PostgreSQL telling the other processes). False if it was not open or
    /// running.
    ///
    /// # Errors
    /// On database failure.
    pub async fn end_match(&self, id: &str, ending: Ending<'_>) -> Result<bool, StoreError> {
        let columns = ending.columns();
        match self {
            Store::Sqlite(s) => s.end_match(id, columns).await,
            Store::Postgres(p) => p.end_match(id, columns).await,
        }
    }

    /// How many matches are open or running.
    ///
    /// # Errors
    /// On database failure.
    pub async fn count_unfinished(&self) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => s.count_unfinished(None).await,
            Store::Postgres(p) => p.count_unfinished(None).await,
        }
    }

    /// How many matches created by `creator` (a client address, as `limits::address_key`
    /// writes it) are open or running.
    ///
    /// # Errors
    /// On database failure.
    pub async fn count_unfinished_by(&self, creator: &str) -> Result<u64, StoreError> {
        match self {
            Store::Sqlite(s) => s.count_unfinished(Some(creator)).await,
            Store::Postgres(p) => p.count_unfinished(Some(creator)).await,
        }
    }

    /// Marks as expired (at most `limit`) the unfinished matches idle since before `cutoffs`,
    /// bumping their version so that a change made against the old one is refused. Returns
    /// their ids.
    ///
    /// # Errors
    /// On database failure (then nothing was changed).
    pub async fn expire(
        &self,
        cutoffs: ExpiryCutoffs,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        match self {
            Store::Sqlite(s) => s.expire(cutoffs, limit).await,
            Store::Postgres(p) => p.expire(cutoffs, limit).await,
        }
    }

    /// Appends move `mv.n` if the match is still at version `change.rev`.
    ///
    /// # Errors
    /// On database failure (then nothing was stored).
    pub async fn commit_move(
        &self,
        change: LineChange<'_>,
        mv: &MoveRow,
    ) -> Result<Commit, StoreError> {
        match self {
            Store::Sqlite(s) => s.commit_move(change, mv).await,
            Store::Postgres(p) => p.commit_move(change, mv).await,
        }
    }

    /// Truncates the line of play to `change.progress.moves` moves if the match is still at
    /// `change.rev`.
    ///
    /// # Errors
    /// On database failure (then nothing was stored).
    pub async fn commit_undo(&self, change: LineChange<'_>) -> Result<Commit, StoreError> {
        match self {
            Store::Sqlite(s) => s.commit_undo(change).await,
            Store::Postgres(p) => p.commit_undo(change).await,
        }
    }

    /// Gives free seat `seat` the token hash `hash`; false if it was not free any more.
    ///
    /// # Errors
    /// On database failure.
    pub async fn claim_seat(&self, claim: SeatClaim<'_>) -> Result<bool, StoreError> {
        match self {
            Store::Sqlite(s) => s.claim_seat(claim).await,
            Store::Postgres(p) => p.claim_seat(claim).await,
        }
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

/// One result row, read the same way from either database, so a row of the `matches` table
/// is turned into a [`MatchRow`] in one place ([`MatchRow::from_columns`]).
pub(super) trait Columns {
    /// Column `i` as text.
    fn text(&self, i: usize) -> Result<String, StoreError>;
    /// Column `i` as text or `NULL`.
    fn opt_text(&self, i: usize) -> Result<Option<String>, StoreError>;
    /// Column `i` as an integer.
    fn int(&self, i: usize) -> Result<i64, StoreError>;
    /// Column `i` as an integer or `NULL`.
    fn opt_int(&self, i: usize) -> Result<Option<i64>, StoreError>;
    /// Column `i` as a flag.
    fn flag(&self, i: usize) -> Result<bool, StoreError>;
}

impl MatchRow {
    /// A match from the seventeen columns both stores select, in their order (`id`, `game`,
    /// `scenario`, `rules_version`, `seed`, `hotseat`, `ai_delay_ms`, `status`, `rev`, `moves`,
    /// `undos`, `result`, `created_ms`, `updated_ms`, `creator`, `creator_token_hash`,
    /// `aborted_by`); the config is read apart and left `Null`.
    fn from_columns(r: &impl Columns) -> Result<MatchRow, StoreError> {
        Ok(MatchRow {
            id: r.text(0)?,
            game: r.text(1)?,
            scenario: r.opt_text(2)?,
            rules_version: r.text(3)?,
            config: Value::Null,
            seed: from_sql_u64(r.int(4)?),
            hotseat: r.flag(5)?,
            ai_delay_ms: r.opt_int(6)?.map(from_sql_u64),
            status: parse_status(&r.text(7)?)?,
            rev: from_sql_u64(r.int(8)?),
            moves: from_sql_u64(r.int(9)?),
            undos: from_sql_u64(r.int(10)?),
            result: match r.opt_text(11)? {
                Some(t) => Some(parse_json(&t, "result")?),
                None => None,
            },
            created_ms: r.int(12)?,
            updated_ms: r.int(13)?,
            creator: r.opt_text(14)?,
            creator_token_hash: r.opt_text(15)?,
            aborted_by: parse_aborted_by(r.opt_text(16)?)?,
        })
    }
}

/// Seeds and counters are `u64` in Rust and `BIGINT` in SQL: store the bits.
fn to_sql_u64(v: u64) -> i64 {
    i64::from_ne_bytes(v.to_ne_bytes())
}

fn from_sql_u64(v: i64) -> u64 {
    u64::from_ne_bytes(v.to_ne_bytes())
}

fn parse_json(text: &str, what: &str) -> Result<Value, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

fn parse_status(text: &str) -> Result<Status, StoreError> {
    Status::parse(text).ok_or_else(|| StoreError::Corrupt(format!("unknown status `{text}`")))
}

fn parse_aborted_by(text: Option<String>) -> Result<Option<AbortedBy>, StoreError> {
    text.map(|t| {
        AbortedBy::parse(&t).ok_or_else(|| StoreError::Corrupt(format!("unknown aborter `{t}`")))
    })
    .transpose()
}

fn parse_kind(text: &str) -> Result<SeatKind, StoreError> {
    SeatKind::parse(text).ok_or_else(|| StoreError::Corrupt(format!("unknown seat kind `{text}`")))
}

fn seat_from_sql(v: i64) -> Result<u8, StoreError> {
    u8::try_from(v).map_err(|_| StoreError::Corrupt(format!("seat {v} out of range")))
}

/// A PostgreSQL URL without user or password, for messages.
pub fn describe_pg(url: &str) -> String {
    postgres::describe_url(url)
}
