//! Test plumbing: a minimal HTTP/1.1 client, a WebSocket client, in-process and child-process
//! servers, throwaway data directories, and the PostgreSQL test database.

use crate::fixture::SealedBid;
use futures_util::{SinkExt, StreamExt};
use gridwright_catalog::ContentSource;
use gridwright_server::{Games, Limits, MatchLimits, ServeOptions, Server};
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub const WAIT: Duration = Duration::from_secs(10);

// ---------------------------------------------------------------- temp dirs

/// A directory removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        static N: AtomicUsize = AtomicUsize::new(0);
        let p = std::env::temp_dir().join(format!(
            "gridwright-server-test-{}-{tag}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = std::fs::remove_dir_all(&p);
        std::fs::create_dir_all(&p).unwrap();
        TempDir(p)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

// ---------------------------------------------------------------- HTTP

#[derive(Debug)]
pub struct Resp {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Value,
    pub raw: Vec<u8>,
}

impl Resp {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// One HTTP/1.1 request on a fresh connection. `body` is sent verbatim.
pub async fn http_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    token: Option<&str>,
) -> Resp {
    let s = TcpStream::connect(addr).await.unwrap();
    http_on(s, addr, method, path, body, token, &[]).await
}

/// `POST` of JSON from another loopback address (`127.0.0.2`, …): another client, as the
/// server's per-address limits see it.
pub async fn post_from(from: [u8; 4], addr: SocketAddr, path: &str, body: &Value) -> Resp {
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.bind(SocketAddr::from((from, 0))).unwrap();
    let s = sock.connect(addr).await.unwrap();
    let b = body.to_string();
    http_on(s, addr, "POST", path, Some(b.as_bytes()), None, &[]).await
}

/// A `GET` with extra request headers (`Accept-Encoding`, `If-None-Match`, …).
pub async fn get_with(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> Resp {
    let s = TcpStream::connect(addr).await.unwrap();
    http_on(s, addr, "GET", path, None, None, headers).await
}

async fn http_on(
    mut s: TcpStream,
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&[u8]>,
    token: Option<&str>,
    extra: &[(&str, &str)],
) -> Resp {
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (k, v) in extra {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    if let Some(t) = token {
        req.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    if let Some(b) = body {
        req.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            b.len()
        ));
    } else if method == "POST" {
        req.push_str("Content-Length: 0\r\n");
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    if let Some(b) = body {
        // The server may answer (413) and close before reading a huge body.
        let _ = s.write_all(b).await;
    }
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await;
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| panic!("no HTTP header in {:?}", String::from_utf8_lossy(&buf)));
    let head = String::from_utf8_lossy(&buf[..split]).into_owned();
    let mut body = buf[split + 4..].to_vec();
    let mut lines = head.lines();
    let status: u16 = lines
        .next()
        .unwrap()
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    if headers
        .iter()
        .any(|(k, v)| k.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    let value = serde_json::from_slice(&body)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&body).into_owned()));
    Resp {
        status,
        headers,
        body: value,
        raw: body,
    }
}

fn dechunk(mut b: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(nl) = b.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = usize::from_str_radix(String::from_utf8_lossy(&b[..nl]).trim(), 16).unwrap_or(0);
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&b[nl + 2..nl + 2 + size]);
        b = &b[nl + 2 + size + 2..];
    }
}

/// Runs `gridwright-server --port 0 ARGS` to its exit (for a start that must be refused) and
/// returns what it printed.
pub async fn server_run_to_exit(args: Vec<String>) -> std::process::Output {
    tokio::task::spawn_blocking(move || {
        Command::new(env!("CARGO_BIN_EXE_gridwright-server"))
            .args(["--port", "0"])
            .args(&args)
            .output()
            .unwrap()
    })
    .await
    .unwrap()
}

/// `GET /api/health` answers 200 with `ok: true`.
pub async fn assert_healthy(addr: SocketAddr) {
    let r = get(addr, "/api/health").await;
    assert_eq!(
        (r.status, &r.body["ok"]),
        (200, &json!(true)),
        "{:?}",
        r.body
    );
}

pub async fn get(addr: SocketAddr, path: &str) -> Resp {
    http_raw(addr, "GET", path, None, None).await
}

pub async fn get_as(addr: SocketAddr, path: &str, token: &str) -> Resp {
    http_raw(addr, "GET", path, None, Some(token)).await
}

pub async fn post(addr: SocketAddr, path: &str, body: &Value, token: Option<&str>) -> Resp {
    let b = body.to_string();
    http_raw(addr, "POST", path, Some(b.as_bytes()), token).await
}

