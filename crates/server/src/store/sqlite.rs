//! The embedded SQLite store: one file under the data directory, WAL journal, `synchronous =
//! FULL` so that an acknowledged move survives even a power cut, and one connection that the
//! async runtime never waits on: reads run on Tokio's blocking pool, writes on one writer thread.
//!
//! # Why group commit keeps every move durable
//! Every write (a move, an undo, a new match, a claimed seat) is a job sent to the writer
//! thread. The thread takes every job waiting in its queue (at most [`MAX_BATCH`]), runs them
//! in order inside **one** transaction — each job in its own savepoint, so a job that is refused
//! (a stale version, a duplicate move) or fails is rolled back alone and the others stand — and
//! commits once: one WAL append, one `fsync`. Only when that `COMMIT` has returned (the fsync
//! is done, `synchronous = FULL`) does any job's caller get its answer; if the commit fails,
//! every job of the batch gets the error and nothing of it was stored. So no caller is told
//! "stored" before its change is on disk, exactly as with one transaction per change; what
//! changes is that the cost of one fsync is shared by every change that arrived while the
//! previous one was running. There is no waiting for company: a lone write is committed at once.

use super::lab::LAB_COLUMNS;
use super::schema::{Migration, SQLITE};
use super::{
    AbortedBy, Commit, EndingColumns, ExpiryCutoffs, LabProgress, LabRow, LineChange, MatchRow,
    MoveRow, SeatClaim, SeatRow, Status, StoreError, from_sql_u64, now_ms, parse_json, parse_kind,
    seat_from_sql, to_sql_u64,
};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use tokio::sync::oneshot;

/// Most writes committed in one transaction.
pub const MAX_BATCH: usize = 256;

/// SQLite behind a mutex: reads from blocking threads, writes through the writer thread.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    path: PathBuf,
    /// This process, as the holder of AI leases.
    origin: String,
    conn: Arc<Mutex<Connection>>,
    writer: mpsc::Sender<Job>,
    commits: Arc<AtomicU64>,
}

/// What a job hands back once its batch is over: give it the commit's outcome and it answers
/// its caller.
type Reply = Box<dyn FnOnce(Result<(), StoreError>) + Send>;

/// One write: run inside the batch's transaction (or, given the reason the batch could not
/// start, fail). Returns its reply and whether the transaction is still sound (a savepoint that
/// could not be released or rolled back makes the whole batch fail).
type Job = Box<dyn FnOnce(Result<&Connection, StoreError>) -> (Reply, bool) + Send>;

/// Whether a job's result means "keep what it wrote" (else its savepoint is rolled back).
trait Kept {
    fn kept(&self) -> bool;
}

impl Kept for () {
    fn kept(&self) -> bool {
        true
    }
}

impl Kept for bool {
    fn kept(&self) -> bool {
        *self
    }
}

impl Kept for Vec<String> {
    fn kept(&self) -> bool {
        true
    }
}

impl Kept for u64 {
    fn kept(&self) -> bool {
        true
    }
}

impl Kept for Commit {
    fn kept(&self) -> bool {
        *self == Commit::Done
    }
}

fn err(e: rusqlite::Error) -> StoreError {
    StoreError::Sqlite(e.to_string())
}

