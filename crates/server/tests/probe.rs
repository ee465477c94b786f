//! The hostile-input probe's small findings (issue 20, server point 17), one test each: refusals
//! that say what is wrong once, bodies that mean one thing, seats numbered as everywhere else,
//! WebSocket violations answered with a close frame, `Origin` checked, and starts refused when
//! the operator's content or store is unusable.

use crate::common::*;
use serde_json::json;
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_illegal_action_says_illegal_action_once() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    let tok = &tokens[0].1;
    let path = format!("/api/matches/{id}/actions");
    // Six discs fill column 0 (a Connect Four column holds six).
    play_columns(a, &id, &[tok], 0, &[0; 6]).await;
    let r = drop_disc(a, &path, 6, 0, Some(tok)).await;
    assert_refused(&r, 422, "illegal_action");
    let message = r.body["message"].as_str().unwrap();
    assert_eq!(
        message.matches("illegal action").count(),
        1,
        "said once: {message}"
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn join_bodies_are_objects_and_seats_are_numbered_from_0_as_everywhere_else() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    let path = format!("/api/matches/{id}/join");
    // Not an object: an array would otherwise be read as `{"seat": 1}`.
    for body in ["[1]", "null", "1", "\"1\""] {
        let r = http_raw(a, "POST", &path, Some(body.as_bytes()), None).await;
        assert_eq!(
            (r.status, r.body["code"].as_str()),
            (400, Some("malformed")),
            "{body}: {:?}",
            r.body
        );
    }
    // A seat the match does not have: 400, not "not open".
    let r = post(a, &path, &json!({ "seat": 2 }), None).await;
    assert_refused(&r, 400, "bad_request");
    assert!(message(&r).contains("numbered 0 to 1"), "{:?}", r.body);
    let r = post(a, &path, &json!({ "seat": 200 }), None).await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    // Seat 0 (P1) is taken, seat 1 (P2) is open: 0-based as in `act`, `replay/{n}?seat=`, seat
    // grants and summaries.
    let r = post(a, &path, &json!({ "seat": 0 }), None).await;
    assert_refused(&r, 409, "no_open_seat");
    assert!(r.body["message"].as_str().unwrap().contains("0 (P1)"));
    let r = post(a, &path, &json!({ "seat": 1 }), None).await;
    assert_eq!(
        (r.status, &r.body["seat"]),
        (200, &json!(1)),
        "{:?}",
        r.body
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn duplicate_json_keys_are_refused_in_bodies_and_messages() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let dup = br#"{"game":"connect-four","game":"grid-battles"}"#;
    let r = http_raw(a, "POST", "/api/matches", Some(dup), None).await;
    assert_refused(&r, 400, "malformed");
    assert!(message(&r).contains("`game` appears twice"), "{:?}", r.body);
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    let tok = tokens[0].1.clone();
    // Inside the action: which column would it be?
    let body = br#"{"version":0,"action":{"drop":0,"drop":6}}"#;
    let r = http_raw(
        a,
        "POST",
        &format!("/api/matches/{id}/actions"),
        Some(body),
        Some(&tok),
    )
    .await;
    assert_refused(&r, 400, "malformed");
    // Over WebSocket too, and nothing was played.
    let (mut ws, _) = Ws::join(a, &id, Some(&tok)).await;
    assert!(
        ws.send_text(
            r#"{"type":"act","version":0,"action":{"drop":0},"action":{"drop":6}}"#.into()
        )
        .await
    );
    let m = ws.recv().await;
    assert_eq!(m["code"], "malformed", "{m}");
    let st = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(st.body["moves"], 0, "{:?}", st.body);
    t.stop().await;
}

/// Opens a WebSocket by hand (so that the test can send frames no client library would) and
/// returns the stream after the `101`, or the HTTP status if the upgrade was refused.
async fn raw_upgrade(addr: SocketAddr, id: &str, origin: Option<&str>) -> Result<TcpStream, u16> {
    let mut s = TcpStream::connect(addr).await.unwrap();
    let mut req = format!(
        "GET /api/matches/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n"
    );
    if let Some(o) = origin {
        req.push_str(&format!("Origin: {o}\r\n"));
    }
    req.push_str("\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        let n = tokio::time::timeout(WAIT, s.read(&mut byte))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(n, 1, "closed during the handshake");
        head.push(byte[0]);
    }
    let status: u16 = String::from_utf8_lossy(&head)
        .split_whitespace()
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    if status == 101 { Ok(s) } else { Err(status) }
}

/// A client frame: FIN, `opcode`, masked with a zero key (so the payload is as given), `rsv`
/// bits as asked.
fn frame(opcode: u8, rsv: u8, payload: &[u8], masked: bool) -> Vec<u8> {
    assert!(payload.len() < 126);
    let mut f = vec![0x80 | (rsv << 4) | opcode];
    let len = u8::try_from(payload.len()).unwrap();
    if masked {
        f.push(0x80 | len);
        f.extend_from_slice(&[0, 0, 0, 0]);
    } else {
        f.push(len);
    }
    f.extend_from_slice(payload);
    f
}

/// Reads server frames until a close frame, and returns its code (`None`: the connection ended
/// without one).
async fn close_code(s: &mut TcpStream) -> Option<u16> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 4096];
    loop {
        // Parse what we have: server frames are unmasked.
        let mut at = 0;
        while buf.len() >= at + 2 {
            let opcode = buf[at] & 0x0f;
            let mut len = usize::from(buf[at + 1] & 0x7f);
            let mut head = 2;
            if len == 126 {
                if buf.len() < at + 4 {
                    break;
                }
                len = usize::from(u16::from_be_bytes([buf[at + 2], buf[at + 3]]));
                head = 4;
            } else if len == 127 {
                if buf.len() < at + 10 {
                    break;
                }
                let mut b = [0u8; 8];
                b.copy_from_slice(&buf[at + 2..at + 10]);
                len = usize::try_from(u64::from_be_bytes(b)).unwrap();
                head = 10;
            }
            if buf.len() < at + head + len {
                break;
            }
            if opcode == 0x8 {
                let p = &buf[at + head..at + head + len];
                return (p.len() >= 2).then(|| u16::from_be_bytes([p[0], p[1]]));
            }
            at += head + len;
        }
        let n = tokio::time::timeout(WAIT, s.read(&mut chunk))
            .await
            .ok()?
            .ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_protocol_violations_are_answered_with_a_close_frame() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;
    let hello = br#"{"type":"hello"}"#;
    let cases: [(&str, Vec<u8>, u16); 4] = [
        ("reserved bits set", frame(0x1, 0b100, hello, true), 1002),
        (
            "an unmasked client frame",
            frame(0x1, 0, hello, false),
            1002,
        ),
        ("an unknown opcode", frame(0x3, 0, b"", true), 1002),
        (
            "text that is not UTF-8",
            frame(0x1, 0, b"{\"type\":\"\xff\xfe\"}", true),
            1007,
        ),
    ];
    for (what, bytes, code) in cases {
        let mut s = raw_upgrade(a, &id, None).await.unwrap();
        s.write_all(&bytes).await.unwrap();
        assert_eq!(close_code(&mut s).await, Some(code), "{what}");
    }
    // A well-formed frame still works on a fresh connection.
    let mut s = raw_upgrade(a, &id, None).await.unwrap();
    s.write_all(&frame(0x1, 0, hello, true)).await.unwrap();
    let mut b = [0u8; 2];
    s.read_exact(&mut b).await.unwrap();
    assert_eq!(b[0] & 0x0f, 0x1, "a text reply (welcome)");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websocket_upgrades_check_origin_against_the_served_host() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;
    // Non-browser clients send no Origin; the server's own pages send its own.
    assert!(raw_upgrade(a, &id, None).await.is_ok());
    assert!(
        raw_upgrade(a, &id, Some(&format!("http://{a}")))
            .await
            .is_ok()
    );
    for other in [
        "http://evil.example",
        &format!("http://{a}.evil.example"),
        "null",
        &format!("http://127.0.0.1:{}", a.port().wrapping_add(1)),
    ] {
        assert_eq!(
            raw_upgrade(a, &id, Some(other)).await.err(),
            Some(403),
            "{other}"
        );
    }
    t.stop().await;
    // The operator may allow other sites.
    let t =
        TestServer::sqlite_with(|o| o.allowed_origins = vec!["http://lab.example".into()]).await;
    let (id, _) = create(t.addr, json!({ "game": "connect-four" })).await;
    assert!(
        raw_upgrade(t.addr, &id, Some("http://lab.example"))
            .await
            .is_ok()
    );
    assert_eq!(
        raw_upgrade(t.addr, &id, Some("http://evil.example"))
            .await
            .err(),
        Some(403)
    );
    t.stop().await;
    let t = TestServer::sqlite_with(|o| o.allowed_origins = vec!["*".into()]).await;
    let (id, _) = create(t.addr, json!({ "game": "connect-four" })).await;
    assert!(
        raw_upgrade(t.addr, &id, Some("http://evil.example"))
            .await
            .is_ok()
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn serve_content_without_any_game_folder_stops_with_an_error() {
    let dir = TempDir::new("empty-content");
    let data = TempDir::new("empty-content-data");
    let out = server_run_to_exit(vec![
        "--content".into(),
        dir.0.display().to_string(),
        "--data".into(),
        data.0.display().to_string(),
    ])
    .await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success(),
        "started on an empty content directory"
    );
    assert!(err.contains("holds no game folder"), "{err}");
    assert!(
        err.contains(&dir.0.display().to_string()),
        "names it: {err}"
    );
    // One game's folder is enough (the others use their built-in files).
    std::fs::create_dir_all(dir.0.join("connect-four")).unwrap();
    let server = Proc::spawn(&[
        "--content".into(),
        dir.0.display().to_string(),
        "--data".into(),
        data.0.display().to_string(),
    ]);
    assert_healthy(server.addr).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_zero_length_sqlite_file_is_refused_like_any_damaged_store() {
    let dir = TempDir::new("zero-length");
    let file = dir.0.join("gridwright.sqlite3");
    std::fs::write(&file, b"").unwrap();
    let out = server_run_to_exit(vec!["--data".into(), dir.0.display().to_string()]).await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "started on an empty file");
    assert!(
        err.contains(&file.display().to_string()),
        "names the file: {err}"
    );
    assert!(err.contains("is damaged"), "{err}");
    assert_eq!(std::fs::metadata(&file).unwrap().len(), 0, "left as it was");
}

/// A start that fails is one sentence on standard error, prefixed with the program's name and
/// with its causes joined by `: ` — never Rust's `Error: {:?}` dump — and exit status 1.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failed_start_prints_one_sentence_and_exits_1() {
    let data = TempDir::new("failed-start");
    let out = server_run_to_exit(vec![
        "--content".into(),
        "/nonexistent".into(),
        "--data".into(),
        data.0.display().to_string(),
    ])
    .await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 1, "one line: {err}");
    assert!(lines[0].starts_with("gridwright-server: "), "{err}");
    assert!(
        lines[0].contains("/nonexistent"),
        "names the directory: {err}"
    );
    for debug in ["Error: ", "Caused by", "{", "Os {", "kind:"] {
        assert!(!err.contains(debug), "`{debug}` in {err}");
    }
}