/// Posts the action "drop a disc in column `col`" at `version` to the actions path `path`.
pub async fn drop_disc(
    addr: SocketAddr,
    path: &str,
    version: impl serde::Serialize,
    col: u8,
    token: Option<&str>,
) -> Resp {
    let body = json!({ "version": version, "action": drop_col(col) });
    post(addr, path, &body, token).await
}

/// The status of match `id` (`"running"`, `"finished"`, `"expired"`, ...).
pub async fn status(addr: SocketAddr, id: &str) -> Value {
    get(addr, &format!("/api/matches/{id}")).await.body["status"].clone()
}

/// Asserts that `r` is a refusal with HTTP `status` and the error `code`.
#[track_caller]
pub fn assert_refused(r: &Resp, status: u16, code: &str) {
    assert_eq!(
        (r.status, r.body["code"].as_str()),
        (status, Some(code)),
        "{:?}",
        r.body
    );
}

/// The `message` of an error body (panics if there is none).
#[track_caller]
pub fn message(r: &Resp) -> &str {
    r.body["message"]
        .as_str()
        .unwrap_or_else(|| panic!("no message in {:?}", r.body))
}

/// Asserts that `r` refuses the name `what` with 400 `code`, quotes nothing of a file (no
/// secret, no parse or OS error), and lists the names `listed` belongs to; returns the body.
pub fn refused_name(r: &Resp, what: &str, code: &str, listed: &str) -> String {
    assert_eq!(r.status, 400, "{what}: {:?}", r.body);
    assert_eq!(r.body["code"], code, "{what}: {:?}", r.body);
    let text = String::from_utf8_lossy(&r.raw).into_owned();
    for leak in [
        "hunter2",
        "password",
        "root:",
        "[[",
        "No such file",
        "os error",
    ] {
        assert!(!text.contains(leak), "{what}: `{leak}` in {text}");
    }
    assert!(text.contains(listed), "lists the names: {text}");
    text
}

