//! The PostgreSQL store: the same tables as SQLite, a small pool of connections, and
//! `LISTEN`/`NOTIFY` on the `gridwright_moves` channel so that several server processes can
//! share one database and push each other's moves to their WebSocket clients.
//!
//! A change and its notification are one transaction (`pg_notify` inside it), so a notification
//! is delivered exactly when the change is visible to other processes, and never for a change
//! that rolled back.

use super::lab::LAB_COLUMNS;
use super::schema::{Migration, POSTGRES};
use super::{
    AbortedBy, ChangeColumns, Commit, EndingColumns, ExpiryCutoffs, LabProgress, LabRow,
    LineChange, MatchRow, MoveRow, Notice, SeatClaim, SeatRow, Status, StoreError, from_sql_u64,
    now_ms, parse_json, parse_kind, seat_from_sql, to_sql_u64,
};
use futures_util::StreamExt;
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Mutex, MutexGuard, mpsc, oneshot};
use tokio_postgres::types::ToSql;
use tokio_postgres::{AsyncMessage, Client, NoTls, Row, Statement};

/// The notification channel.
pub const CHANNEL: &str = "gridwright_moves";

/// A pooled connection with its prepared statements.
struct Conn {
    client: Client,
    statements: HashMap<&'static str, Statement>,
}

impl Conn {
    async fn stmt(&mut self, sql: &'static str) -> Result<Statement, StoreError> {
        if let Some(s) = self.statements.get(sql) {
            return Ok(s.clone());
        }
        let s = self.client.prepare(sql).await.map_err(err)?;
        self.statements.insert(sql, s.clone());
        Ok(s)
    }
}

/// PostgreSQL with a fixed-size pool of connections.
#[derive(Clone)]
pub struct PgStore {
    inner: Arc<Inner>,
    /// Moves to commit, to the group-commit task.
    mover: mpsc::UnboundedSender<MoveJob>,
}

/// Most moves committed in one transaction.
const MAX_BATCH: usize = 256;

/// A move's change, in the parameters of [`MOVE_SQL`].
struct MoveArgs {
    change: ChangeColumns,
    n: i64,
    seat: i64,
    action: String,
    payload: String,
}

impl MoveArgs {
    fn params(&self) -> [&(dyn ToSql + Sync); 13] {
        let c = &self.change;
        [
            &c.id,
            &c.rev,
            &c.moves,
            &c.status,
            &c.result,
            &c.now,
            &self.n,
            &self.seat,
            &self.action,
            &CHANNEL,
            &self.payload,
            &c.ai_owner,
            &c.ai_until,
        ]
    }
}

/// A move waiting for the next group commit, and who to tell.
struct MoveJob {
    args: MoveArgs,
    reply: oneshot::Sender<Result<Commit, StoreError>>,
}

/// Stores a move if the match is still at version `$2`, and notifies other processes. One
/// statement: the version check and update, the move and the notification stand or fall
/// together. No row back: the version did not match, nothing was written. A move `n` already
/// stored makes the insert fail, which fails the whole statement, update included.
const MOVE_SQL: &str = "WITH u AS (\
      UPDATE matches SET rev = rev + 1, moves = $3, status = $4, result = $5, \
      updated_ms = $6, ai_owner = $12, ai_until = $13 WHERE id = $1 AND rev = $2 RETURNING id), \
    i AS (\
      INSERT INTO moves (match_id, n, seat, action, created_ms) \
      SELECT id, $7::BIGINT, $8::BIGINT, $9::TEXT, $6::BIGINT FROM u RETURNING match_id) \
    SELECT pg_notify($10, $11)::TEXT FROM i";

struct Inner {
    url: String,
    pool: Vec<Mutex<Option<Conn>>>,
    next: AtomicUsize,
    /// This process's id in notifications, so it can ignore its own.
    origin: String,
}

impl std::fmt::Debug for PgStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PgStore")
            .field("at", &self.describe())
            .field("pool", &self.inner.pool.len())
            .finish()
    }
}

