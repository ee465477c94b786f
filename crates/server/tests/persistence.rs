//! Crash and resume: the real binary is killed with SIGKILL mid-game and started again on the
//! same data directory; every unfinished match resumes exactly.

use crate::common::*;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Everything a client can see of a match, per token, to compare before and after.
async fn snapshot(a: SocketAddr, id: &str, tokens: &[Option<&str>]) -> Vec<Value> {
    let mut out = Vec::new();
    for t in tokens {
        let path = format!("/api/matches/{id}/state");
        let mut r = match t {
            Some(t) => get_as(a, &path, t).await,
            None => get(a, &path).await,
        };
        assert_eq!(r.status, 200, "{:?}", r.body);
        r.body.as_object_mut().unwrap().remove("seats");
        out.push(r.body);
    }
    out
}

/// Crash-and-resume on the store given by `args`.
pub async fn crash_and_resume(args: Vec<String>) {
    let server = Proc::spawn(&args);
    let a = server.addr;
    // A game between two people, several moves in.
    let (pvp, t) = pvp(a).await;
    let (p1, p2) = (t[0].1.clone(), t[1].1.clone());
    let path = format!("/api/matches/{pvp}/actions");
    for (v, (tok, c)) in [(&p1, 3), (&p2, 3), (&p1, 4), (&p2, 2), (&p1, 5)]
        .into_iter()
        .enumerate()
    {
        let r = drop_disc(a, &path, v, c, Some(tok)).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    // A game against the AI, after its reply.
    let (pve, t) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    let me = t[0].1.clone();
    let (mut w, _) = Ws::join(a, &pve, Some(&me)).await;
    w.send(json!({ "type": "act", "version": 0, "action": drop_col(0) }))
        .await;
    w.state_at(2).await;
    // A game whose AI seat is still thinking when the server dies.
    let (slow, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [ai("random"), human()], "ai_delay_ms": 2500 }),
    )
    .await;

    let before_pvp = snapshot(a, &pvp, &[Some(&p1), Some(&p2), None]).await;
    let before_pve = snapshot(a, &pve, &[Some(&me), None]).await;
    let before_slow = snapshot(a, &slow, &[None]).await;
    drop(w);
    server.kill(); // SIGKILL: no shutdown code runs

    let server = Proc::spawn(&args);
    let a = server.addr;
    assert_eq!(
        snapshot(a, &pvp, &[Some(&p1), Some(&p2), None]).await,
        before_pvp
    );
    assert_eq!(snapshot(a, &pve, &[Some(&me), None]).await, before_pve);
    assert_eq!(snapshot(a, &slow, &[None]).await, before_slow);
    assert_eq!(before_slow[0]["moves"], 0, "killed before the AI moved");
    let listed = get(a, "/api/matches?status=running").await;
    for id in [&pvp, &pve, &slow] {
        assert!(
            listed.body["matches"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["id"] == *id)
        );
    }
    // Play goes on: the versions and tokens are still valid, stale ones still refused.
    let r = drop_disc(a, &path, 5, 6, Some(&p2)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let r = drop_disc(a, &path, 5, 6, Some(&p1)).await;
    assert_eq!(r.status, 409);
    let (mut w, s) = Ws::join(a, &pve, Some(&me)).await;
    assert_eq!(s["version"], 2);
    w.send(json!({ "type": "act", "version": 2, "action": drop_col(0) }))
        .await;
    assert_eq!(
        w.state_at(4).await["moves"],
        4,
        "the resumed AI seat answers"
    );
    // Undo still works after the restart (the move log is complete).
    w.send(json!({ "type": "undo", "version": 4 })).await;
    assert_eq!(w.state_at(5).await["moves"], 2);
    // The AI seat that was thinking when the server died moves by itself after the restart.
    let (mut watch, _) = Ws::join(a, &slow, None).await;
    assert_eq!(watch.state_at(1).await["moves"], 1);
    tokio::time::sleep(Duration::from_millis(50)).await;
    server.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_matches_survive_sigkill_and_resume_exactly() {
    let dir = TempDir::new("crash");
    crash_and_resume(vec!["--data".into(), dir.0.display().to_string()]).await;
    assert!(dir.0.join("gridwright.sqlite3").exists());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_second_server_on_the_same_sqlite_file_is_refused() {
    let dir = TempDir::new("lock");
    let args = vec!["--data".to_string(), dir.0.display().to_string()];
    let first = Proc::spawn(&args);
    let out = server_run_to_exit(args).await;
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("another Gridwright server"), "{err}");
    assert_eq!(
        get(first.addr, "/api/health").await.status,
        200,
        "the first one is unharmed"
    );
    first.kill();
}

/// A move over HTTP that tolerates the server dying: `Some(status)` only for a complete answer.
async fn try_move(a: SocketAddr, id: &str, token: &str, version: usize, col: u8) -> Option<u16> {
    let body = json!({ "version": version, "action": drop_col(col) }).to_string();
    let req = format!(
        "POST /api/matches/{id}/actions HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\
         Authorization: Bearer {token}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    let mut s = TcpStream::connect(a).await.ok()?;
    s.write_all(req.as_bytes()).await.ok()?;
    let mut buf = Vec::new();
    tokio::time::timeout(WAIT, s.read_to_end(&mut buf))
        .await
        .ok()?
        .ok()?;
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n")?;
    // A complete answer: a status line and a JSON body that parses.
    serde_json::from_str::<Value>(body.trim()).ok()?;
    head.split_whitespace().nth(1)?.parse().ok()
}

/// The column of a match's `k`-th move: fills the bottom three rows without four in a row.
fn column(k: usize) -> u8 {
    (k % 7) as u8
}

/// Many matches move at once, so that their moves share group commits; the server is killed
/// with SIGKILL in the middle. After a restart, every acknowledged move is there, in order, and
/// at most the one move per match that was in flight when the server died was stored besides.
pub async fn acknowledged_concurrent_moves_survive_sigkill(args: Vec<String>) {
    const MATCHES: usize = 24;
    const MOVES: usize = 20; // rows 0..=2 only: nobody wins
    let server = Proc::spawn(&args);
    let a = server.addr;
    let mut games = Vec::new();
    for _ in 0..MATCHES {
        let (id, t) = pvp(a).await;
        games.push((id, [t[0].1.clone(), t[1].1.clone()]));
    }
    let acked_total = Arc::new(AtomicUsize::new(0));
    let mut players = Vec::new();
    for (id, tokens) in games.clone() {
        let acked_total = acked_total.clone();
        players.push(tokio::spawn(async move {
            let mut acked = 0;
            while acked < MOVES {
                match try_move(a, &id, &tokens[acked % 2], acked, column(acked)).await {
                    Some(200) => {
                        acked += 1;
                        acked_total.fetch_add(1, Ordering::Relaxed);
                    }
                    Some(status) => panic!("move {acked} of {id} refused with {status}"),
                    None => break, // the server died
                }
            }
            acked
        }));
    }
    // Kill the server mid-stream: about a third of the moves are in, and every match is busy.
    let wanted = MATCHES * MOVES / 3;
    let waited = tokio::time::timeout(Duration::from_secs(60), async {
        while acked_total.load(Ordering::Relaxed) < wanted {
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
    })
    .await;
    assert!(waited.is_ok(), "the moves did not get going");
    server.kill();
    let mut acked = Vec::new();
    for p in players {
        acked.push(p.await.unwrap());
    }
    assert!(
        acked.iter().any(|n| *n < MOVES),
        "the server was killed mid-stream: {acked:?}"
    );

    let server = Proc::spawn(&args);
    let a = server.addr;
    for ((id, _), acked) in games.iter().zip(&acked) {
        let r = get(a, &format!("/api/matches/{id}/state")).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let stored = r.body["moves"].as_u64().unwrap() as usize;
        assert!(
            stored == *acked || stored == *acked + 1,
            "match {id}: {acked} moves acknowledged, {stored} stored"
        );
        let log = r.body["log"].as_array().unwrap();
        assert_eq!(log.len(), stored);
        for (k, entry) in log.iter().enumerate() {
            assert_eq!(entry["action"], drop_col(column(k)), "match {id}, move {k}");
            assert_eq!(entry["actor"]["seat"], k % 2, "match {id}, move {k}");
        }
        assert_eq!(r.body["version"], stored, "the version survives too");
    }
    server.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sqlite_acknowledged_concurrent_moves_survive_sigkill() {
    let dir = TempDir::new("group-crash");
    acknowledged_concurrent_moves_survive_sigkill(vec![
        "--data".into(),
        dir.0.display().to_string(),
    ])
    .await;
}
