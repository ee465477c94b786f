//! Load benchmark: many concurrent Connect Four matches between random players, each player a
//! real WebSocket client of a real server process on loopback. Reports moves per second and the
//! p50/p99 move latency (from sending `act` to receiving the `state` with the new version, i.e.
//! validated, committed to the database and pushed back) for SQLite and for PostgreSQL.
//!
//! ```text
//! cargo bench -p gridwright-server --bench load -- [--matches 32] [--secs 10] [--max-moves 20000]
//!                                                  [--store sqlite|postgres|both]
//! ```
//!
//! PostgreSQL: `$GRIDWRIGHT_TEST_PG` (an admin URL; a fresh database is created), else a
//! throwaway server from `scripts/pg-test-server.sh --durable` (fsync on, like SQLite's
//! `synchronous = FULL`). Bounded in count and time; loopback only.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    missing_debug_implementations
)]

#[path = "../tests/spawn.rs"]
mod spawn;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

struct Opts {
    matches: usize,
    secs: u64,
    max_moves: u64,
    store: String,
}

fn parse_opts() -> Opts {
    let mut o = Opts {
        matches: 32,
        secs: 10,
        max_moves: 50_000,
        store: "both".into(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let val = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--matches" => o.matches = val.parse().unwrap(),
            "--secs" => o.secs = val.parse().unwrap(),
            "--max-moves" => o.max_moves = val.parse().unwrap(),
            "--store" => o.store = val,
            _ => {
                i += 1; // `--bench` and other flags cargo passes
                continue;
            }
        }
        i += 2;
    }
    o
}

struct ServerProc {
    child: Child,
    addr: SocketAddr,
}

impl Drop for ServerProc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn spawn_server(store_args: &[String]) -> ServerProc {
    // Default limits: each player's connection lives for one game, so it sends at most 22
    // messages (hello and up to 21 moves), within the burst of 40. Match creation is not
    // rate-limited: every table creates a match per game, all from one address.
    let (child, addr) = spawn::spawn_server(
        ["--create-burst", "0", "--max-unfinished-per-address", "0"]
            .into_iter()
            .map(str::to_owned)
            .chain(store_args.iter().cloned()),
    );
    ServerProc { child, addr }
}

async fn post(addr: SocketAddr, path: &str, body: &Value) -> Value {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let b = body.to_string();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{b}",
        b.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let at = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    serde_json::from_slice(&buf[at + 4..]).unwrap()
}

/// A tiny xorshift RNG: the benchmark's random players.
struct Rand(u64);

impl Rand {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

struct Stats {
    moves: AtomicU64,
    latencies_us: Mutex<Vec<u64>>,
    games: AtomicU64,
}

/// One player: answers every state that offers it legal actions with a random one.
async fn player(
    addr: SocketAddr,
    id: String,
    token: String,
    seed: u64,
    stats: Arc<Stats>,
    deadline: Instant,
    max_moves: u64,
) {
    // A small read buffer, as the server's: the transport zero-fills the whole free buffer
    // (128 KiB by default) before every read, which would make the client the bottleneck.
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024);
    let (mut ws, _) = tokio_tungstenite::connect_async_with_config(
        format!("ws://{addr}/api/matches/{id}/ws"),
        Some(config),
        true,
    )
    .await
    .unwrap();
    ws.send(Message::text(
        json!({ "type": "hello", "token": token }).to_string(),
    ))
    .await
    .unwrap();
    let mut rng = Rand(seed | 1);
    let mut pending: Option<(u64, Instant)> = None;
    let mut local = Vec::new();
    // Both players stop at the deadline (the opponent may already have stopped moving).
    let stop = tokio::time::Instant::from_std(deadline);
    while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(stop, ws.next()).await {
        let Message::Text(t) = msg else { continue };
        let m: Value = serde_json::from_str(t.as_str()).unwrap();
        if m["type"] == "error" {
            panic!("server error: {m}");
        }
        if m["type"] != "state" {
            continue;
        }
        let version = m["version"].as_u64().unwrap();
        if let Some((v, sent)) = pending
            && version > v
        {
            local.push(sent.elapsed().as_micros() as u64);
            stats.moves.fetch_add(1, Ordering::Relaxed);
            pending = None;
        }
        if m["status"] == "finished" {
            break;
        }
        let legal = m["legal"].as_array().unwrap();
        if legal.is_empty() || pending.is_some() {
            continue;
        }
        if Instant::now() >= deadline || stats.moves.load(Ordering::Relaxed) >= max_moves {
            break;
        }
        let pick = &legal[rng.below(legal.len())];
        let act = json!({ "type": "act", "version": version, "action": pick["action"] });
        pending = Some((version, Instant::now()));
        ws.send(Message::text(act.to_string())).await.unwrap();
    }
    let _ = ws.close(None).await;
    stats.latencies_us.lock().await.extend(local);
}