fn err(e: tokio_postgres::Error) -> StoreError {
    // Show the server's own message (e.g. "relation does not exist"), not just "db error".
    match e.as_db_error() {
        Some(db) => StoreError::Postgres(format!("{}: {}", db.code().code(), db.message())),
        None => StoreError::Postgres(e.to_string()),
    }
}

async fn connect(url: &str) -> Result<Client, StoreError> {
    let (client, connection) = tokio_postgres::connect(url, NoTls).await.map_err(err)?;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            log!("gridwright-server: PostgreSQL connection closed: {e}");
        }
    });
    Ok(client)
}

const MATCH_COLUMNS: &str = "id, game, scenario, rules_version, seed, hotseat, ai_delay_ms, \
    status, rev, moves, undos, result, created_ms, updated_ms, creator, creator_token_hash, \
    aborted_by";

impl PgStore {
    /// Connects, applies migrations, and returns the store. `origin` identifies this process
    /// in notifications.
    ///
    /// # Errors
    /// If the database cannot be reached or a migration fails.
    pub async fn open(url: &str, pool: usize, origin: &str) -> Result<PgStore, StoreError> {
        let mut first = Conn {
            client: connect(url).await?,
            statements: HashMap::new(),
        };
        migrate(&mut first.client, POSTGRES).await?;
        let mut slots = vec![Mutex::new(Some(first))];
        for _ in 1..pool.max(1) {
            slots.push(Mutex::new(None));
        }
        let inner = Arc::new(Inner {
            url: url.to_owned(),
            pool: slots,
            next: AtomicUsize::new(0),
            origin: origin.to_owned(),
        });
        let (mover, jobs) = mpsc::unbounded_channel();
        tokio::spawn(move_writer(inner.clone(), jobs));
        Ok(PgStore { inner, mover })
    }

    /// `host:port/db` without user or password.
    pub fn describe(&self) -> String {
        describe_url(&self.inner.url)
    }

