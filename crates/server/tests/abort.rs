//! Aborting a match (issue 20, server point 12): its creator (the creator token create
//! returns, all-AI matches included) and the operator (a credential given at start) may end it;
//! anyone else is refused; its sockets are told; its AI work stops and gives its thread to
//! other matches; and it stays aborted across a restart, on SQLite and PostgreSQL.

use crate::common::*;
use gridwright_server::Secret;
use serde_json::{Value, json};
use std::net::SocketAddr;
use std::time::{Duration, Instant};

const OPERATOR: &str = "operator-credential-0123456789";

/// Creates a match; returns its id, seat tokens and creator token.
async fn create_with_creator(a: SocketAddr, req: Value) -> (String, Vec<String>, String) {
    let r = post(a, "/api/matches", &req, None).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let id = r.body["match"]["id"].as_str().unwrap().to_owned();
    let seats = r.body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_owned())
        .collect();
    let creator = r.body["creator_token"].as_str().unwrap().to_owned();
    (id, seats, creator)
}

async fn abort(a: SocketAddr, id: &str, token: Option<&str>) -> Resp {
    post(a, &format!("/api/matches/{id}/abort"), &json!({}), token).await
}

async fn summary(a: SocketAddr, id: &str) -> Value {
    let r = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body
}

/// Two random AI seats taking `delay_ms` a move: a game of a few seconds at least.
fn all_ai(delay_ms: u64) -> Value {
    json!({ "game": "connect-four", "seats": [ai("random"), ai("random")], "ai_delay_ms": delay_ms })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_matchs_creator_aborts_it_even_where_nobody_holds_a_seat_and_its_sockets_are_told() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, seats, creator) = create_with_creator(a, all_ai(200)).await;
    assert!(seats.is_empty(), "an all-AI match issues no seat token");
    assert_eq!(creator.len(), 32);
    let (mut ws, _) = Ws::join(a, &id, None).await;
    let r = abort(a, &id, Some(&creator)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["status"], "aborted");
    assert_eq!(r.body["aborted_by"], "creator");
    assert_eq!(r.body["ended"], "This match was aborted by its creator.");
    let told = ws
        .until(|m| m["type"] == "state" && m["status"] == "aborted")
        .await;
    assert_eq!(told["aborted_by"], "creator");
    assert_eq!(told["ended"], "This match was aborted by its creator.");
    // No AI move after the abort.
    let moves = summary(a, &id).await["moves"].clone();
    tokio::time::sleep(Duration::from_millis(600)).await;
    let after = summary(a, &id).await;
    assert_eq!(
        (&after["status"], &after["moves"]),
        (&json!("aborted"), &moves)
    );
    // Listed as aborted, and a second abort is refused.
    let listed = get(a, "/api/matches?status=aborted").await;
    assert!(
        listed.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id && m["aborted_by"] == "creator"),
        "{:?}",
        listed.body
    );
    let again = abort(a, &id, Some(&creator)).await;
    assert_refused(&again, 409, "match_aborted");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_in_an_aborted_match_is_refused_saying_who_aborted_it() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, seats, creator) = create_with_creator(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()] }),
    )
    .await;
    assert_eq!(abort(a, &id, Some(&creator)).await.status, 200);
    let r = drop_disc(
        a,
        &format!("/api/matches/{id}/actions"),
        1,
        3,
        Some(&seats[0]),
    )
    .await;
    assert_refused(&r, 409, "match_aborted");
    assert_eq!(
        r.body["message"],
        format!("match {id} was aborted by its creator: it can no longer be played or joined")
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nobody_but_the_creator_or_the_operator_may_abort_a_match() {
    // No operator credential configured: operator abort is disabled.
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, seats, _creator) = create_with_creator(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    let (_, _, other_creator) = create_with_creator(a, all_ai(200)).await;
    // No credential: 401, saying what is needed.
    let none = abort(a, &id, None).await;
    assert_eq!(none.status, 401, "{:?}", none.body);
    assert_eq!(none.header("www-authenticate"), Some("Bearer"));
    assert!(message(&none).contains("creator token"), "{:?}", none.body);
    // A seat token, another match's creator token, a guess, a would-be operator credential, a
    // huge token and junk: 403 (or 401 for what is not a bearer token), never 200.
    let huge = "a".repeat(16 * 1024);
    for (what, token) in [
        ("a seat token", seats[0].as_str()),
        ("another match's creator token", other_creator.as_str()),
        ("a guess", "00000000000000000000000000000000"),
        ("an operator credential on a server with none", OPERATOR),
        ("a huge token", huge.as_str()),
        ("junk", "%00' OR 1=1; DROP TABLE matches --"),
    ] {
        let r = abort(a, &id, Some(token)).await;
        assert_eq!(
            (r.status, r.body["code"].as_str()),
            (403, Some("forbidden")),
            "{what}: {:?}",
            r.body
        );
        let text = r.body["message"].as_str().unwrap();
        assert!(
            text.contains("only its creator token") && !text.contains(token),
            "{what}: {text}"
        );
    }
    // An `Authorization` that is no bearer token at all: 401.
    let basic = http_raw_with_auth(
        a,
        &format!("/api/matches/{id}/abort"),
        b"Basic Zm9vOmJhcg==",
    )
    .await;
    assert_eq!(basic.status, 401, "{:?}", basic.body);
    let binary =
        http_raw_with_auth(a, &format!("/api/matches/{id}/abort"), b"Bearer \xff\xfe").await;
    assert_eq!(binary.status, 401, "{:?}", binary.body);
    // None of it touched the match.
    assert_eq!(summary(a, &id).await["status"], "open");
    t.stop().await;
}

/// `POST path` with `Authorization: <auth>` given as raw bytes.
async fn http_raw_with_auth(a: SocketAddr, path: &str, auth: &[u8]) -> Resp {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(a).await.unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\nContent-Length: 0\r\nAuthorization: "
    )
    .into_bytes();
    req.extend_from_slice(auth);
    req.extend_from_slice(b"\r\n\r\n");
    s.write_all(&req).await.unwrap();
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    Resp {
        status,
        headers: Vec::new(),
        body: serde_json::from_str(body).unwrap_or(Value::Null),
        raw: buf.clone(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_may_abort_any_match() {
    let t =
        TestServer::sqlite_with(|o| o.operator_token = Some(Secret::new(OPERATOR).unwrap())).await;
    let a = t.addr;
    let (id, seats, _) = create_with_creator(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    // A player of the match is not its operator.
    assert_eq!(abort(a, &id, Some(&seats[0])).await.status, 403);
    let r = abort(a, &id, Some(OPERATOR)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["aborted_by"], "operator");
    assert_eq!(
        r.body["ended"],
        "This match was aborted by the server's operator."
    );
    let state = get_as(a, &format!("/api/matches/{id}/state"), &seats[0]).await;
    assert_eq!(
        (&state.body["status"], &state.body["aborted_by"]),
        (&json!("aborted"), &json!("operator"))
    );
    // No more AI time for it, not even a hint.
    let hint = post(
        a,
        &format!("/api/matches/{id}/hint"),
        &json!({}),
        Some(&seats[0]),
    )
    .await;
    assert_refused(&hint, 409, "match_aborted");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_cannot_be_aborted() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, seats, creator) = create_with_creator(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    play_columns(a, &id, &[&seats[0]], 0, &FOUR_IN_COLUMN_0).await;
    assert_eq!(summary(a, &id).await["status"], "finished");
    let r = abort(a, &id, Some(&creator)).await;
    assert_refused(&r, 409, "match_over");
    assert_eq!(
        r.body["message"],
        format!("match {id} is already over: a finished game cannot be aborted")
    );
    assert_eq!(summary(a, &id).await["status"], "finished");
    t.stop().await;
}

/// Threads running agent code on the server now (`/api/health`'s `ai_thinking`).
async fn thinking(a: SocketAddr) -> u64 {
    let r = get(a, "/api/health").await;
    r.body["ai_thinking"]
        .as_u64()
        .unwrap_or_else(|| panic!("no `ai_thinking` in {:?}", r.body))
}

/// Waits (at most `within`) until no thread runs agent code; how long it took.
async fn until_no_thread_thinks(a: SocketAddr, within: Duration) -> Duration {
    let since = Instant::now();
    while thinking(a).await > 0 {
        assert!(
            since.elapsed() < within,
            "a thread still searched {within:?} later"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    since.elapsed()
}

/// An all-AI Connect Four match searching 4 s a move: the heavy match of the tests below.
fn heavy() -> Value {
    json!({ "game": "connect-four", "seats": [ai("mcts:ms=4000"), ai("mcts:ms=4000")] })
}

/// One AI thread. Client 127.0.0.1's heavy match holds it (a 4 s search); client 127.0.0.2's
/// AI reply waits for it. Aborting the heavy match stops its search: the thread itself is free
/// (no thread runs agent code) and the reply comes within a second, long before the search
/// would have ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aborted_matchs_ai_thread_goes_at_once_to_another_match() {
    const SEARCH: Duration = Duration::from_millis(4000);
    let t = TestServer::sqlite_with(|o| o.limits.ai_threads = 1).await;
    let a = t.addr;
    let (heavy, _, creator) = create_with_creator(a, heavy()).await;
    tokio::time::sleep(Duration::from_millis(300)).await; // it is thinking
    assert_eq!(thinking(a).await, 1, "the heavy match's search");
    let (light, token, mut ws) = other_clients_ai_match(a, [127, 0, 0, 2]).await;
    let r = drop_disc(
        a,
        &format!("/api/matches/{light}/actions"),
        0,
        3,
        Some(&token),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    // The reply waits behind the heavy search.
    let waited = ws
        .try_recv(Duration::from_millis(300))
        .await
        .filter(|m| m["version"] == 2);
    assert!(waited.is_none(), "the reply did not wait: {waited:?}");
    let aborted_at = Instant::now();
    assert_eq!(abort(a, &heavy, Some(&creator)).await.status, 200);
    ws.state_at(2).await;
    let took = aborted_at.elapsed();
    assert!(
        took < SEARCH / 4,
        "the reply came {took:?} after the abort: the aborted search kept the thread"
    );
    // And the aborted search itself ended: its thread is not still busy outside the count.
    until_no_thread_thinks(a, Duration::from_secs(1).saturating_sub(took)).await;
    assert_eq!(
        summary(a, &heavy).await["moves"],
        0,
        "the heavy match never moved"
    );
    t.stop().await;
}

/// An unwatched all-AI match expiring in the middle of a 4 s search: the search stops with it,
/// and nothing is played in the expired match.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_expired_matchs_search_stops_at_once() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.expire_unwatched_ai_ms = 400;
        o.matches.housekeeping_ms = 50;
    })
    .await;
    let a = t.addr;
    let (id, _, _) = create_with_creator(a, heavy()).await;
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(thinking(a).await, 1, "the match's search");
    let deadline = Instant::now() + WAIT;
    while summary(a, &id).await["status"] != "expired" {
        assert!(Instant::now() < deadline, "the match never expired");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    until_no_thread_thinks(a, Duration::from_secs(1)).await;
    assert_eq!(summary(a, &id).await["moves"], 0);
    t.stop().await;
}

/// A server shutting down stops the searches it runs instead of waiting for their budgets.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_going_down_stops_its_searches() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let hub = t.server.as_ref().unwrap().state().hub().clone();
    create_with_creator(a, heavy()).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(hub.ai_thinking(), 1, "the match's search");
    let stopping = Instant::now();
    t.stop().await;
    while hub.ai_thinking() > 0 {
        assert!(
            stopping.elapsed() < Duration::from_secs(1),
            "a search still ran {:?} after the shutdown",
            stopping.elapsed()
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// An aborted all-AI match and a control all-AI match, the server killed (SIGKILL) and
/// restarted on the same store: the control resumes, the aborted one stays as it was.
pub async fn an_aborted_match_stays_aborted_across_a_restart(args: Vec<String>) {
    let server = Proc::spawn(&args);
    let a = server.addr;
    let (aborted, _, creator) = create_with_creator(a, all_ai(300)).await;
    let (control, _, _) = create_with_creator(a, all_ai(300)).await;
    assert_eq!(abort(a, &aborted, Some(&creator)).await.status, 200);
    let before = summary(a, &aborted).await;
    server.kill();
    let server = Proc::spawn(&args);
    let a = server.addr;
    let control_moves = summary(a, &control).await["moves"].as_u64().unwrap();
    let deadline = Instant::now() + WAIT;
    while summary(a, &control).await["moves"].as_u64().unwrap() <= control_moves + 2 {
        assert!(Instant::now() < deadline, "the control match never resumed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let after = summary(a, &aborted).await;
    for k in ["status", "aborted_by", "moves", "version"] {
        assert_eq!(after[k], before[k], "{k}");
    }
    assert_eq!(after["status"], "aborted");
    server.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aborted_match_stays_aborted_across_a_restart_on_sqlite() {
    let dir = TempDir::new("abort-restart");
    an_aborted_match_stays_aborted_across_a_restart(vec![
        "--data".into(),
        dir.0.display().to_string(),
    ])
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_aborted_match_stays_aborted_across_a_restart_on_postgres() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    an_aborted_match_stays_aborted_across_a_restart(vec!["--database".into(), url]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abort_through_one_postgres_process_stops_the_match_in_the_other() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    let one = TestServer::postgres(url.clone()).await;
    let two = TestServer::postgres(url).await;
    let (id, _, creator) = create_with_creator(one.addr, all_ai(200)).await;
    let (mut ws, _) = Ws::join(one.addr, &id, None).await;
    assert_eq!(abort(two.addr, &id, Some(&creator)).await.status, 200);
    let told = ws
        .until(|m| m["type"] == "state" && m["status"] == "aborted")
        .await;
    assert_eq!(told["aborted_by"], "creator");
    let moves = summary(one.addr, &id).await["moves"].clone();
    tokio::time::sleep(Duration::from_millis(600)).await;
    assert_eq!(summary(one.addr, &id).await["moves"], moves);
    one.stop().await;
    two.stop().await;
}