/// Creates a match and returns (id, tokens by seat).
pub async fn create(addr: SocketAddr, req: Value) -> (String, Vec<(u64, String)>) {
    let r = post(addr, "/api/matches", &req, None).await;
    assert_eq!(r.status, 201, "create failed: {:?}", r.body);
    let id = r.body["match"]["id"].as_str().unwrap().to_owned();
    let tokens = r.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["seat"].as_u64().unwrap(),
                s["token"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    (id, tokens)
}

/// The winning line of a Connect Four test: seat 0 in column 0, seat 1 in column 1; seat 0
/// wins on move 7.
pub const FOUR_IN_COLUMN_0: [u8; 7] = [0, 1, 0, 1, 0, 1, 0];

/// Drops discs in Connect Four match `id` in columns `cols` over HTTP, from version `from`,
/// move `i` with `tokens[i % tokens.len()]`; asserts every move is accepted (200) and returns
/// each answer.
/// A new Connect Four match for two humans (the server's default game), as [`create`] gives it.
pub async fn pvp(addr: SocketAddr) -> (String, Vec<(u64, String)>) {
    create(
        addr,
        json!({ "game": "connect-four", "seats": [human(), human()] }),
    )
    .await
}

pub async fn play_columns(
    addr: SocketAddr,
    id: &str,
    tokens: &[&str],
    from: u64,
    cols: &[u8],
) -> Vec<Resp> {
    let path = format!("/api/matches/{id}/actions");
    let mut answers = Vec::new();
    for (i, c) in cols.iter().enumerate() {
        let r = post(
            addr,
            &path,
            &json!({ "version": from + i as u64, "action": drop_col(*c) }),
            Some(tokens[i % tokens.len()]),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        answers.push(r);
    }
    answers
}

/// A hotseat Connect Four match of two people, created and won by seat 0 on move 7
/// ([`FOUR_IN_COLUMN_0`]): its id and its one token.
pub async fn finished_hotseat_match(addr: SocketAddr) -> (String, String) {
    let (id, tokens) = create(
        addr,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    let tok = tokens[0].1.clone();
    play_columns(addr, &id, &[&tok], 0, &FOUR_IN_COLUMN_0).await;
    (id, tok)
}

/// Another client (address `from`, e.g. `127.0.0.2`) creates a person-vs-random-AI Connect Four
/// match and watches it: the match's id, the person's token and the person's WebSocket.
pub async fn other_clients_ai_match(addr: SocketAddr, from: [u8; 4]) -> (String, String, Ws) {
    let r = post_from(
        from,
        addr,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let id = r.body["match"]["id"].as_str().unwrap().to_owned();
    let token = r.body["seats"][0]["token"].as_str().unwrap().to_owned();
    let (ws, _) = Ws::join(addr, &id, Some(&token)).await;
    (id, token, ws)
}

/// The person of [`other_clients_ai_match`] makes `action` at `version`; returns how long the
/// random AI seat's reply took to reach the person's WebSocket.
pub async fn time_of_ai_reply(
    addr: SocketAddr,
    (id, token, ws): (&str, &str, &mut Ws),
    version: u64,
    action: Value,
) -> Duration {
    let started = std::time::Instant::now();
    let r = post(
        addr,
        &format!("/api/matches/{id}/actions"),
        &json!({ "version": version, "action": action }),
        Some(token),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    ws.state_at(version + 2).await;
    started.elapsed()
}

/// Another client (address `127.0.0.2`) plays three moves of [`other_clients_ai_match`]; the
/// longest its AI seat's reply took.
pub async fn worst_ai_reply_of_another_client(addr: SocketAddr) -> Duration {
    let (id, token, mut ws) = other_clients_ai_match(addr, [127, 0, 0, 2]).await;
    let mut worst = Duration::ZERO;
    for v in [0u64, 2, 4] {
        let legal = get_as(addr, &format!("/api/matches/{id}/state"), &token).await;
        let action = legal.body["legal"][0]["action"].clone();
        let took = time_of_ai_reply(addr, (&id, &token, &mut ws), v, action).await;
        worst = worst.max(took);
    }
    worst
}

pub fn human() -> Value {
    json!({ "kind": "human" })
}

pub fn open() -> Value {
    json!({ "kind": "open" })
}

pub fn ai(agent: &str) -> Value {
    json!({ "kind": "ai", "agent": agent })
}

pub fn drop_col(c: u8) -> Value {
    json!({ "drop": c })
}

// ---------------------------------------------------------------- WebSocket

pub struct Ws {
    pub s: tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>,
}

impl Ws {
    pub async fn connect(addr: SocketAddr, id: &str) -> Ws {
        let (s, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/api/matches/{id}/ws"),
            None,
            true,
        )
        .await
        .unwrap();
        Ws { s }
    }

    /// Connects and says hello; returns the socket and the first state.
    pub async fn join(addr: SocketAddr, id: &str, token: Option<&str>) -> (Ws, Value) {
        let mut ws = Ws::connect(addr, id).await;
        ws.send(json!({ "type": "hello", "token": token })).await;
        let welcome = ws.recv().await;
        assert_eq!(welcome["type"], "welcome", "{welcome}");
        let state = ws.recv().await;
        assert_eq!(state["type"], "state", "{state}");
        (ws, state)
    }

    pub async fn send(&mut self, v: Value) {
        self.s.send(Message::text(v.to_string())).await.unwrap();
    }

    pub async fn send_text(&mut self, t: String) -> bool {
        self.s.send(Message::text(t)).await.is_ok()
    }

    /// The next text message as JSON (panics on timeout or close).
    pub async fn recv(&mut self) -> Value {
        self.try_recv(WAIT).await.expect("no message from server")
    }

    pub async fn try_recv(&mut self, wait: Duration) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(wait, self.s.next())
                .await
                .ok()??
                .ok()?;
            match m {
                Message::Text(t) => return Some(serde_json::from_str(t.as_str()).unwrap()),
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// Skips messages until one satisfies `pred`.
    pub async fn until(&mut self, mut pred: impl FnMut(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let m = self
                .try_recv(left)
                .await
                .expect("server went quiet before the expected message");
            if pred(&m) {
                return m;
            }
        }
    }

    pub async fn state_at(&mut self, version: u64) -> Value {
        self.until(|m| m["type"] == "state" && m["version"].as_u64() >= Some(version))
            .await
    }
}

// ---------------------------------------------------------------- servers

pub fn games() -> Games {
    Games::catalog(&ContentSource::Builtin).with::<SealedBid>(ContentSource::Builtin)
}

pub fn options(data: &TempDir, database: Option<String>) -> ServeOptions {
    ServeOptions {
        host: "127.0.0.1".into(),
        port: 0,
        data_dir: data.0.clone(),
        database,
        content: None,
        decks: Vec::new(),
        ai_delay_ms: 0,
        limits: Limits {
            ws_rate_per_sec: 50,
            ws_burst: 50,
            ws_max_refusals: 100,
            ..Limits::default()
        },
        // Tests create matches faster than people do.
        matches: MatchLimits {
            create_burst: 0,
            max_unfinished_per_address: 0,
            ..MatchLimits::default()
        },
        keep_chosen_seeds: false,
        allowed_origins: Vec::new(),
        operator_token: None,
    }
}

/// An in-process server on SQLite in a throwaway directory.
pub struct TestServer {
    pub server: Option<Server>,
    pub addr: SocketAddr,
    _dir: TempDir,
}

impl TestServer {
    pub async fn sqlite() -> TestServer {
        TestServer::sqlite_with(|_| {}).await
    }

    /// On SQLite, with options changed by `change`.
    pub async fn sqlite_with(change: impl FnOnce(&mut ServeOptions)) -> TestServer {
        TestServer::sqlite_serving(games(), change).await
    }

    /// On SQLite, offering `games`, with options changed by `change`.
    pub async fn sqlite_serving(
        games: Games,
        change: impl FnOnce(&mut ServeOptions),
    ) -> TestServer {
        let dir = TempDir::new("sqlite");
        let mut opts = options(&dir, None);
        change(&mut opts);
        let server = gridwright_server::start(&opts, games).await.unwrap();
        TestServer {
            addr: server.addr(),
            server: Some(server),
            _dir: dir,
        }
    }

    pub async fn postgres(url: String) -> TestServer {
        let dir = TempDir::new("pg");
        let server = gridwright_server::start(&options(&dir, Some(url)), games())
            .await
            .unwrap();
        TestServer {
            addr: server.addr(),
            server: Some(server),
            _dir: dir,
        }
    }

    pub async fn stop(mut self) {
        if let Some(s) = self.server.take() {
            s.shutdown().await.unwrap();
        }
    }
}

/// The real `gridwright-server` binary as a child process.
pub struct Proc {
    pub child: Child,
    pub addr: SocketAddr,
}

impl Proc {
    pub fn spawn(args: &[String]) -> Proc {
        let (child, addr) = crate::spawn::spawn_server(
            ["--ai-delay-ms", "0", "--ai-lease-ms", "1500"]
                .into_iter()
                .map(str::to_owned)
                .chain(args.iter().cloned()),
        );
        Proc { child, addr }
    }

    /// SIGKILL: no shutdown code runs.
    pub fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

// ---------------------------------------------------------------- PostgreSQL

/// The admin URL of the test PostgreSQL server: `$GRIDWRIGHT_TEST_PG`, else one started by
/// `scripts/pg-test-server.sh`. `None` (test skipped, loudly) only when `CI` is not set.
pub fn pg_admin_url() -> Option<String> {
    static URL: OnceLock<Result<String, String>> = OnceLock::new();
    let r = URL.get_or_init(|| {
        if let Ok(u) = std::env::var("GRIDWRIGHT_TEST_PG")
            && !u.trim().is_empty()
        {
            return Ok(u.trim().to_owned());
        }
        let script = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/pg-test-server.sh");
        let out = Command::new("bash")
            .arg(script)
            .arg("--owner-pid")
            .arg(std::process::id().to_string())
            .stderr(Stdio::inherit())
            .output()
            .map_err(|e| format!("cannot run {script}: {e}"))?;
        let text = String::from_utf8_lossy(&out.stdout);
        match text.lines().rev().find(|l| l.starts_with("postgres://")) {
            Some(u) if out.status.success() => Ok(u.trim().to_owned()),
            _ => Err(format!("{script} failed ({}): {text}", out.status)),
        }
    });
    match r {
        Ok(u) => Some(u.clone()),
        Err(e) if std::env::var_os("CI").is_some() => {
            panic!("PostgreSQL tests need a server and CI is set: {e}")
        }
        Err(e) => {
            eprintln!(
                "SKIPPED: PostgreSQL test (set GRIDWRIGHT_TEST_PG or install postgresql): {e}"
            );
            None
        }
    }
}

/// A fresh, empty database on the test server; returns its URL.
pub async fn pg_fresh_db() -> Option<String> {
    let admin = pg_admin_url()?;
    static N: AtomicUsize = AtomicUsize::new(0);
    let name = format!(
        "gw_test_{}_{}_{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .subsec_nanos()
    );
    let (client, conn) = tokio_postgres::connect(&admin, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client
        .batch_execute(&format!("CREATE DATABASE {name}"))
        .await
        .unwrap();
    Some(with_db(&admin, &name))
}

/// `admin` with its database name replaced by `db`.
fn with_db(admin: &str, db: &str) -> String {
    let (scheme, rest) = admin.split_once("://").unwrap();
    let (authority, query) = match rest.split_once('/') {
        Some((a, path)) => (a, path.split_once('?').map(|(_, q)| q)),
        None => (rest, None),
    };
    match query {
        Some(q) => format!("{scheme}://{authority}/{db}?{q}"),
        None => format!("{scheme}://{authority}/{db}"),
    }
}