    /// A connection from the pool.
    async fn conn(&self) -> Result<MutexGuard<'_, Option<Conn>>, StoreError> {
        self.inner.conn().await
    }

    /// Starts listening for other processes' changes. Reconnects (with a `Notice::Resync`)
    /// if the listening connection drops.
    pub fn listen(&self) -> mpsc::UnboundedReceiver<Notice> {
        let (tx, rx) = mpsc::unbounded_channel();
        let url = self.inner.url.clone();
        let origin = self.inner.origin.clone();
        tokio::spawn(async move {
            let mut first = true;
            loop {
                match listen_once(&url, &origin, &tx, first).await {
                    Ok(()) => return, // the receiver is gone: the server stopped
                    Err(e) => log!("gridwright-server: LISTEN connection lost: {e}"),
                }
                first = false;
                tokio::time::sleep(Duration::from_millis(500)).await;
                if tx.is_closed() {
                    return;
                }
            }
        });
        rx
    }

    fn payload(&self, id: &str, rev: u64) -> String {
        format!("{} {id} {rev}", self.inner.origin)
    }

    pub(super) async fn create_match(
        &self,
        m: &MatchRow,
        seats: &[SeatRow],
    ) -> Result<(), StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let tx = c.client.transaction().await.map_err(err)?;
        tx.execute(
            "INSERT INTO matches (id, game, scenario, rules_version, config, seed, hotseat, \
             ai_delay_ms, status, rev, moves, undos, result, created_ms, updated_ms, creator, \
             creator_token_hash, aborted_by) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, \
             $18)",
            &[
                &m.id,
                &m.game,
                &m.scenario,
                &m.rules_version,
                &m.config.to_string(),
                &to_sql_u64(m.seed),
                &m.hotseat,
                &m.ai_delay_ms.map(to_sql_u64),
                &m.status.as_str(),
                &to_sql_u64(m.rev),
                &to_sql_u64(m.moves),
                &to_sql_u64(m.undos),
                &m.result.as_ref().map(ToString::to_string),
                &m.created_ms,
                &m.updated_ms,
                &m.creator,
                &m.creator_token_hash,
                &m.aborted_by.map(AbortedBy::as_str),
            ],
        )
        .await
        .map_err(err)?;
        for s in seats {
            tx.execute(
                "INSERT INTO seats (match_id, seat, kind, agent, token_hash) \
                 VALUES ($1, $2, $3, $4, $5)",
                &[
                    &m.id,
                    &i64::from(s.seat),
                    &s.kind.as_str(),
                    &s.agent,
                    &s.token_hash,
                ],
            )
            .await
            .map_err(err)?;
        }
        tx.commit().await.map_err(err)
    }

    pub(super) async fn get_match(
        &self,
        id: &str,
    ) -> Result<Option<(MatchRow, Vec<SeatRow>)>, StoreError> {
        const SQL: &str = "SELECT id, game, scenario, rules_version, seed, hotseat, ai_delay_ms, \
            status, rev, moves, undos, result, created_ms, updated_ms, creator, creator_token_hash, \
            aborted_by, config FROM matches WHERE id = $1";
        const SEATS: &str = "SELECT match_id, seat, kind, agent, token_hash FROM seats \
            WHERE match_id = $1 ORDER BY seat";
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let st = c.stmt(SQL).await?;
        let Some(row) = c.client.query_opt(&st, &[&id]).await.map_err(err)? else {
            return Ok(None);
        };
        let mut m = match_row(&row)?;
        let config: String = row.try_get(17).map_err(err)?;
        m.config = parse_json(&config, "config")?;
        let st = c.stmt(SEATS).await?;
        let rows = c.client.query(&st, &[&id]).await.map_err(err)?;
        let seats = rows
            .iter()
            .map(seat_row)
            .collect::<Result<Vec<_>, _>>()?
            .into_iter()
            .map(|(_, s)| s)
            .collect();
        Ok(Some((m, seats)))
    }

    pub(super) async fn moves(&self, id: &str, from: u64) -> Result<Vec<MoveRow>, StoreError> {
        const SQL: &str =
            "SELECT n, seat, action FROM moves WHERE match_id = $1 AND n >= $2 ORDER BY n";
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let st = c.stmt(SQL).await?;
        let rows = c
            .client
            .query(&st, &[&id, &to_sql_u64(from)])
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| {
                let action: String = r.try_get(2).map_err(err)?;
                Ok(MoveRow {
                    n: from_sql_u64(r.try_get(0).map_err(err)?),
                    seat: seat_from_sql(r.try_get(1).map_err(err)?)?,
                    action: parse_json(&action, "move")?,
                })
            })
            .collect()
    }

    pub(super) async fn list(
        &self,
        status: Option<Status>,
        limit: u32,
    ) -> Result<Vec<(MatchRow, Vec<SeatRow>)>, StoreError> {
        let sql = format!(
            "SELECT {MATCH_COLUMNS} FROM matches WHERE ($1::TEXT IS NULL OR status = $1) \
             ORDER BY created_ms DESC, id LIMIT $2"
        );
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let rows = c
            .client
            .query(&sql, &[&status.map(Status::as_str), &i64::from(limit)])
            .await
            .map_err(err)?;
        let matches = rows.iter().map(match_row).collect::<Result<Vec<_>, _>>()?;
        let ids: Vec<String> = matches.iter().map(|m| m.id.clone()).collect();
        let seat_rows = c
            .client
            .query(
                "SELECT match_id, seat, kind, agent, token_hash FROM seats \
                 WHERE match_id = ANY($1) ORDER BY match_id, seat",
                &[&ids],
            )
            .await
            .map_err(err)?;
        let mut by_match: HashMap<String, Vec<SeatRow>> = HashMap::new();
        for r in &seat_rows {
            let (id, s) = seat_row(r)?;
            by_match.entry(id).or_default().push(s);
        }
        Ok(matches
            .into_iter()
            .map(|m| {
                let seats = by_match.remove(&m.id).unwrap_or_default();
                (m, seats)
            })
            .collect())
    }

    pub(super) async fn unfinished(&self) -> Result<Vec<String>, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let rows = c
            .client
            .query(
                "SELECT id FROM matches WHERE status <> 'finished' ORDER BY created_ms",
                &[],
            )
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| r.try_get::<_, String>(0).map_err(err))
            .collect()
    }

    /// A round trip to the database (at most 3 s).
    pub(super) async fn check(&self) -> Result<(), StoreError> {
        let ping = async {
            let mut g = self.conn().await?;
            let c = conn_mut(&mut g)?;
            c.client.simple_query("SELECT 1").await.map_err(err)?;
            Ok(())
        };
        tokio::time::timeout(Duration::from_secs(3), ping)
            .await
            .map_err(|_| StoreError::Postgres("no answer within 3 s".into()))?
    }

    pub(super) async fn lease_ai(&self, id: &str, until: i64) -> Result<bool, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let n = c
            .client
            .execute(
                "UPDATE matches SET ai_owner = $2, ai_until = $3 WHERE id = $1 AND status \
                 IN ('open', 'running') AND (ai_owner IS NULL OR ai_owner = $2 OR \
                 ai_until < $4)",
                &[&id, &self.inner.origin, &until, &now_ms()],
            )
            .await
            .map_err(err)?;
        Ok(n == 1)
    }

    pub(super) async fn lapsed_ai_leases(&self, limit: u32) -> Result<Vec<String>, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let rows = c
            .client
            .query(
                "SELECT id FROM matches WHERE ai_owner IS NOT NULL AND ai_until < $1 \
                 AND status IN ('open', 'running') LIMIT $2",
                &[&now_ms(), &i64::from(limit)],
            )
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| r.try_get::<_, String>(0).map_err(err))
            .collect()
    }

    pub(super) async fn end_match(&self, id: &str, c: EndingColumns) -> Result<bool, StoreError> {
        // Other processes hear of it like of any change, in the same statement.
        const SQL: &str = "WITH u AS (UPDATE matches SET status = $5, \
            aborted_by = COALESCE($6::TEXT, aborted_by), result = COALESCE($7::TEXT, result), \
            rev = rev + 1, updated_ms = $2, ai_owner = NULL, ai_until = NULL WHERE id = $1 AND \
            status IN ('open', 'running') RETURNING id, rev) \
            SELECT id, pg_notify($3, $4 || ' ' || id || ' ' || rev)::TEXT FROM u";
        let mut g = self.conn().await?;
        let conn = conn_mut(&mut g)?;
        let rows = conn
            .client
            .query(
                SQL,
                &[
                    &id,
                    &now_ms(),
                    &CHANNEL,
                    &self.inner.origin,
                    &c.status,
                    &c.aborted_by,
                    &c.result,
                ],
            )
            .await
            .map_err(err)?;
        Ok(!rows.is_empty())
    }

    pub(super) async fn release_ai(&self, id: &str) -> Result<(), StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        c.client
            .execute(
                "UPDATE matches SET ai_owner = NULL, ai_until = NULL WHERE id = $1 \
                 AND ai_until < $2",
                &[&id, &now_ms()],
            )
            .await
            .map_err(err)?;
        Ok(())
    }

    pub(super) async fn count_unfinished(&self, creator: Option<&str>) -> Result<u64, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let row = match creator {
            None => {
                c.client
                    .query_one(
                        "SELECT count(*) FROM matches WHERE status IN ('open', 'running')",
                        &[],
                    )
                    .await
            }
            Some(who) => {
                c.client
                    .query_one(
                        "SELECT count(*) FROM matches WHERE creator = $1 \
                         AND status IN ('open', 'running')",
                        &[&who],
                    )
                    .await
            }
        };
        let n: i64 = row.map_err(err)?.try_get(0).map_err(err)?;
        Ok(from_sql_u64(n))
    }

    pub(super) async fn expire(
        &self,
        cutoffs: ExpiryCutoffs,
        limit: u32,
    ) -> Result<Vec<String>, StoreError> {
        // Other processes hear of it like of any change, in the same statement.
        const SQL: &str = "WITH u AS (UPDATE matches SET status = 'expired', rev = rev + 1, \
            updated_ms = $3 WHERE id IN (SELECT id FROM matches WHERE (status = 'open' AND \
            updated_ms < $1) OR (status = 'running' AND updated_ms < $2) OR (status IN \
            ('open', 'running') AND moves = 0 AND updated_ms < $7) LIMIT $4 \
            FOR UPDATE SKIP LOCKED) RETURNING id, rev) \
            SELECT id, pg_notify($5, $6 || ' ' || id || ' ' || rev)::TEXT FROM u";
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let rows = c
            .client
            .query(
                SQL,
                &[
                    &cutoffs.open_before,
                    &cutoffs.running_before,
                    &now_ms(),
                    &i64::from(limit),
                    &CHANNEL,
                    &self.inner.origin,
                    &cutoffs.unplayed_before,
                ],
            )
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| r.try_get::<_, String>(0).map_err(err))
            .collect()
    }

    pub(super) async fn commit_move(
        &self,
        change: LineChange<'_>,
        mv: &MoveRow,
    ) -> Result<Commit, StoreError> {
        let args = MoveArgs {
            change: change.columns(&self.inner.origin),
            n: to_sql_u64(mv.n),
            seat: i64::from(mv.seat),
            action: mv.action.to_string(),
            payload: self.payload(change.id, change.rev + 1),
        };
        let (reply, answer) = oneshot::channel();
        self.mover
            .send(MoveJob { args, reply })
            .map_err(|_| StoreError::Worker("the PostgreSQL move writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Worker("the PostgreSQL move writer dropped a move".into()))?
    }

    pub(super) async fn commit_undo(&self, change: LineChange<'_>) -> Result<Commit, StoreError> {
        let payload = self.payload(change.id, change.rev + 1);
        let c = change.columns(&self.inner.origin);
        let mut g = self.conn().await?;
        let conn = conn_mut(&mut g)?;
        let tx = conn.client.transaction().await.map_err(err)?;
        let changed = tx
            .execute(
                "UPDATE matches SET rev = rev + 1, undos = undos + 1, moves = $3, status = $4, \
                 result = $5, updated_ms = $6, ai_owner = $7, ai_until = $8 \
                 WHERE id = $1 AND rev = $2",
                &c.values().map(|v| v as &(dyn ToSql + Sync)),
            )
            .await
            .map_err(err)?;
        if changed != 1 {
            tx.rollback().await.map_err(err)?;
            return Ok(Commit::Conflict);
        }
        tx.execute(
            "DELETE FROM moves WHERE match_id = $1 AND n >= $2",
            &[&c.id, &c.moves],
        )
        .await
        .map_err(err)?;
        tx.execute("SELECT pg_notify($1, $2)", &[&CHANNEL, &payload])
            .await
            .map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(Commit::Done)
    }

    pub(super) async fn claim_seat(&self, claim: SeatClaim<'_>) -> Result<bool, StoreError> {
        let SeatClaim { id, seat, hash } = claim;
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let tx = c.client.transaction().await.map_err(err)?;
        let changed = tx
            .execute(
                "UPDATE seats SET token_hash = $3 WHERE match_id = $1 AND seat = $2 \
                 AND kind = 'open' AND token_hash IS NULL AND EXISTS (SELECT 1 FROM matches \
                 WHERE id = $1 AND status NOT IN ('expired', 'aborted'))",
                &[&id, &i64::from(seat), &hash],
            )
            .await
            .map_err(err)?;
        if changed != 1 {
            tx.rollback().await.map_err(err)?;
            return Ok(false);
        }
        tx.execute(
            "UPDATE matches SET status = 'running', updated_ms = $2 WHERE id = $1 \
             AND status = 'open' AND NOT EXISTS (SELECT 1 FROM seats WHERE match_id = $1 \
             AND kind = 'open' AND token_hash IS NULL)",
            &[&id, &now_ms()],
        )
        .await
        .map_err(err)?;
        let rev: i64 = tx
            .query_one("SELECT rev FROM matches WHERE id = $1", &[&id])
            .await
            .map_err(err)?
            .try_get(0)
            .map_err(err)?;
        tx.execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &self.payload(id, from_sql_u64(rev))],
        )
        .await
        .map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(true)
    }
}