const MATCH_COLUMNS: &str = "id, game, scenario, rules_version, seed, hotseat, ai_delay_ms, \
    status, rev, moves, undos, result, created_ms, updated_ms, creator, creator_token_hash, \
    aborted_by";

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path` and applies migrations.
    ///
    /// # Errors
    /// If the file cannot be opened or a migration fails.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let path = path.to_path_buf();
        let p = path.clone();
        let conn = tokio::task::spawn_blocking(move || -> Result<Connection, StoreError> {
            check_not_truncated(&p)?;
            let mut conn = Connection::open(&p).map_err(err)?;
            // One server per file: the exclusive lock is taken by the first write (the
            // migration check) and held until the process exits, even by SIGKILL.
            conn.execute_batch(
                "PRAGMA locking_mode = EXCLUSIVE;
                 PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 PRAGMA temp_store = MEMORY;
                 PRAGMA foreign_keys = ON;
                 PRAGMA busy_timeout = 2000;",
            )
            .map_err(err)?;
            check_integrity(&conn, &p)?;
            migrate(&mut conn, SQLITE)?;
            // One process per file: leases held by an earlier one have lapsed with it.
            conn.execute(
                "UPDATE matches SET ai_until = 0 WHERE ai_owner IS NOT NULL",
                [],
            )
            .map_err(err)?;
            Ok(conn)
        })
        .await
        .map_err(|e| StoreError::Worker(e.to_string()))?
        .map_err(|e| match e {
            StoreError::Sqlite(m) if m.contains("locked") => StoreError::Sqlite(format!(
                "{m}: is another Gridwright server using this data directory? (To share one \
                 store between processes, use PostgreSQL with --database.)"
            )),
            other => other,
        })?;
        let conn = Arc::new(Mutex::new(conn));
        let (writer, jobs) = mpsc::channel::<Job>();
        let commits = Arc::new(AtomicU64::new(0));
        let (shared, counter) = (conn.clone(), commits.clone());
        std::thread::Builder::new()
            .name("gridwright-sqlite-writer".into())
            .spawn(move || write_loop(&shared, &jobs, &counter))
            .map_err(|e| StoreError::Worker(format!("cannot start the SQLite writer: {e}")))?;
        Ok(SqliteStore {
            path,
            origin: format!("sqlite-{}-{}", std::process::id(), now_ms()),
            conn,
            writer,
            commits,
        })
    }

    /// How many write transactions (group commits) the writer has run so far.
    pub fn commits(&self) -> u64 {
        self.commits.load(Ordering::Relaxed)
    }

    /// The database file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    async fn with<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let conn = self.conn.clone();
        tokio::task::spawn_blocking(move || {
            let mut guard = conn
                .lock()
                .map_err(|_| StoreError::Worker("SQLite connection lock poisoned".into()))?;
            f(&mut guard)
        })
        .await
        .map_err(|e| StoreError::Worker(e.to_string()))?
    }

    /// Runs `f` in the next group commit; resolves once that commit is durable (or failed).
    async fn write<T: Kept + Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = oneshot::channel();
        let job: Job = Box::new(move |conn| {
            let (result, sound) = match conn {
                Ok(c) => in_savepoint(c, f),
                Err(e) => (Err(e), true),
            };
            let reply: Reply = Box::new(move |commit| {
                let _ = tx.send(commit.and(result));
            });
            (reply, sound)
        });
        self.writer
            .send(job)
            .map_err(|_| StoreError::Worker("the SQLite writer has stopped".into()))?;
        rx.await
            .map_err(|_| StoreError::Worker("the SQLite writer dropped a write".into()))?
    }

    pub(super) async fn create_match(
        &self,
        m: &MatchRow,
        seats: &[SeatRow],
    ) -> Result<(), StoreError> {
        let m = m.clone();
        let seats = seats.to_vec();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO matches (id, game, scenario, rules_version, config, seed, hotseat, \
                 ai_delay_ms, status, rev, moves, undos, result, created_ms, updated_ms, creator, \
                 creator_token_hash, aborted_by) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, \
                 ?17, ?18)",
                params![
                    m.id,
                    m.game,
                    m.scenario,
                    m.rules_version,
                    m.config.to_string(),
                    to_sql_u64(m.seed),
                    m.hotseat,
                    m.ai_delay_ms.map(to_sql_u64),
                    m.status.as_str(),
                    to_sql_u64(m.rev),
                    to_sql_u64(m.moves),
                    to_sql_u64(m.undos),
                    m.result.as_ref().map(ToString::to_string),
                    m.created_ms,
                    m.updated_ms,
                    m.creator,
                    m.creator_token_hash,
                    m.aborted_by.map(AbortedBy::as_str),
                ],
            )
            .map_err(err)?;
            for s in &seats {
                tx.execute(
                    "INSERT INTO seats (match_id, seat, kind, agent, token_hash) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![m.id, s.seat, s.kind.as_str(), s.agent, s.token_hash],
                )
                .map_err(err)?;
            }
            Ok(())
        })
        .await
    }

    pub(super) async fn get_match(
        &self,
        id: &str,
    ) -> Result<Option<(MatchRow, Vec<SeatRow>)>, StoreError> {
        let id = id.to_owned();
        self.with(move |c| {
            let sql = format!("SELECT {MATCH_COLUMNS}, config FROM matches WHERE id = ?1");
            let row = c
                .query_row(&sql, params![id], |r| {
                    Ok((match_row(r), r.get::<_, String>(17)))
                })
                .optional()
                .map_err(err)?;
            let Some((m, config)) = row else {
                return Ok(None);
            };
            let mut m = m?;
            m.config = parse_json(&config.map_err(err)?, "config")?;
            let seats = seats_of(c, &m.id)?;
            Ok(Some((m, seats)))
        })
        .await
    }

    pub(super) async fn moves(&self, id: &str, from: u64) -> Result<Vec<MoveRow>, StoreError> {
        let id = id.to_owned();
        self.with(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT n, seat, action FROM moves WHERE match_id = ?1 AND n >= ?2 ORDER BY n",
                )
                .map_err(err)?;
            let rows = st
                .query_map(params![id, to_sql_u64(from)], |r| {
                    Ok((
                        r.get::<_, i64>(0)?,
                        r.get::<_, i64>(1)?,
                        r.get::<_, String>(2)?,
                    ))
                })
                .map_err(err)?;
            let mut out = Vec::new();
            for row in rows {
                let (n, seat, action) = row.map_err(err)?;
                out.push(MoveRow {
                    n: from_sql_u64(n),
                    seat: seat_from_sql(seat)?,
                    action: parse_json(&action, "move")?,
                });
            }
            Ok(out)
        })
        .await
    }

    pub(super) async fn list(
        &self,
        status: Option<Status>,
        limit: u32,
    ) -> Result<Vec<(MatchRow, Vec<SeatRow>)>, StoreError> {
        self.with(move |c| {
            let sql = format!(
                "SELECT {MATCH_COLUMNS} FROM matches WHERE (?1 IS NULL OR status = ?1) \
                 ORDER BY created_ms DESC, id LIMIT ?2"
            );
            let mut st = c.prepare_cached(&sql).map_err(err)?;
            let rows = st
                .query_map(params![status.map(Status::as_str), limit], |r| {
                    Ok(match_row(r))
                })
                .map_err(err)?;
            let mut matches = Vec::new();
            for row in rows {
                matches.push(row.map_err(err)??);
            }
            drop(st);
            let mut out = Vec::with_capacity(matches.len());
            for m in matches {
                let seats = seats_of(c, &m.id)?;
                out.push((m, seats));
            }
            Ok(out)
        })
        .await
    }

    pub(super) async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        self.with(|c| {
            let mut st = c
                .prepare("SELECT id FROM matches WHERE status <> 'finished' ORDER BY created_ms")
                .map_err(err)?;
            let rows = st.query_map([], |r| r.get::<_, String>(0)).map_err(err)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(err)
        })
        .await
    }

    /// Reads a table and runs an empty write through the writer thread: both paths answer.
    pub(super) async fn check(&self) -> Result<(), StoreError> {
        self.with(|c| {
            c.query_row("SELECT count(*) FROM schema_migrations", [], |r| {
                r.get::<_, i64>(0)
            })
            .map_err(err)
        })
        .await?;
        self.write(|_| Ok(())).await
    }

    pub(super) async fn lease_ai(&self, id: &str, until: i64) -> Result<bool, StoreError> {
        let (id, me) = (id.to_owned(), self.origin.clone());
        self.write(move |tx| {
            let n = tx
                .prepare_cached(
                    "UPDATE matches SET ai_owner = ?2, ai_until = ?3 WHERE id = ?1 AND status \
                     IN ('open', 'running') AND (ai_owner IS NULL OR ai_owner = ?2 OR \
                     ai_until < ?4)",
                )
                .and_then(|mut st| st.execute(params![id, me, until, now_ms()]))
                .map_err(err)?;
            Ok(n == 1)
        })
        .await
    }

    pub(super) async fn lapsed_ai_leases(&self, limit: u32) -> Result<Vec<String>, StoreError> {
        self.with(move |c| {
            let mut st = c
                .prepare_cached(
                    "SELECT id FROM matches WHERE ai_owner IS NOT NULL AND ai_until < ?1 \
                     AND status IN ('open', 'running') LIMIT ?2",
                )
                .map_err(err)?;
            let rows = st
                .query_map(params![now_ms(), limit], |r| r.get::<_, String>(0))
                .map_err(err)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(err)
        })
        .await
    }

    pub(super) async fn end_match(&self, id: &str, c: EndingColumns) -> Result<bool, StoreError> {
        let id = id.to_owned();
        self.write(move |tx| {
            tx.execute(
                "UPDATE matches SET status = ?3, aborted_by = COALESCE(?4, aborted_by), \
                 result = COALESCE(?5, result), rev = rev + 1, updated_ms = ?2, \
                 ai_owner = NULL, ai_until = NULL WHERE id = ?1 AND status IN ('open', 'running')",
                params![id, now_ms(), c.status, c.aborted_by, c.result],
            )
            .map(|n| n > 0)
            .map_err(err)
        })
        .await
    }

    pub(super) async fn release_ai(&self, id: &str) -> Result<(), StoreError> {
        let id = id.to_owned();
        self.write(move |tx| {
            tx.execute(
                "UPDATE matches SET ai_owner = NULL, ai_until = NULL WHERE id = ?1 \
                 AND ai_until < ?2",
                params![id, now_ms()],
            )
            .map_err(err)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn count_unfinished(&self, creator: Option<&str>) -> Result<u64, StoreError> {
        let creator = creator.map(str::to_owned);
        self.with(move |c| {
            match &creator {
                None => c.query_row(
                    "SELECT count(*) FROM matches WHERE status IN ('open', 'running')",
                    [],
                    |r| r.get::<_, i64>(0),
                ),
                Some(who) => c.query_row(
                    "SELECT count(*) FROM matches WHERE creator = ?1 \
                     AND status IN ('open', 'running')",
                    [who],
                    |r| r.get::<_, i64>(0),
                ),
            }
            .map(from_sql_u64)
            .map_err(err)
        })
        .await
    }

    pub(super) async fn expire(
        &self,
        cutoffs: ExpiryCutoffs,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        self.write(move |tx| {
            let mut st = tx
                .prepare_cached(
                    "UPDATE matches SET status = 'expired', rev = rev + 1, updated_ms = ?3 \
                     WHERE id IN (SELECT id FROM matches WHERE (status = 'open' AND updated_ms < ?1) \
                     OR (status = 'running' AND updated_ms < ?2) \
                     OR (status IN ('open', 'running') AND moves = 0 AND updated_ms < ?5) \
                     LIMIT ?4) RETURNING id",
                )
                .map_err(err)?;
            let rows = st
                .query_map(
                    params![cutoffs.open_before, cutoffs.running_before, now_ms(), limit, cutoffs.unplayed_before],
                    |r| r.get::<_, String>(0),
                )
                .map_err(err)?;
            rows.collect::<Result<Vec<_>, _>>().map_err(err)
        })
        .await
    }

    pub(super) async fn commit_move(
        &self,
        change: LineChange<'_>,
        mv: &MoveRow,
    ) -> Result<Commit, StoreError> {
        let c = change.columns(&self.origin);
        let mv = mv.clone();
        self.write(move |tx| {
            let changed = tx
                .prepare_cached(
                    "UPDATE matches SET rev = rev + 1, moves = ?3, status = ?4, result = ?5, \
                     updated_ms = ?6, ai_owner = ?7, ai_until = ?8 WHERE id = ?1 AND rev = ?2",
                )
                .and_then(|mut st| st.execute(c.values()))
                .map_err(err)?;
            if changed != 1 {
                return Ok(Commit::Conflict);
            }
            let inserted = tx
                .prepare_cached(
                    "INSERT INTO moves (match_id, n, seat, action, created_ms) \
                     VALUES (?1, ?2, ?3, ?4, ?5)",
                )
                .and_then(|mut st| {
                    st.execute(params![
                        c.id,
                        to_sql_u64(mv.n),
                        mv.seat,
                        mv.action.to_string(),
                        c.now
                    ])
                });
            match inserted {
                Ok(_) => {}
                Err(rusqlite::Error::SqliteFailure(e, _))
                    if e.code == rusqlite::ErrorCode::ConstraintViolation =>
                {
                    return Ok(Commit::Conflict);
                }
                Err(e) => return Err(err(e)),
            }
            Ok(Commit::Done)
        })
        .await
    }

    pub(super) async fn commit_undo(&self, change: LineChange<'_>) -> Result<Commit, StoreError> {
        let c = change.columns(&self.origin);
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE matches SET rev = rev + 1, undos = undos + 1, moves = ?3, \
                     status = ?4, result = ?5, updated_ms = ?6, ai_owner = ?7, ai_until = ?8 \
                     WHERE id = ?1 AND rev = ?2",
                    c.values(),
                )
                .map_err(err)?;
            if changed != 1 {
                return Ok(Commit::Conflict);
            }
            tx.execute(
                "DELETE FROM moves WHERE match_id = ?1 AND n >= ?2",
                params![c.id, c.moves],
            )
            .map_err(err)?;
            Ok(Commit::Done)
        })
        .await
    }

    pub(super) async fn claim_seat(&self, claim: SeatClaim<'_>) -> Result<bool, StoreError> {
        let SeatClaim { id, seat, hash } = claim;
        let id = id.to_owned();
        let hash = hash.to_owned();
        self.write(move |tx| {
            let changed = tx
                .execute(
                    "UPDATE seats SET token_hash = ?3 WHERE match_id = ?1 AND seat = ?2 \
                     AND kind = 'open' AND token_hash IS NULL AND EXISTS (SELECT 1 FROM \
                     matches WHERE id = ?1 AND status NOT IN ('expired', 'aborted'))",
                    params![id, seat, hash],
                )
                .map_err(err)?;
            if changed != 1 {
                return Ok(false);
            }
            tx.execute(
                "UPDATE matches SET status = 'running', updated_ms = ?2 WHERE id = ?1 \
                 AND status = 'open' AND NOT EXISTS (SELECT 1 FROM seats WHERE match_id = ?1 \
                 AND kind = 'open' AND token_hash IS NULL)",
                params![id, now_ms()],
            )
            .map_err(err)?;
            Ok(true)
        })
        .await
    }
}

/// Refuses a damaged database file with what `PRAGMA quick_check` found (or the error that
/// stopped it), naming the file: a server must not start serving, and writing into, a file whose
/// pages are broken.
/// Refuses a database file that exists but is empty. SQLite would take a zero-length file for a
/// new database and the server would start with an empty store, silently: yet the server never
/// leaves one behind (the first write sets the file's header), so an empty file is a store that
/// lost its contents (a truncation, a failed copy), as damaged as one with garbage in it.
/// The Lab's runs (`store/lab.rs`).
impl SqliteStore {
    pub(super) async fn lab_insert(&self, run: &LabRow) -> Result<(), StoreError> {
        let r = run.clone();
        self.write(move |tx| {
            tx.execute(
                "INSERT INTO lab_runs (id, creator, game, setup, request, status, done, total, \
                 report, charts, error, created_ms, updated_ms, token_hash) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14)",
                params![
                    r.id,
                    r.creator,
                    r.game,
                    r.setup,
                    r.request.to_string(),
                    r.status.as_str(),
                    r.done,
                    r.total,
                    r.report.clone(),
                    r.charts.as_ref().map(ToString::to_string),
                    r.error,
                    r.created_ms,
                    r.updated_ms,
                    r.token_hash,
                ],
            )
            .map_err(err)?;
            Ok(())
        })
        .await
    }

    pub(super) async fn lab_get(&self, id: &str) -> Result<Option<LabRow>, StoreError> {
        let id = id.to_owned();
        self.with(move |c| {
            let sql = format!("SELECT {LAB_COLUMNS}, report, charts FROM lab_runs WHERE id = ?1");
            c.query_row(&sql, params![id], |r| Ok(LabRow::from_columns(r, true)))
                .optional()
                .map_err(err)?
                .transpose()
        })
        .await
    }

    pub(super) async fn lab_list(&self, limit: u32) -> Result<Vec<LabRow>, StoreError> {
        self.with(move |c| {
            let sql =
                format!("SELECT {LAB_COLUMNS} FROM lab_runs ORDER BY created_ms DESC, id LIMIT ?1");
            let mut st = c.prepare(&sql).map_err(err)?;
            let rows = st
                .query_map(params![limit], |r| Ok(LabRow::from_columns(r, false)))
                .map_err(err)?;
            rows.map(|r| r.map_err(err)?).collect()
        })
        .await
    }

    pub(super) async fn lab_update(&self, id: &str, p: LabProgress) -> Result<bool, StoreError> {
        let id = id.to_owned();
        self.write(move |tx| {
            tx.execute(
                "UPDATE lab_runs SET status = ?2, done = ?3, report = COALESCE(?4, report), \
                 charts = COALESCE(?5, charts), error = ?6, updated_ms = ?7 \
                 WHERE id = ?1 AND status IN ('queued', 'running')",
                params![
                    id,
                    p.status.as_str(),
                    p.done,
                    p.report,
                    p.charts,
                    p.error,
                    now_ms()
                ],
            )
            .map(|n| n > 0)
            .map_err(err)
        })
        .await
    }

    pub(super) async fn lab_count_active(&self, creator: Option<&str>) -> Result<u64, StoreError> {
        let creator = creator.map(str::to_owned);
        self.with(move |c| {
            c.query_row(
                "SELECT count(*) FROM lab_runs WHERE status IN ('queued', 'running') \
                 AND (?1 IS NULL OR creator = ?1)",
                params![creator],
                |r| r.get::<_, i64>(0),
            )
            .map(from_sql_u64)
            .map_err(err)
        })
        .await
    }

    pub(super) async fn lab_interrupt(&self, before: i64) -> Result<u64, StoreError> {
        self.write(move |tx| {
            tx.execute(
                "UPDATE lab_runs SET status = 'interrupted', updated_ms = ?2, error = \
                 'the server stopped while this run was being played' \
                 WHERE status IN ('queued', 'running') AND updated_ms < ?1",
                params![before, now_ms()],
            )
            .map(|n| n as u64)
            .map_err(err)
        })
        .await
    }
}

fn check_not_truncated(path: &Path) -> Result<(), StoreError> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(()); // not there yet: created now
    };
    let mut wal = path.as_os_str().to_owned();
    wal.push("-wal");
    let wal_len = std::fs::metadata(&wal).map_or(0, |m| m.len());
    if meta.is_file() && meta.len() == 0 && wal_len == 0 {
        return Err(StoreError::Corrupt(format!(
            "the database file {} is damaged (it is empty: 0 bytes, not even a header); \
             restore it from a backup, or move it away to start with an empty store",
            path.display()
        )));
    }
    Ok(())
}

fn check_integrity(conn: &Connection, path: &Path) -> Result<(), StoreError> {
    let damaged = |what: String| {
        StoreError::Corrupt(format!(
            "the database file {} is damaged ({what}); restore it from a backup, or move it \
             away to start with an empty store",
            path.display()
        ))
    };
    let problems = conn
        .prepare("PRAGMA quick_check(5)")
        .and_then(|mut st| {
            st.query_map([], |r| r.get::<_, String>(0))?
                .collect::<Result<Vec<_>, _>>()
        })
        .map_err(|e| damaged(format!("PRAGMA quick_check failed: {e}")))?;
    if problems.iter().any(|p| p != "ok") {
        return Err(damaged(format!(
            "PRAGMA quick_check: {}",
            problems.join("; ")
        )));
    }
    Ok(())
}

/// The writer thread: one transaction per batch of waiting jobs, until every sender is gone.
fn write_loop(conn: &Mutex<Connection>, jobs: &mpsc::Receiver<Job>, commits: &AtomicU64) {
    while let Ok(first) = jobs.recv() {
        let mut batch = Vec::with_capacity(16);
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match conn.lock() {
            Ok(mut c) => {
                commit_batch(&mut c, batch);
                commits.fetch_add(1, Ordering::Relaxed);
            }
            Err(_) => {
                for job in batch {
                    let (reply, _) = job(Err(StoreError::Worker(
                        "SQLite connection lock poisoned".into(),
                    )));
                    reply(Err(StoreError::Worker(
                        "SQLite connection lock poisoned".into(),
                    )));
                }
            }
        }
    }
}

/// Runs `batch` in one transaction and answers every job once the commit has returned.
fn commit_batch(c: &mut Connection, batch: Vec<Job>) {
    if let Err(e) = c.execute_batch("BEGIN IMMEDIATE") {
        let e = err(e);
        for job in batch {
            let (reply, _) = job(Err(e.clone()));
            reply(Err(e.clone()));
        }
        return;
    }
    let mut replies = Vec::with_capacity(batch.len());
    let mut sound = true;
    for job in batch {
        let conn: &Connection = c;
        // After a failure that ended the transaction (SQLite rolls back by itself on some I/O
        // errors), the remaining jobs must not run: each would commit on its own.
        if !sound || conn.is_autocommit() {
            sound = false;
            let (reply, _) = job(Err(StoreError::Sqlite(
                "an earlier write in the same batch failed".into(),
            )));
            replies.push(reply);
            continue;
        }
        // A panic inside a job must not take the writer down with it (every later write would
        // fail): it fails this batch instead.
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(Ok(conn)))) {
            Ok((reply, ok)) => {
                sound &= ok;
                replies.push(reply);
            }
            Err(_) => sound = false,
        }
    }
    let outcome = if sound {
        c.execute_batch("COMMIT").map_err(err)
    } else {
        Err(StoreError::Sqlite(
            "a write left its transaction unusable; the whole batch was rolled back".into(),
        ))
    };
    if outcome.is_err() && !c.is_autocommit() {
        let _ = c.execute_batch("ROLLBACK");
    }
    for reply in replies {
        reply(outcome.clone());
    }
}

/// Runs one job inside a savepoint, keeping its writes only if it succeeded and
/// [`Kept::kept`] says so. The flag is false if the savepoint could not be closed.
fn in_savepoint<T: Kept>(
    c: &Connection,
    f: impl FnOnce(&Connection) -> Result<T, StoreError>,
) -> (Result<T, StoreError>, bool) {
    // Cached statements: these run for every write.
    let run = |sql: &str| c.prepare_cached(sql).and_then(|mut st| st.execute([]));
    if let Err(e) = run("SAVEPOINT job") {
        return (Err(err(e)), false);
    }
    let result = f(c);
    let end = if result.as_ref().is_ok_and(Kept::kept) {
        run("RELEASE job")
    } else {
        run("ROLLBACK TO job").and_then(|_| run("RELEASE job"))
    };
    match end {
        Ok(_) => (result, true),
        Err(e) => (Err(err(e)), false),
    }
}

columns!(Row<'_>, get);

fn match_row(r: &Row<'_>) -> Result<MatchRow, StoreError> {
    MatchRow::from_columns(r)
}

fn seats_of(c: &Connection, id: &str) -> Result<Vec<SeatRow>, StoreError> {
    let mut st = c
        .prepare_cached(
            "SELECT seat, kind, agent, token_hash FROM seats WHERE match_id = ?1 ORDER BY seat",
        )
        .map_err(err)?;
    let rows = st
        .query_map(params![id], |r| {
            Ok((
                r.get::<_, i64>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<String>>(3)?,
            ))
        })
        .map_err(err)?;
    let mut out = Vec::new();
    for row in rows {
        let (seat, kind, agent, token_hash) = row.map_err(err)?;
        out.push(SeatRow {
            seat: seat_from_sql(seat)?,
            kind: parse_kind(&kind)?,
            agent,
            token_hash,
        });
    }
    Ok(out)
}

fn migrate(conn: &mut Connection, migrations: &[Migration]) -> Result<(), StoreError> {
    let tx = conn
        .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
        .map_err(err)?;
    tx.execute_batch(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    INTEGER PRIMARY KEY,
             name       TEXT NOT NULL,
             applied_ms INTEGER NOT NULL
         );",
    )
    .map_err(err)?;
    for m in migrations {
        let done: Option<i64> = tx
            .query_row(
                "SELECT version FROM schema_migrations WHERE version = ?1",
                params![m.version],
                |r| r.get(0),
            )
            .optional()
            .map_err(err)?;
        if done.is_none() {
            tx.execute_batch(m.sql).map_err(|e| {
                StoreError::Sqlite(format!("migration {} ({}): {e}", m.version, m.name))
            })?;
            tx.execute(
                "INSERT INTO schema_migrations (version, name, applied_ms) VALUES (?1, ?2, ?3)",
                params![m.version, m.name, now_ms()],
            )
            .map_err(err)?;
        }
    }
    tx.commit().map_err(err)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::expect_used)]

    use super::*;
    use crate::store::Progress;
    use serde_json::json;

    fn temp_file(tag: &str) -> PathBuf {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos();
        let dir = std::env::temp_dir().join(format!(
            "gridwright-sqlite-{tag}-{}-{nanos}",
            std::process::id()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("test.sqlite3")
    }

    fn new_match(id: &str) -> MatchRow {
        MatchRow {
            id: id.to_owned(),
            game: "connect-four".into(),
            scenario: None,
            rules_version: "1".into(),
            config: json!({}),
            seed: 7,
            hotseat: false,
            ai_delay_ms: None,
            status: Status::Running,
            rev: 0,
            moves: 0,
            undos: 0,
            result: None,
            created_ms: 0,
            updated_ms: 0,
            creator: None,
            creator_token_hash: None,
            aborted_by: None,
        }
    }

    fn progress() -> Progress {
        Progress {
            status: Status::Running,
            moves: 1,
            result: None,
            ai_until: None,
        }
    }

    /// Writes that arrive while the writer is busy share one transaction, each is answered
    /// only after that commit, and a refused write in the batch is rolled back alone.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn concurrent_writes_share_one_commit_and_each_is_stored() {
        let path = temp_file("group");
        let store = SqliteStore::open(&path).await.unwrap();
        const N: usize = 64;
        let ids: Vec<String> = (0..N).map(|i| format!("{i:016x}")).collect();
        for id in &ids {
            store.create_match(&new_match(id), &[]).await.unwrap();
        }
        let before = store.commits();
        // Keep the connection busy (as an fsync would), so that the writes queue up.
        let busy = store.conn.lock().unwrap();
        let mut tasks = Vec::new();
        for (i, id) in ids.iter().enumerate() {
            let (s, id) = (store.clone(), id.clone());
            tasks.push(tokio::spawn(async move {
                let mv = MoveRow {
                    n: 0,
                    seat: 0,
                    action: json!({ "drop": i % 7 }),
                };
                let progress = progress();
                s.commit_move(
                    LineChange {
                        id: &id,
                        rev: 0,
                        progress: &progress,
                    },
                    &mv,
                )
                .await
            }));
        }
        // And one made against a version the match never had: refused, alone.
        let (s, id) = (store.clone(), ids[0].clone());
        let stale = tokio::spawn(async move {
            let mv = MoveRow {
                n: 0,
                seat: 1,
                action: json!({ "drop": 6 }),
            };
            let progress = progress();
            s.commit_move(
                LineChange {
                    id: &id,
                    rev: 5,
                    progress: &progress,
                },
                &mv,
            )
            .await
        });
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(
            tasks.iter().all(|t| !t.is_finished()),
            "nobody is answered before the commit"
        );
        drop(busy);
        for t in tasks {
            assert_eq!(t.await.unwrap().unwrap(), Commit::Done);
        }
        assert_eq!(stale.await.unwrap().unwrap(), Commit::Conflict);
        let commits = store.commits() - before;
        // The writer takes what is queued when it starts a batch, so on a loaded machine the
        // tasks that were spawned late fall into a further batch or two; one transaction per
        // write would be 65.
        assert!(
            commits <= 8,
            "{N} writes took {commits} transactions: they were not committed together"
        );
        for (i, id) in ids.iter().enumerate() {
            let (m, _) = store.get_match(id).await.unwrap().unwrap();
            assert_eq!((m.rev, m.moves), (1, 1), "match {id}");
            let moves = store.moves(id, 0).await.unwrap();
            assert_eq!(moves.len(), 1);
            assert_eq!(moves[0].action, json!({ "drop": i % 7 }));
            assert_eq!(moves[0].seat, 0, "the stale write left nothing behind");
        }
        drop(store);
        let _ = std::fs::remove_dir_all(path.parent().unwrap());
    }
}