/// One table: creates matches and has two players play them, one after another.
async fn table(addr: SocketAddr, n: u64, stats: Arc<Stats>, deadline: Instant, max_moves: u64) {
    let mut k = 0;
    while Instant::now() < deadline && stats.moves.load(Ordering::Relaxed) < max_moves {
        let created = post(
            addr,
            "/api/matches",
            &json!({ "game": "connect-four", "seats": [{ "kind": "human" }, { "kind": "human" }] }),
        )
        .await;
        let id = created["match"]["id"].as_str().unwrap().to_owned();
        let tokens: Vec<String> = created["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["token"].as_str().unwrap().to_owned())
            .collect();
        let a = tokio::spawn(player(
            addr,
            id.clone(),
            tokens[0].clone(),
            n * 1000 + k,
            stats.clone(),
            deadline,
            max_moves,
        ));
        let b = tokio::spawn(player(
            addr,
            id,
            tokens[1].clone(),
            n * 1000 + k + 500,
            stats.clone(),
            deadline,
            max_moves,
        ));
        let _ = tokio::join!(a, b);
        stats.games.fetch_add(1, Ordering::Relaxed);
        k += 1;
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

async fn run(label: &str, server: ServerProc, o: &Opts) {
    let stats = Arc::new(Stats {
        moves: AtomicU64::new(0),
        latencies_us: Mutex::new(Vec::new()),
        games: AtomicU64::new(0),
    });
    let start = Instant::now();
    let deadline = start + Duration::from_secs(o.secs);
    let tables: Vec<_> = (0..o.matches as u64)
        .map(|n| tokio::spawn(table(server.addr, n, stats.clone(), deadline, o.max_moves)))
        .collect();
    for t in tables {
        t.await.unwrap();
    }
    let elapsed = start.elapsed().as_secs_f64();
    let mut lat = stats.latencies_us.lock().await.clone();
    lat.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    println!(
        "{label:<10} {:>3} concurrent matches  {:>6} moves in {:>5.1} s  {:>7.0} moves/s  \
         p50 {:>6.2} ms  p99 {:>6.2} ms  max {:>7.2} ms  ({} games)",
        o.matches,
        moves,
        elapsed,
        moves as f64 / elapsed,
        percentile(&lat, 0.50),
        percentile(&lat, 0.99),
        percentile(&lat, 1.0),
        stats.games.load(Ordering::Relaxed),
    );
    drop(server);
}

fn pg_url() -> Option<String> {
    if let Ok(u) = std::env::var("GRIDWRIGHT_TEST_PG")
        && !u.trim().is_empty()
    {
        return Some(u.trim().to_owned());
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pg-test-server.sh");
    let out = Command::new("bash")
        .args([
            script,
            "--durable",
            "--owner-pid",
            &std::process::id().to_string(),
        ])
        .stderr(Stdio::inherit())
        .output()
        .ok()?;
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .rev()
        .find(|l| l.starts_with("postgres://"))
        .map(str::to_owned)
}

async fn fresh_db(admin: &str) -> String {
    let name = format!("gw_bench_{}", std::process::id());
    let (client, conn) = tokio_postgres::connect(admin, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    for sql in [
        format!("DROP DATABASE IF EXISTS {name}"),
        format!("CREATE DATABASE {name}"),
    ] {
        client.batch_execute(&sql).await.unwrap();
    }
    let (head, _) = admin.rsplit_once('/').unwrap();
    format!("{head}/{name}")
}

fn main() {
    let o = parse_opts();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        println!(
            "gridwright-server load benchmark: connect-four, random players over WebSocket, \
             at most {} s and {} moves per store",
            o.secs, o.max_moves
        );
        if o.store == "sqlite" || o.store == "both" {
            let dir = std::env::temp_dir().join(format!("gridwright-bench-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let server = spawn_server(&["--data".into(), dir.display().to_string()]);
            run("sqlite", server, &o).await;
            let _ = std::fs::remove_dir_all(&dir);
        }
        if o.store == "postgres" || o.store == "both" {
            match pg_url() {
                Some(admin) => {
                    let url = fresh_db(&admin).await;
                    let server = spawn_server(&["--database".into(), url]);
                    run("postgres", server, &o).await;
                }
                None => println!("postgres   skipped: no server (set GRIDWRIGHT_TEST_PG)"),
            }
        }
    });
}