impl Inner {
    /// A connection from the pool: a free one if any, else the next in turn. Reconnects a
    /// closed connection.
    async fn conn(&self) -> Result<MutexGuard<'_, Option<Conn>>, StoreError> {
        let n = self.pool.len();
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let mut guard = None;
        for i in 0..n {
            if let Ok(g) = self.pool[(start + i) % n].try_lock() {
                guard = Some(g);
                break;
            }
        }
        let mut guard = match guard {
            Some(g) => g,
            None => self.pool[start % n].lock().await,
        };
        if guard.as_ref().is_none_or(|c| c.client.is_closed()) {
            *guard = Some(Conn {
                client: connect(&self.url).await?,
                statements: HashMap::new(),
            });
        }
        Ok(guard)
    }

    /// Commits one move in its own transaction.
    async fn commit_move_alone(&self, args: &MoveArgs) -> Result<Commit, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let st = c.stmt(MOVE_SQL).await?;
        let rows = c.client.query(&st, &args.params()).await;
        match rows {
            Ok(rows) if rows.len() == 1 => Ok(Commit::Done),
            Ok(_) => Ok(Commit::Conflict),
            Err(e) if is_unique_violation(&e) => Ok(Commit::Conflict),
            Err(e) => Err(err(e)),
        }
    }

    /// Commits `batch` in one transaction, its statements pipelined. `Ok(None)`: a statement
    /// failed, the transaction was rolled back and nothing is stored.
    async fn commit_batch(&self, batch: &[MoveJob]) -> Result<Option<Vec<Commit>>, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let st = c.stmt(MOVE_SQL).await?;
        let tx = c.client.transaction().await.map_err(err)?;
        let params: Vec<_> = batch.iter().map(|j| j.args.params()).collect();
        let results = futures_util::future::join_all(params.iter().map(|p| tx.query(&st, p))).await;
        let mut out = Vec::with_capacity(batch.len());
        for r in results {
            match r {
                Ok(rows) if rows.len() == 1 => out.push(Commit::Done),
                Ok(_) => out.push(Commit::Conflict),
                Err(_) => {
                    tx.rollback().await.map_err(err)?;
                    return Ok(None);
                }
            }
        }
        tx.commit().await.map_err(err)?;
        Ok(Some(out))
    }
}

