//! Browser-facing hardening: security headers on every response, JSON routes that take JSON
//! only, the AI tree-size cap, and oversized WebSocket messages closed with 1009.

use crate::common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

/// A POST with the given `Content-Type` (or none): status and JSON body.
async fn post_typed(
    addr: SocketAddr,
    path: &str,
    content_type: Option<&str>,
    body: &[u8],
    token: Option<&str>,
) -> Resp {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(ct) = content_type {
        req.push_str(&format!("Content-Type: {ct}\r\n"));
    }
    if let Some(t) = token {
        req.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let _ = s.write_all(body).await;
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(WAIT, s.read_to_end(&mut buf)).await;
    let split = buf
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("an HTTP head");
    let head = String::from_utf8_lossy(&buf[..split]).into_owned();
    let status = head.split_whitespace().nth(1).unwrap().parse().unwrap();
    let headers = head
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_owned(), v.trim().to_owned()))
        .collect();
    let raw = buf[split + 4..].to_vec();
    let body = serde_json::from_slice(&raw).unwrap_or(serde_json::Value::Null);
    Resp {
        status,
        headers,
        body,
        raw,
    }
}

fn assert_security_headers(r: &Resp, what: &str) {
    let csp = r
        .header("content-security-policy")
        .unwrap_or_else(|| panic!("{what}: no Content-Security-Policy"));
    for part in [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "frame-ancestors 'none'",
        "object-src 'none'",
    ] {
        assert!(csp.contains(part), "{what}: CSP lacks {part}: {csp}");
    }
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
        "{what}: {csp}"
    );
    assert_eq!(r.header("x-frame-options"), Some("DENY"), "{what}");
    assert_eq!(r.header("referrer-policy"), Some("no-referrer"), "{what}");
    assert_eq!(
        r.header("x-content-type-options"),
        Some("nosniff"),
        "{what}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_response_carries_the_security_headers() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;
    for path in [
        "/".to_owned(),
        "/app.js".to_owned(),
        format!("/play/{id}"),
        "/api/health".to_owned(),
        format!("/api/matches/{id}"),
        "/api/matches/0000000000000000".to_owned(), // an error
        "/api/nothing-here".to_owned(),             // the fallback's 404
        "/no-such-file.js".to_owned(),
    ] {
        let r = get(a, &path).await;
        assert_security_headers(&r, &path);
    }
    let r = http_raw(a, "POST", "/api/matches", Some(b"{oops"), None).await;
    assert_eq!(r.status, 400);
    assert_security_headers(&r, "a refused POST");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_routes_refuse_other_content_types_with_415() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    let body = json!({ "game": "connect-four" }).to_string();
    // The classic cross-site form post: JSON text sent as text/plain (or as a form).
    for ct in [
        Some("text/plain"),
        Some("text/plain;charset=UTF-8"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
        None,
    ] {
        let r = post_typed(a, "/api/matches", ct, body.as_bytes(), None).await;
        assert_eq!(
            (r.status, r.body["code"].as_str()),
            (415, Some("unsupported_media_type")),
            "{ct:?}: {:?}",
            r.body
        );
        let r = post_typed(
            a,
            &format!("/api/matches/{id}/actions"),
            ct,
            json!({ "version": 0, "action": drop_col(0) })
                .to_string()
                .as_bytes(),
            Some(&tokens[0].1),
        )
        .await;
        assert_eq!(r.status, 415, "{ct:?}: {:?}", r.body);
        let r = post_typed(a, &format!("/api/matches/{id}/join"), ct, b"{}", None).await;
        assert_eq!(r.status, 415, "{ct:?}: {:?}", r.body);
    }
    // Nothing happened: no move, the open seat still open, one match.
    let m = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(m.body["version"], 0);
    assert_eq!(m.body["status"], "open");
    let list = get(a, "/api/matches?status=all").await;
    assert_eq!(list.body["matches"].as_array().unwrap().len(), 1);
    // JSON, with or without a charset, is accepted; so is an empty body without a type.
    let r = post_typed(
        a,
        "/api/matches",
        Some("application/json; charset=utf-8"),
        body.as_bytes(),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let r = post_typed(a, &format!("/api/matches/{id}/join"), None, b"", None).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    // The API document says so for every POST.
    let doc = get(a, "/api/openapi.json").await.body;
    for (path, ops) in doc["paths"].as_object().unwrap() {
        if let Some(post) = ops.get("post") {
            assert!(
                post["responses"]["415"].is_object(),
                "POST {path} documents no 415"
            );
        }
    }
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_tree_sizes_beyond_the_servers_limit_are_refused() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("mcts:nodes=100000000")] }),
        None,
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    let msg = r.body["message"].as_str().unwrap();
    assert!(
        msg.contains("nodes=100000000") && msg.contains("seat 1 (P2)"),
        "{msg}"
    );
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("mcts:nodes=200000,iters=200")] }),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "at the limit: {:?}", r.body);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_oversized_websocket_message_gets_close_1009() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;
    let (mut w, _) = Ws::join(a, &id, None).await;
    // Far beyond the transport's cap (4 × 16 KiB, at least 64 KiB).
    let big = format!("{{\"type\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(200_000));
    let _ = w.s.send(Message::text(big)).await;
    let mut close = None;
    let deadline = tokio::time::Instant::now() + WAIT;
    while let Ok(Some(m)) = tokio::time::timeout_at(deadline, w.s.next()).await {
        match m {
            Ok(Message::Close(f)) => {
                close = Some(f.map(|f| u16::from(f.code)));
                break;
            }
            Ok(_) => {}
            Err(e) => panic!("the connection failed without a Close frame: {e}"),
        }
    }
    assert_eq!(close, Some(Some(1009)), "Close frame with 1009");
    // The server is fine.
    tokio::time::sleep(Duration::from_millis(50)).await;
    assert_eq!(get(a, "/api/health").await.status, 200);
    t.stop().await;
}
