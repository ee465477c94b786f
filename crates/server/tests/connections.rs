//! Connections that hold the server without using it: idle and trickling sockets, connection
//! caps in total and per client address, silent WebSockets. Real sockets, short timeouts.

use crate::common::*;
use futures_util::StreamExt;
use gridwright_server::{Limits, Server};
use serde_json::json;
use std::net::{IpAddr, SocketAddr};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

async fn start_with(tune: impl FnOnce(&mut Limits)) -> (Server, TempDir) {
    let dir = TempDir::new("limits");
    let mut opts = options(&dir, None);
    tune(&mut opts.limits);
    let server = gridwright_server::start(&opts, games()).await.unwrap();
    (server, dir)
}

/// A connection from `from` (any 127.x.y.z is this machine) to `to`.
async fn connect_from(from: [u8; 4], to: SocketAddr) -> TcpStream {
    let s = TcpSocket::new_v4().unwrap();
    s.bind(SocketAddr::new(IpAddr::from(from), 0)).unwrap();
    s.connect(to).await.unwrap()
}

/// Reads until the server closes the connection (or `wait` passes); returns what it sent and
/// whether it closed.
async fn read_until_closed(s: &mut TcpStream, wait: Duration) -> (Vec<u8>, bool) {
    let mut got = Vec::new();
    let deadline = tokio::time::Instant::now() + wait;
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at(deadline, s.read(&mut buf)).await {
            Err(_) => return (got, false),
            Ok(Ok(0)) | Ok(Err(_)) => return (got, true),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// `GET /api/health` on a fresh connection from `from`: the status (None: closed unanswered).
async fn health_from(from: [u8; 4], to: SocketAddr) -> Option<u16> {
    let mut s = connect_from(from, to).await;
    let req = format!("GET /api/health HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.ok()?;
    let (got, _) = read_until_closed(&mut s, WAIT).await;
    let text = String::from_utf8_lossy(&got);
    text.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_trickling_connections_are_closed_at_the_header_timeout() {
    let (server, _dir) = start_with(|l| l.header_timeout = Duration::from_millis(800)).await;
    let a = server.addr();

    // A socket that never sends a byte.
    let t0 = Instant::now();
    let mut idle = TcpStream::connect(a).await.unwrap();
    let (_, closed) = read_until_closed(&mut idle, Duration::from_secs(5)).await;
    let took = t0.elapsed();
    assert!(closed, "an idle socket is closed");
    assert!(
        took >= Duration::from_millis(700),
        "closed after the timeout, not before: {took:?}"
    );

    // A header trickled one byte every 100 ms never completes in time.
    let mut slow = TcpStream::connect(a).await.unwrap();
    let t0 = Instant::now();
    slow.write_all(b"GET /api/health HTTP/1.1\r\nX-Pad: ")
        .await
        .unwrap();
    let mut closed = false;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        if slow.write_all(b"a").await.is_err() {
            closed = true;
            break;
        }
        let mut b = [0u8; 512];
        if let Ok(r) = tokio::time::timeout(Duration::from_millis(1), slow.read(&mut b)).await {
            // EOF, a reset, or a 408 head before the close: either way the server gave up.
            let _ = r;
            closed = true;
            break;
        }
    }
    assert!(closed, "a trickled header is cut off");
    assert!(t0.elapsed() < Duration::from_secs(4), "{:?}", t0.elapsed());

    // A kept-alive connection that goes quiet after a request is closed too.
    let mut kept = TcpStream::connect(a).await.unwrap();
    kept.write_all(format!("GET /api/health HTTP/1.1\r\nHost: {a}\r\n\r\n").as_bytes())
        .await
        .unwrap();
    let (got, closed) = read_until_closed(&mut kept, Duration::from_secs(5)).await;
    assert!(String::from_utf8_lossy(&got).starts_with("HTTP/1.1 200"));
    assert!(closed, "an idle kept-alive connection is closed");

    // A complete request in time is answered as always.
    assert_eq!(get(a, "/api/health").await.status, 200);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trickled_body_gets_408_and_the_connection_is_closed() {
    let (server, _dir) = start_with(|l| l.body_timeout = Duration::from_millis(800)).await;
    let a = server.addr();
    let mut s = TcpStream::connect(a).await.unwrap();
    let t0 = Instant::now();
    s.write_all(
        format!(
            "POST /api/matches HTTP/1.1\r\nHost: {a}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{{\"game\":"
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    let trickle = async {
        for _ in 0..100 {
            tokio::time::sleep(Duration::from_millis(100)).await;
            if s.write_all(b" ").await.is_err() {
                break;
            }
        }
    };
    let mut r = TcpStream::connect(a).await.unwrap(); // unrelated, to show others are served
    r.write_all(
        format!("GET /api/health HTTP/1.1\r\nHost: {a}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
    .await
    .unwrap();
    let (health, _) = read_until_closed(&mut r, WAIT).await;
    assert!(String::from_utf8_lossy(&health).starts_with("HTTP/1.1 200"));
    let _ = tokio::time::timeout(Duration::from_millis(1500), trickle).await;
    let (got, closed) = read_until_closed(&mut s, Duration::from_secs(5)).await;
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 408"), "{text}");
    assert!(text.contains("request_timeout"), "{text}");
    assert!(closed, "the connection is closed after the 408");
    assert!(t0.elapsed() < Duration::from_secs(5));
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connection_caps_per_address_and_in_total_leave_room_for_others() {
    let (server, _dir) = start_with(|l| {
        l.max_connections_per_ip = 5;
        l.max_connections = 8;
        // Long enough that the idle sockets outlive the checks below on a loaded machine (at
        // 1.5 s the first five timed out before the total cap was checked, under load).
        l.header_timeout = Duration::from_secs(4);
    })
    .await;
    let a = server.addr();
    let one = [127, 0, 0, 1];

    // Five idle sockets from one address: its cap.
    let mut held = Vec::new();
    for _ in 0..5 {
        held.push(connect_from(one, a).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await; // all accepted
    // A sixth from that address is refused at once (503, closed).
    let mut sixth = connect_from(one, a).await;
    let (got, closed) = read_until_closed(&mut sixth, Duration::from_secs(2)).await;
    assert!(
        closed,
        "the connection over the per-address cap is closed at once"
    );
    let text = String::from_utf8_lossy(&got);
    assert!(
        text.is_empty()
            || (text.starts_with("HTTP/1.1 503") && text.contains("too_many_connections")),
        "{text}"
    );
    assert_eq!(
        health_from(one, a).await,
        Some(503),
        "refused while the cap is full"
    );
    // Another address is served meanwhile.
    assert_eq!(health_from([127, 0, 0, 2], a).await, Some(200));

    // Three more idle sockets from a third address fill the total cap (8)...
    for _ in 0..3 {
        held.push(connect_from([127, 0, 0, 3], a).await);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    // ...so a fourth address is refused too.
    let mut over = connect_from([127, 0, 0, 4], a).await;
    let (got, closed) = read_until_closed(&mut over, Duration::from_secs(2)).await;
    assert!(
        closed,
        "the connection over the total cap is closed at once"
    );
    let text = String::from_utf8_lossy(&got);
    assert!(
        text.is_empty() || text.starts_with("HTTP/1.1 503"),
        "{text}"
    );

    // After the header timeout the idle sockets are gone, and everyone is served again.
    for s in &mut held {
        let (_, closed) = read_until_closed(s, Duration::from_secs(5)).await;
        assert!(closed, "idle socket closed at the header timeout");
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(health_from(one, a).await, Some(200));
    assert_eq!(health_from([127, 0, 0, 4], a).await, Some(200));
    drop(held);
    server.shutdown().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_websocket_holds_its_place_under_the_cap_until_it_closes() {
    let (server, _dir) = start_with(|l| {
        l.max_connections_per_ip = 2;
    })
    .await;
    let a = server.addr();
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;
    // The server lets go of a closed connection's place just after the client saw it close.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let (w1, _) = Ws::join(a, &id, None).await;
    let (w2, _) = Ws::join(a, &id, None).await;
    assert_eq!(
        health_from([127, 0, 0, 1], a).await,
        Some(503),
        "two WebSockets fill the cap"
    );
    drop(w1);
    drop(w2);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(
        health_from([127, 0, 0, 1], a).await,
        Some(200),
        "their places are free again"
    );
    server.shutdown().await.unwrap();
}

/// The next Close frame's code and reason (skipping other messages).
async fn close_code(ws: &mut Ws, wait: Duration) -> Option<(u16, String, Vec<serde_json::Value>)> {
    let mut seen = Vec::new();
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(deadline, ws.s.next())
            .await
            .ok()??
        {
            Ok(Message::Close(Some(f))) => {
                return Some((u16::from(f.code), f.reason.to_string(), seen));
            }
            Ok(Message::Close(None)) => {
                return Some((CloseCode::Status.into(), String::new(), seen));
            }
            Ok(Message::Text(t)) => seen.push(serde_json::from_str(t.as_str()).unwrap()),
            Ok(_) => {}
            Err(_) => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_must_say_hello_in_time_and_are_closed_when_idle() {
    let (server, _dir) = start_with(|l| {
        l.ws_hello_timeout = Duration::from_millis(700);
        l.ws_idle_timeout = Duration::from_millis(1500);
    })
    .await;
    let a = server.addr();
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;

    // Never says hello: an error, then Close 1008, at the deadline.
    let t0 = Instant::now();
    let mut silent = Ws::connect(a, &id).await;
    let (code, _, seen) = close_code(&mut silent, Duration::from_secs(5))
        .await
        .expect("closed");
    assert_eq!(code, 1008);
    assert!(
        t0.elapsed() >= Duration::from_millis(600),
        "{:?}",
        t0.elapsed()
    );
    assert_eq!(
        seen.last().map(|m| m["code"].clone()),
        Some(json!("request_timeout"))
    );

    // Says hello in time: stays open past the hello deadline while it pings...
    let (mut w, _) = Ws::join(a, &id, None).await;
    for _ in 0..3 {
        tokio::time::sleep(Duration::from_millis(500)).await;
        w.send(json!({ "type": "ping" })).await;
        assert_eq!(w.until(|m| m["type"] == "pong").await["type"], "pong");
    }
    // ...and is closed (1001) once it has been silent for the idle timeout.
    let t0 = Instant::now();
    let (code, reason, _) = close_code(&mut w, Duration::from_secs(5))
        .await
        .expect("closed");
    assert_eq!((code, reason.as_str()), (1001, "idle for too long"));
    assert!(
        t0.elapsed() >= Duration::from_millis(1300),
        "{:?}",
        t0.elapsed()
    );
    server.shutdown().await.unwrap();
}

/// One HTTP request from `from`: its status, `Retry-After` and JSON body.
async fn request_from(
    from: [u8; 4],
    to: SocketAddr,
    path: &str,
) -> (u16, Option<String>, serde_json::Value) {
    let mut s = connect_from(from, to).await;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {to}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let (got, _) = read_until_closed(&mut s, WAIT).await;
    let text = String::from_utf8_lossy(&got).into_owned();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let retry_after = head
        .lines()
        .filter_map(|l| l.split_once(':'))
        .find(|(k, _)| k.trim().eq_ignore_ascii_case("retry-after"))
        .map(|(_, v)| v.trim().to_owned());
    (
        status,
        retry_after,
        serde_json::from_str(body).unwrap_or_default(),
    )
}

/// HTTP routes are rate-limited per client address, like WebSocket messages per connection: a
/// flood from one address gets 429 `rate_limited` with `Retry-After` once its burst is spent,
/// while another address is served as before. Static files and other addresses are not counted.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_http_requests_gets_429_and_other_addresses_are_served() {
    let (server, _dir) = start_with(|l| {
        l.http_rate_per_sec = 1;
        l.http_burst = 5;
    })
    .await;
    let a = server.addr();
    let flooder = [127, 0, 0, 5];
    let mut statuses = Vec::new();
    for _ in 0..12 {
        statuses.push(request_from(flooder, a, "/api/games").await.0);
    }
    let served = statuses.iter().filter(|s| **s == 200).count();
    assert!(
        (5..=7).contains(&served) && statuses[..5].iter().all(|s| *s == 200),
        "the burst is served, then the flood is refused: {statuses:?}"
    );
    let (status, retry_after, body) = request_from(flooder, a, "/api/health").await;
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["type"], "error");
    assert_eq!(body["code"], "rate_limited");
    let wait: u64 = retry_after.expect("Retry-After").parse().unwrap();
    assert!((1..=2).contains(&wait), "Retry-After {wait}");
    assert!(
        body["message"].as_str().unwrap().contains("per second"),
        "{body}"
    );
    // Another address is unaffected, and the flooder still gets the page (static files are not
    // API routes).
    assert_eq!(request_from([127, 0, 0, 6], a, "/api/games").await.0, 200);
    assert_eq!(request_from(flooder, a, "/").await.0, 200);
    // The bucket refills.
    tokio::time::sleep(Duration::from_millis(1100 * wait)).await;
    assert_eq!(request_from(flooder, a, "/api/games").await.0, 200);
    // The API document says so for every operation.
    let (_, _, doc) = request_from([127, 0, 0, 7], a, "/api/openapi.json").await;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        for (method, op) in ops.as_object().unwrap() {
            assert!(
                op["responses"]["429"]["headers"]["Retry-After"].is_object(),
                "{method} {path} documents 429 with Retry-After"
            );
        }
    }
    server.shutdown().await.unwrap();
}