/// Group commit of moves: takes every move waiting (at most [`MAX_BATCH`]) and commits them
/// in one transaction, answering each only once that commit has returned. This matters more
/// than the round trips: PostgreSQL serialises the commits of transactions that `NOTIFY`
/// (a lock held until the commit is flushed), so one move per transaction would cost one WAL
/// flush each, one after another. If a statement fails, each move of the batch is retried in a
/// transaction of its own, so that only the move at fault is refused.
async fn move_writer(inner: Arc<Inner>, mut jobs: mpsc::UnboundedReceiver<MoveJob>) {
    while let Some(first) = jobs.recv().await {
        let mut batch = vec![first];
        while batch.len() < MAX_BATCH {
            match jobs.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        match inner.commit_batch(&batch).await {
            Ok(Some(results)) => {
                for (job, r) in batch.into_iter().zip(results) {
                    let _ = job.reply.send(Ok(r));
                }
            }
            Ok(None) => {
                for job in batch {
                    let r = inner.commit_move_alone(&job.args).await;
                    let _ = job.reply.send(r);
                }
            }
            Err(e) => {
                for job in batch {
                    let _ = job.reply.send(Err(e.clone()));
                }
            }
        }
    }
}

/// The Lab's runs (`store/lab.rs`).
impl PgStore {
    pub(super) async fn lab_insert(&self, run: &LabRow) -> Result<(), StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let (request, report, charts) = (
            run.request.to_string(),
            run.report.clone(),
            run.charts.as_ref().map(ToString::to_string),
        );
        c.client
            .execute(
                "INSERT INTO lab_runs (id, creator, game, setup, request, status, done, total, \
                 report, charts, error, created_ms, updated_ms, token_hash) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
                &[
                    &run.id,
                    &run.creator,
                    &run.game,
                    &run.setup,
                    &request,
                    &run.status.as_str(),
                    &run.done,
                    &run.total,
                    &report,
                    &charts,
                    &run.error,
                    &run.created_ms,
                    &run.updated_ms,
                    &run.token_hash,
                ],
            )
            .await
            .map_err(err)?;
        Ok(())
    }

    pub(super) async fn lab_get(&self, id: &str) -> Result<Option<LabRow>, StoreError> {
        let sql = format!("SELECT {LAB_COLUMNS}, report, charts FROM lab_runs WHERE id = $1");
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let row = c.client.query_opt(&sql, &[&id]).await.map_err(err)?;
        row.map(|r| LabRow::from_columns(&r, true)).transpose()
    }

    pub(super) async fn lab_list(&self, limit: u32) -> Result<Vec<LabRow>, StoreError> {
        let sql =
            format!("SELECT {LAB_COLUMNS} FROM lab_runs ORDER BY created_ms DESC, id LIMIT $1");
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let rows = c
            .client
            .query(&sql, &[&i64::from(limit)])
            .await
            .map_err(err)?;
        rows.iter()
            .map(|r| LabRow::from_columns(r, false))
            .collect()
    }

    pub(super) async fn lab_update(&self, id: &str, p: LabProgress) -> Result<bool, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let n = c
            .client
            .execute(
                "UPDATE lab_runs SET status = $2, done = $3, report = COALESCE($4, report), \
                 charts = COALESCE($5, charts), error = $6, updated_ms = $7 \
                 WHERE id = $1 AND status IN ('queued', 'running')",
                &[
                    &id,
                    &p.status.as_str(),
                    &p.done,
                    &p.report,
                    &p.charts,
                    &p.error,
                    &now_ms(),
                ],
            )
            .await
            .map_err(err)?;
        Ok(n > 0)
    }

    pub(super) async fn lab_count_active(&self, creator: Option<&str>) -> Result<u64, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        let row = c
            .client
            .query_one(
                "SELECT count(*) FROM lab_runs WHERE status IN ('queued', 'running') \
                 AND ($1::TEXT IS NULL OR creator = $1)",
                &[&creator],
            )
            .await
            .map_err(err)?;
        Ok(from_sql_u64(row.try_get::<_, i64>(0).map_err(err)?))
    }

    pub(super) async fn lab_interrupt(&self, before: i64) -> Result<u64, StoreError> {
        let mut g = self.conn().await?;
        let c = conn_mut(&mut g)?;
        c.client
            .execute(
                "UPDATE lab_runs SET status = 'interrupted', updated_ms = $2, error = \
                 'the server stopped while this run was being played' \
                 WHERE status IN ('queued', 'running') AND updated_ms < $1",
                &[&before, &now_ms()],
            )
            .await
            .map_err(err)
    }
}

