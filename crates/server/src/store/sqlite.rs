//! The embedded SQLite store: one file under the data directory, WAL journal, `synchronous =
//! FULL` so that an acknowledged move survives even a power cut, and one connection used from
//! Tokio's blocking pool so the async runtime never waits on disk.

use super::schema::{Migration, SQLITE};
use super::{
    Commit, MatchRow, MoveRow, Progress, SeatRow, Status, StoreError, from_sql_u64, now_ms,
    parse_json, parse_kind, parse_status, seat_from_sql, to_sql_u64,
};
use rusqlite::{Connection, OptionalExtension, Row, params};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// SQLite behind a mutex, used from blocking threads.
#[derive(Clone, Debug)]
pub struct SqliteStore {
    path: PathBuf,
    conn: Arc<Mutex<Connection>>,
}

fn err(e: rusqlite::Error) -> StoreError {
    StoreError::Sqlite(e.to_string())
}

const MATCH_COLUMNS: &str = "id, game, scenario, rules_version, seed, hotseat, ai_delay_ms, \
    status, rev, moves, undos, result, created_ms, updated_ms";

impl SqliteStore {
    /// Opens (creating if needed) the database file at `path` and applies migrations.
    ///
    /// # Errors
    /// If the file cannot be opened or a migration fails.
    pub async fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        let path = path.to_path_buf();
        let p = path.clone();
        let conn = tokio::task::spawn_blocking(move || -> Result<Connection, StoreError> {
            let mut conn = Connection::open(&p).map_err(err)?;
            // One server per file: the exclusive lock is taken by the first write (the
            // migration check) and held until the process exits, even by SIGKILL.
            conn.execute_batch(
                "PRAGMA locking_mode = EXCLUSIVE;
                 PRAGMA journal_mode = WAL;
                 PRAGMA synchronous = FULL;
                 PRAGMA foreign_keys = ON;
                 PRAGMA busy_timeout = 2000;",
            )
            .map_err(err)?;
            migrate(&mut conn, SQLITE)?;
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
        Ok(SqliteStore {
            path,
            conn: Arc::new(Mutex::new(conn)),
        })
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

    pub(super) async fn create_match(
        &self,
        m: &MatchRow,
        seats: &[SeatRow],
    ) -> Result<(), StoreError> {
        let m = m.clone();
        let seats = seats.to_vec();
        self.with(move |c| {
            let tx = c.transaction().map_err(err)?;
            tx.execute(
                "INSERT INTO matches (id, game, scenario, rules_version, config, seed, hotseat, \
                 ai_delay_ms, status, rev, moves, undos, result, created_ms, updated_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)",
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
            tx.commit().map_err(err)
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
                    Ok((match_row(r), r.get::<_, String>(14)))
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

    pub(super) async fn commit_move(
        &self,
        id: &str,
        rev: u64,
        mv: &MoveRow,
        progress: &Progress,
    ) -> Result<Commit, StoreError> {
        let id = id.to_owned();
        let mv = mv.clone();
        let progress = progress.clone();
        self.with(move |c| {
            let tx = c
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
                .map_err(err)?;
            let now = now_ms();
            let changed = tx
                .prepare_cached(
                    "UPDATE matches SET rev = rev + 1, moves = ?3, status = ?4, result = ?5, \
                     updated_ms = ?6 WHERE id = ?1 AND rev = ?2",
                )
                .and_then(|mut st| {
                    st.execute(params![
                        id,
                        to_sql_u64(rev),
                        to_sql_u64(progress.moves),
                        progress.status.as_str(),
                        progress.result.as_ref().map(ToString::to_string),
                        now,
                    ])
                })
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
                        id,
                        to_sql_u64(mv.n),
                        mv.seat,
                        mv.action.to_string(),
                        now
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
            tx.commit().map_err(err)?;
            Ok(Commit::Done)
        })
        .await
    }

    pub(super) async fn commit_undo(
        &self,
        id: &str,
        rev: u64,
        progress: &Progress,
    ) -> Result<Commit, StoreError> {
        let id = id.to_owned();
        let progress = progress.clone();
        self.with(move |c| {
            let tx = c
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
                .map_err(err)?;
            let changed = tx
                .execute(
                    "UPDATE matches SET rev = rev + 1, undos = undos + 1, moves = ?3, \
                     status = ?4, result = ?5, updated_ms = ?6 WHERE id = ?1 AND rev = ?2",
                    params![
                        id,
                        to_sql_u64(rev),
                        to_sql_u64(progress.moves),
                        progress.status.as_str(),
                        progress.result.as_ref().map(ToString::to_string),
                        now_ms(),
                    ],
                )
                .map_err(err)?;
            if changed != 1 {
                return Ok(Commit::Conflict);
            }
            tx.execute(
                "DELETE FROM moves WHERE match_id = ?1 AND n >= ?2",
                params![id, to_sql_u64(progress.moves)],
            )
            .map_err(err)?;
            tx.commit().map_err(err)?;
            Ok(Commit::Done)
        })
        .await
    }

    pub(super) async fn claim_seat(
        &self,
        id: &str,
        seat: u8,
        hash: &str,
    ) -> Result<bool, StoreError> {
        let id = id.to_owned();
        let hash = hash.to_owned();
        self.with(move |c| {
            let tx = c
                .transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)
                .map_err(err)?;
            let changed = tx
                .execute(
                    "UPDATE seats SET token_hash = ?3 WHERE match_id = ?1 AND seat = ?2 \
                     AND kind = 'open' AND token_hash IS NULL",
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
            tx.commit().map_err(err)?;
            Ok(true)
        })
        .await
    }
}

fn match_row(r: &Row<'_>) -> Result<MatchRow, StoreError> {
    let get_err = |e: rusqlite::Error| err(e);
    Ok(MatchRow {
        id: r.get(0).map_err(get_err)?,
        game: r.get(1).map_err(get_err)?,
        scenario: r.get(2).map_err(get_err)?,
        rules_version: r.get(3).map_err(get_err)?,
        config: serde_json::Value::Null,
        seed: from_sql_u64(r.get(4).map_err(get_err)?),
        hotseat: r.get(5).map_err(get_err)?,
        ai_delay_ms: r
            .get::<_, Option<i64>>(6)
            .map_err(get_err)?
            .map(from_sql_u64),
        status: parse_status(&r.get::<_, String>(7).map_err(get_err)?)?,
        rev: from_sql_u64(r.get(8).map_err(get_err)?),
        moves: from_sql_u64(r.get(9).map_err(get_err)?),
        undos: from_sql_u64(r.get(10).map_err(get_err)?),
        result: match r.get::<_, Option<String>>(11).map_err(get_err)? {
            Some(t) => Some(parse_json(&t, "result")?),
            None => None,
        },
        created_ms: r.get(12).map_err(get_err)?,
        updated_ms: r.get(13).map_err(get_err)?,
    })
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