/// The operator's credential: too short a one stops the start without showing it, and an
/// unreadable file is named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unusable_operator_credential_stops_the_start_without_showing_it() {
    let dir = TempDir::new("operator-token");
    let file = dir.0.join("operator");
    std::fs::write(&file, "hunter2\n").unwrap();
    let out = server_run_to_exit(vec![
        "--data".into(),
        dir.0.display().to_string(),
        "--operator-token-file".into(),
        file.display().to_string(),
    ])
    .await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("at least 16"), "{err}");
    assert!(!err.contains("hunter2"), "shows the credential: {err}");
    let missing = dir.0.join("missing");
    let out = server_run_to_exit(vec![
        "--data".into(),
        dir.0.display().to_string(),
        "--operator-token-file".into(),
        missing.display().to_string(),
    ])
    .await;
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("cannot read the operator credential file") && err.contains("missing"),
        "{err}"
    );
}

/// A create request's seats are named in its refusals as everywhere else in the server: the
/// 0-based number of bodies and messages with the players' name (`seat 1 (P2)`, as the join
/// refusals and the web client's P1, P2 …), never counted from 1 alone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_refusals_name_seats_as_everywhere_else() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    for (seats, says) in [
        (
            json!([human(), ai("mcts:ms=999999")]),
            "seat 1 (P2): `ms=999999`",
        ),
        (json!([human(), ai("no-such-agent")]), "seat 1 (P2): "),
        (
            json!([ai("human"), human()]),
            "seat 0 (P1): use kind `human`",
        ),
        (
            json!([human(), { "kind": "open", "agent": "random" }]),
            "seat 1 (P2): only `ai` seats take an agent",
        ),
    ] {
        let r = post(
            a,
            "/api/matches",
            &json!({ "game": "connect-four", "seats": seats }),
            None,
        )
        .await;
        assert_eq!(r.status, 400, "{:?}", r.body);
        let message = r.body["message"].as_str().unwrap();
        assert!(message.starts_with(says), "{message}");
    }
    // The join refusal names a seat the same way.
    let (id, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    let r = post(
        a,
        &format!("/api/matches/{id}/join"),
        &json!({ "seat": 0 }),
        None,
    )
    .await;
    assert!(
        r.body["message"]
            .as_str()
            .unwrap()
            .starts_with("seat 0 (P1) of match"),
        "{:?}",
        r.body
    );
    t.stop().await;
}