fn is_unique_violation(e: &tokio_postgres::Error) -> bool {
    e.as_db_error()
        .is_some_and(|d| *d.code() == tokio_postgres::error::SqlState::UNIQUE_VIOLATION)
}

fn conn_mut<'a>(g: &'a mut MutexGuard<'_, Option<Conn>>) -> Result<&'a mut Conn, StoreError> {
    g.as_mut()
        .ok_or_else(|| StoreError::Postgres("no connection".into()))
}

/// Holds one connection that `LISTEN`s and forwards other processes' notices. Returns `Ok` when
/// the receiver is gone, `Err` when the connection fails.
async fn listen_once(
    url: &str,
    origin: &str,
    tx: &mpsc::UnboundedSender<Notice>,
    first: bool,
) -> Result<(), StoreError> {
    let (client, mut connection) = tokio_postgres::connect(url, NoTls).await.map_err(err)?;
    let (msg_tx, mut msg_rx) = mpsc::unbounded_channel();
    let driver = tokio::spawn(async move {
        let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
        while let Some(m) = messages.next().await {
            match m {
                Ok(AsyncMessage::Notification(n)) => {
                    if msg_tx.send(Ok(n.payload().to_owned())).is_err() {
                        return;
                    }
                }
                Ok(_) => {}
                Err(e) => {
                    let _ = msg_tx.send(Err(err(e)));
                    return;
                }
            }
        }
        let _ = msg_tx.send(Err(StoreError::Postgres("connection closed".into())));
    });
    let result = async {
        client
            .batch_execute(&format!("LISTEN {CHANNEL}"))
            .await
            .map_err(err)?;
        if !first && tx.send(Notice::Resync).is_err() {
            return Ok(());
        }
        while let Some(m) = msg_rx.recv().await {
            let payload = m?;
            let mut parts = payload.split_whitespace();
            let (Some(from), Some(id), Some(rev)) = (parts.next(), parts.next(), parts.next())
            else {
                continue;
            };
            if from == origin {
                continue;
            }
            let Ok(rev) = rev.parse::<u64>() else {
                continue;
            };
            let notice = Notice::Changed {
                id: id.to_owned(),
                rev,
            };
            if tx.send(notice).is_err() {
                return Ok(());
            }
        }
        Err(StoreError::Postgres("notification stream ended".into()))
    }
    .await;
    driver.abort();
    drop(client);
    result
}

