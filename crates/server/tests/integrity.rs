//! Store integrity: a damaged SQLite file is refused at start with a message naming the file and
//! the damage, and `/api/health` reports a store that does not answer.

use crate::common::*;
use serde_json::json;
use std::io::{Seek, SeekFrom, Write};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_sqlite_file_is_refused_at_start() {
    let dir = TempDir::new("corrupt");
    let args = vec!["--data".to_string(), dir.0.display().to_string()];
    let server = Proc::spawn(&args);
    for _ in 0..30 {
        create(server.addr, json!({ "game": "grid-battles" })).await;
    }
    server.kill();
    let file = dir.0.join("gridwright.sqlite3");
    // Fold the WAL into the file, so that the pages below are the ones read.
    {
        let c = rusqlite::Connection::open(&file).unwrap();
        c.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))
            .unwrap();
        c.query_row("PRAGMA journal_mode = DELETE", [], |_| Ok(()))
            .unwrap();
    }
    let pages = std::fs::metadata(&file).unwrap().len() / 4096;
    assert!(pages > 8, "{pages} pages");
    // Garbage over pages 3 to 6 (page 1, the header, stays).
    let mut f = std::fs::OpenOptions::new().write(true).open(&file).unwrap();
    f.seek(SeekFrom::Start(2 * 4096)).unwrap();
    let garbage: Vec<u8> = (0..4 * 4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    f.write_all(&garbage).unwrap();
    f.sync_all().unwrap();
    drop(f);
    let out = server_run_to_exit(args).await;
    let stdout = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "started on a damaged file: {stdout} {err}"
    );
    assert!(
        err.contains(&file.display().to_string()),
        "names the file: {err}"
    );
    assert!(err.contains("is damaged"), "says what is wrong: {err}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_reports_a_store_that_does_not_answer() {
    let t = TestServer::sqlite().await;
    assert_healthy(t.addr).await;
    t.stop().await;

    let Some(url) = pg_fresh_db().await else {
        return;
    };
    let admin = pg_admin_url().unwrap();
    let db = url
        .rsplit('/')
        .next()
        .unwrap()
        .split('?')
        .next()
        .unwrap()
        .to_owned();
    let t = TestServer::postgres(url).await;
    let a = t.addr;
    assert_healthy(a).await;
    // The database goes away: no new connections, the server's are cut.
    let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client
        .batch_execute(&format!(
            "ALTER DATABASE {db} WITH ALLOW_CONNECTIONS false; \
             SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '{db}'"
        ))
        .await
        .unwrap();
    let r = get(a, "/api/health").await;
    assert_eq!(r.status, 503, "{:?}", r.body);
    assert_eq!(r.body["ok"], false);
    assert!(
        r.body["store_error"]
            .as_str()
            .unwrap()
            .contains("PostgreSQL"),
        "{:?}",
        r.body
    );
    // And back.
    client
        .batch_execute(&format!("ALTER DATABASE {db} WITH ALLOW_CONNECTIONS true"))
        .await
        .unwrap();
    assert_healthy(a).await;
    t.stop().await;
}

/// A database from before the AI lease (schema version 1) is upgraded at start, and the AI seat
/// of its unfinished match moves without anyone asking for the match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_version_1_database_upgrades_and_its_ai_seats_resume() {
    let dir = TempDir::new("upgrade");
    let args = vec!["--data".to_string(), dir.0.display().to_string()];
    let server = Proc::spawn(&args);
    let (id, _) = create(
        server.addr,
        json!({ "game": "connect-four", "seats": [ai("random"), human()], "ai_delay_ms": 60000 }),
    )
    .await;
    server.kill();
    {
        // Back to schema version 1, as an older server left it.
        let c = rusqlite::Connection::open(dir.0.join("gridwright.sqlite3")).unwrap();
        c.execute_batch(
            "DROP INDEX matches_by_ai_lease;
             ALTER TABLE matches DROP COLUMN ai_owner;
             ALTER TABLE matches DROP COLUMN ai_until;
             DELETE FROM schema_migrations WHERE version = 2;
             UPDATE matches SET ai_delay_ms = 0;",
        )
        .unwrap();
    }
    let server = Proc::spawn(&args);
    let a = server.addr;
    let deadline = tokio::time::Instant::now() + WAIT;
    loop {
        let listed = get(a, "/api/matches?status=all").await;
        if listed.body["matches"][0]["moves"] == 1 {
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the AI seat did not resume: {:?}",
            listed.body
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(get(a, &format!("/api/matches/{id}")).await.body["moves"], 1);
    server.kill();
}