columns!(Row, try_get);

fn match_row(r: &Row) -> Result<MatchRow, StoreError> {
    MatchRow::from_columns(r)
}

fn seat_row(r: &Row) -> Result<(String, SeatRow), StoreError> {
    let kind: String = r.try_get(2).map_err(err)?;
    Ok((
        r.try_get(0).map_err(err)?,
        SeatRow {
            seat: seat_from_sql(r.try_get(1).map_err(err)?)?,
            kind: parse_kind(&kind)?,
            agent: r.try_get(3).map_err(err)?,
            token_hash: r.try_get(4).map_err(err)?,
        },
    ))
}

async fn migrate(client: &mut Client, migrations: &[Migration]) -> Result<(), StoreError> {
    let tx = client.transaction().await.map_err(err)?;
    // Several processes may start at once: one migrates, the others wait and then see it done.
    tx.execute("SELECT pg_advisory_xact_lock(7263540001)", &[])
        .await
        .map_err(err)?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS schema_migrations (
             version    BIGINT PRIMARY KEY,
             name       TEXT NOT NULL,
             applied_ms BIGINT NOT NULL
         );",
    )
    .await
    .map_err(err)?;
    for m in migrations {
        let done = tx
            .query_opt(
                "SELECT version FROM schema_migrations WHERE version = $1",
                &[&m.version],
            )
            .await
            .map_err(err)?;
        if done.is_none() {
            tx.batch_execute(m.sql).await.map_err(|e| {
                StoreError::Postgres(format!("migration {} ({}): {}", m.version, m.name, err(e)))
            })?;
            tx.execute(
                "INSERT INTO schema_migrations (version, name, applied_ms) VALUES ($1, $2, $3)",
                &[&m.version, &m.name, &now_ms()],
            )
            .await
            .map_err(err)?;
        }
    }
    tx.commit().await.map_err(err)
}

/// `postgres://user:secret@host:5432/db?x=y` → `host:5432/db`.
pub fn describe_url(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let rest = rest.rsplit_once('@').map_or(rest, |(_, r)| r);
    rest.split('?').next().unwrap_or(rest).to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_are_described_without_secrets() {
        assert_eq!(
            describe_url("postgres://u:pw@127.0.0.1:5433/gw?sslmode=disable"),
            "127.0.0.1:5433/gw"
        );
        assert_eq!(describe_url("postgres://localhost/gw"), "localhost/gw");
    }
}
