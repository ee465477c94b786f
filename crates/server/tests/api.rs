//! Lobby, seats, tokens, versions, hostile input, the OpenAPI document and the static client.

use crate::common::*;
use futures_util::SinkExt;
use serde_json::{Value, json};
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn games_are_listed_with_scenarios_and_agents() {
    let t = TestServer::sqlite().await;
    let r = get(t.addr, "/api/games").await;
    assert_eq!(r.status, 200);
    let games = r.body["games"].as_array().unwrap();
    let c4 = games.iter().find(|g| g["name"] == "connect-four").unwrap();
    assert_eq!(c4["scenarios"][0]["name"], "standard");
    assert!(c4["agents"].as_array().unwrap().contains(&json!("random")));
    assert!(games.iter().any(|g| g["name"] == "sealed-bid"));
    assert_eq!(get(t.addr, "/api/games/connect-four").await.status, 200);
    let r = get(t.addr, "/api/games/chess").await;
    assert_refused(&r, 404, "unknown_game");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn create_join_spectate_and_list() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    assert_eq!(
        tokens.len(),
        1,
        "only the human seat gets a token at creation"
    );
    let p1 = tokens[0].1.clone();

    let open_list = get(a, "/api/matches?status=open").await;
    assert!(
        open_list.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );
    let running = get(a, "/api/matches?status=running").await;
    assert!(
        !running.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );

    // Join by link: claim the open seat.
    let j = post(a, &format!("/api/matches/{id}/join"), &json!({}), None).await;
    assert_eq!(j.status, 200, "{:?}", j.body);
    assert_eq!(j.body["seat"], 1);
    let p2 = j.body["token"].as_str().unwrap().to_owned();
    assert!(j.body["link"].as_str().unwrap().contains(&p2));
    let again = post(a, &format!("/api/matches/{id}/join"), &json!({}), None).await;
    assert_refused(&again, 409, "no_open_seat");
    let running = get(a, "/api/matches?status=running").await;
    assert!(
        running.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );

    let (mut w1, s1) = Ws::join(a, &id, Some(&p1)).await;
    assert_eq!(s1["legal"].as_array().unwrap().len(), 7);
    assert_eq!(s1["you"]["seats"], json!([0]));
    let (mut w2, s2) = Ws::join(a, &id, Some(&p2)).await;
    assert_eq!(s2["legal"], json!([]), "not P2's turn: no legal actions");
    let (mut spec, s3) = Ws::join(a, &id, None).await;
    assert_eq!(s3["you"], Value::Null);
    assert_eq!(s3["legal"], json!([]));

    // A move over WebSocket reaches everyone.
    w1.send(json!({ "type": "act", "version": 0, "action": drop_col(3), "id": 7 }))
        .await;
    let ack = w1.until(|m| m["type"] == "ack").await;
    assert_eq!(
        (ack["version"].as_u64(), ack["id"].as_u64()),
        (Some(1), Some(7))
    );
    assert_eq!(w2.state_at(1).await["legal"].as_array().unwrap().len(), 7);
    let seen = spec.state_at(1).await;
    assert_eq!(seen["log"][0]["action_text"], "drop 4");

    // A move over HTTP reaches the WebSocket clients too.
    let r = drop_disc(a, &format!("/api/matches/{id}/actions"), 1, 3, Some(&p2)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["version"], 2);
    assert_eq!(w1.state_at(2).await["moves"], 2);
    assert_eq!(spec.state_at(2).await["log_len"], 2);

    let m = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(
        (m.body["status"].as_str(), m.body["version"].as_u64()),
        (Some("running"), Some(2))
    );
    assert!(
        m.body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["taken"] == true)
    );
    assert!(
        !m.raw.windows(p1.len()).any(|w| w == p1.as_bytes()),
        "tokens are never listed"
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn actions_without_the_right_token_are_refused_and_change_nothing() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    let (p1, p2) = (tokens[0].1.clone(), tokens[1].1.clone());
    let path = format!("/api/matches/{id}/actions");
    let body = json!({ "version": 0, "action": drop_col(0) });

    let r = post(a, &path, &body, None).await;
    assert_refused(&r, 401, "unauthorized");
    let r = post(a, &path, &body, Some("0123456789abcdef0123456789abcdef")).await;
    assert_refused(&r, 403, "forbidden");
    // A real token of another match.
    let (_, other) = pvp(a).await;
    let r = post(a, &path, &body, Some(&other[0].1)).await;
    assert_eq!(r.status, 403);
    // P2's token may not act for P1, by naming the seat or by acting out of turn.
    let r = post(
        a,
        &path,
        &json!({ "version": 0, "action": drop_col(0), "seat": 0 }),
        Some(&p2),
    )
    .await;
    assert_eq!(r.status, 403);
    let r = post(a, &path, &body, Some(&p2)).await;
    assert_refused(&r, 422, "illegal_action");
    // WebSocket: a bad token is refused, and acting without hello too.
    let mut ws = Ws::connect(a, &id).await;
    ws.send(json!({ "type": "act", "version": 0, "action": drop_col(0) }))
        .await;
    assert_eq!(ws.recv().await["code"], "bad_request");
    ws.send(json!({ "type": "hello", "token": "nope" })).await;
    assert_eq!(ws.recv().await["code"], "forbidden");
    let (mut spec, _) = Ws::join(a, &id, None).await;
    spec.send(json!({ "type": "act", "version": 0, "action": drop_col(0) }))
        .await;
    assert_eq!(spec.recv().await["code"], "unauthorized");
    // Undo without a token.
    let r = post(a, &format!("/api/matches/{id}/undo"), &json!({}), None).await;
    assert_eq!(r.status, 401);

    let m = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(
        (m.body["version"].as_u64(), m.body["moves"].as_u64()),
        (Some(0), Some(0))
    );
    let s = get_as(a, &format!("/api/matches/{id}/state"), &p1).await;
    assert_eq!(
        s.body["legal"].as_array().unwrap().len(),
        7,
        "P1 still to move"
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_versions_are_refused() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    let (p1, p2) = (tokens[0].1.clone(), tokens[1].1.clone());
    let path = format!("/api/matches/{id}/actions");
    let r = drop_disc(a, &path, 0, 2, Some(&p1)).await;
    assert_eq!(r.status, 200);
    // P2 answers a position that no longer exists.
    let r = drop_disc(a, &path, 0, 2, Some(&p2)).await;
    assert_eq!(
        (
            r.status,
            r.body["code"].as_str(),
            r.body["version"].as_u64()
        ),
        (409, Some("stale_version"), Some(1))
    );
    let r = drop_disc(a, &path, 5, 2, Some(&p2)).await;
    assert_eq!(r.status, 409);
    let (mut w2, _) = Ws::join(a, &id, Some(&p2)).await;
    w2.send(json!({ "type": "act", "version": 0, "action": drop_col(2) }))
        .await;
    let e = w2.until(|m| m["type"] == "error").await;
    assert_eq!(
        (e["code"].as_str(), e["version"].as_u64()),
        (Some("stale_version"), Some(1))
    );
    assert_eq!(get(a, &format!("/api/matches/{id}")).await.body["moves"], 1);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_gets_clear_errors_and_hurts_no_one_else() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    let (other, other_tokens) = pvp(a).await;

    // HTTP: malformed JSON, wrong shape, unknown match, oversized body, unknown route.
    let r = http_raw(a, "POST", "/api/matches", Some(b"{not json"), None).await;
    assert_refused(&r, 400, "malformed");
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "colour": "red" }),
        None,
    )
    .await;
    assert_refused(&r, 400, "malformed");
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human()] }),
        None,
    )
    .await;
    assert_refused(&r, 400, "bad_request");
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("deep-blue")] }),
        None,
    )
    .await;
    assert_refused(&r, 400, "bad_content");
    let r = post(
        a,
        &format!("/api/matches/{id}/actions"),
        &json!({ "version": 0, "action": { "fly": 1 } }),
        Some(&tokens[0].1),
    )
    .await;
    assert_refused(&r, 422, "malformed_action");
    let r = get(a, "/api/matches/0000000000000000").await;
    assert_refused(&r, 404, "unknown_match");
    let r = get(a, "/api/matches/..%2f..%2fetc").await;
    assert_eq!(r.status, 404);
    let big = format!("{{\"game\":\"{}\"}}", "x".repeat(200_000));
    let r = http_raw(a, "POST", "/api/matches", Some(big.as_bytes()), None).await;
    assert_refused(&r, 413, "too_large");
    let r = get(a, "/api/nothing-here").await;
    assert_refused(&r, 404, "unknown_route");

    // WebSocket: unknown match.
    let mut ws = Ws::connect(a, "0000000000000000").await;
    assert_eq!(ws.recv().await["code"], "unknown_match");
    assert!(
        ws.try_recv(Duration::from_secs(2)).await.is_none(),
        "closed after the error"
    );

    // WebSocket: malformed JSON, unknown message, oversized message, binary: errors, still open.
    let (mut w, _) = Ws::join(a, &id, Some(&tokens[0].1)).await;
    w.send_text("{oops".into()).await;
    assert_eq!(w.recv().await["code"], "malformed");
    w.send(json!({ "type": "teleport" })).await;
    assert_eq!(w.recv().await["code"], "malformed");
    w.send_text(format!(
        "{{\"type\":\"ping\",\"pad\":\"{}\"}}",
        "x".repeat(20_000)
    ))
    .await;
    assert_eq!(w.recv().await["code"], "too_large");
    w.s.send(tokio_tungstenite::tungstenite::Message::binary(vec![
        1, 2, 3,
    ]))
    .await
    .unwrap();
    assert_eq!(w.recv().await["code"], "malformed");
    w.send(json!({ "type": "ping", "id": "x" })).await;
    assert_eq!(w.recv().await, json!({ "type": "pong", "id": "x" }));

    // Flood: beyond the burst, messages are dropped with rate_limited errors, and the
    // connection stays usable.
    let (mut flood, _) = Ws::join(a, &id, None).await;
    let (mut calm, _) = Ws::join(a, &other, Some(&other_tokens[0].1)).await;
    for _ in 0..120 {
        assert!(flood.send_text(r#"{"type":"ping"}"#.into()).await);
    }
    let (mut pongs, mut limited) = (0, 0);
    while pongs + limited < 120 {
        let m = flood.recv().await;
        match m["code"].as_str() {
            Some("rate_limited") => limited += 1,
            _ if m["type"] == "pong" => pongs += 1,
            other => panic!("unexpected {other:?}: {m}"),
        }
    }
    assert!(
        pongs >= 40 && limited >= 1,
        "{pongs} pongs, {limited} limited"
    );
    tokio::time::sleep(Duration::from_millis(1200)).await; // the bucket refills
    flood.send(json!({ "type": "ping" })).await;
    assert_eq!(flood.recv().await["type"], "pong");
    // A flood that does not stop is cut off (after 100 refusals in a row).
    for _ in 0..400 {
        if !flood.send_text(r#"{"type":"ping"}"#.into()).await {
            break;
        }
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while flood.try_recv(Duration::from_secs(2)).await.is_some() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "flooder never disconnected"
        );
    }
    // Meanwhile another match is unaffected, and so is the flooder's match for its players.
    calm.send(json!({ "type": "act", "version": 0, "action": drop_col(1) }))
        .await;
    assert_eq!(calm.until(|m| m["type"] == "ack").await["version"], 1);
    w.send(json!({ "type": "act", "version": 0, "action": drop_col(1) }))
        .await;
    assert_eq!(w.until(|m| m["type"] == "ack").await["version"], 1);
    assert_eq!(get(a, "/api/health").await.status, 200);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn openapi_document_matches_the_routes() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let doc = get(a, "/api/openapi.json").await;
    assert_eq!(doc.status, 200);
    assert_eq!(doc.body["openapi"], "3.1.0");
    let paths = doc.body["paths"].as_object().unwrap();

    // Every route is documented.
    let routes = gridwright_server::api_routes();
    for (method, path) in &routes {
        let m = method.as_str().to_lowercase();
        assert!(
            paths.get(*path).and_then(|p| p.get(&m)).is_some(),
            "{method} {path} is routed but not documented"
        );
    }
    // Every documented operation is routed, and answers neither 404 nor 405 for a real match.
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    // A Lab run, played to its end (so that its chart 0 exists), for the Lab's `{id}`.
    let run = post(
        a,
        "/api/lab/runs",
        &json!({ "game": "connect-four", "agents": ["random", "random"], "games": 5 }),
        None,
    )
    .await;
    assert_eq!(run.status, 201, "{:?}", run.body);
    let run = run.body["run"]["id"].as_str().unwrap().to_owned();
    let deadline = std::time::Instant::now() + WAIT;
    while get(a, &format!("/api/lab/runs/{run}")).await.body["run"]["status"] != "done" {
        assert!(
            std::time::Instant::now() < deadline,
            "the Lab run never ended"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let mut n_ops = 0;
    for (path, ops) in paths {
        for (method, op) in ops.as_object().unwrap() {
            n_ops += 1;
            assert!(
                routes
                    .iter()
                    .any(|(m, p)| m.as_str().eq_ignore_ascii_case(method) && p == path),
                "{method} {path} is documented but not in the route table"
            );
            assert!(
                op["responses"].is_object(),
                "{method} {path} documents no responses"
            );
            let this = if path.starts_with("/api/lab/") {
                &run
            } else {
                &id
            };
            let url = path
                .replace("{id}", this)
                .replace("{game}", "connect-four")
                .replace("{n}", "0");
            let r = match method.as_str() {
                "get" => get_as(a, &url, &tokens[0].1).await,
                "post" => post(a, &url, &json!({}), Some(&tokens[0].1)).await,
                other => panic!("unexpected method {other}"),
            };
            assert!(
                r.status != 404 && r.status != 405,
                "{method} {url} answered {}: {:?}",
                r.status,
                r.body
            );
        }
    }
    assert_eq!(n_ops, routes.len());
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_browser_client_is_served_from_the_binary() {
    let t = TestServer::sqlite().await;
    let files: Vec<&str> = gridwright_server::web_files().collect();
    assert!(
        files.contains(&"index.html"),
        "web/index.html is embedded: {files:?}"
    );
    for f in &files {
        let r = get(t.addr, &format!("/{f}")).await;
        assert_eq!(r.status, 200, "/{f}");
    }
    let r = get(t.addr, "/").await;
    assert_eq!(r.status, 200);
    assert!(r.header("content-type").unwrap().starts_with("text/html"));
    let r = get(t.addr, "/play/0123456789abcdef").await;
    assert_eq!(r.status, 200, "client routes fall back to index.html");
    assert_eq!(get(t.addr, "/no-such-file.js").await.status, 404);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_think_budgets_beyond_the_servers_limits_are_refused() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    for (agent, needle) in [
        ("mcts:ms=600000", "ms=600000"),
        ("mcts:iters=1000000000", "iters=1000000000"),
        ("mcts:threads=64", "threads=64"),
        ("mcts:iters=banana", "iters"),
    ] {
        let r = post(
            a,
            "/api/matches",
            &json!({ "game": "connect-four", "seats": [human(), ai(agent)] }),
            None,
        )
        .await;
        assert_eq!(r.status, 400, "{agent}: {:?}", r.body);
        let msg = r.body["message"].as_str().unwrap();
        assert!(
            msg.contains(needle) && msg.contains("seat 1 (P2)"),
            "{agent}: {msg}"
        );
    }
    // Within the limits: accepted.
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("mcts:iters=500,threads=2")] }),
        None,
    )
    .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    // Nothing was stored for the refused ones.
    let list = get(a, "/api/matches?status=open").await;
    let running = get(a, "/api/matches?status=running").await;
    let total = list.body["matches"].as_array().unwrap().len()
        + running.body["matches"].as_array().unwrap().len();
    assert_eq!(total, 1);
    t.stop().await;
}

/// Every authenticated route refuses in the same order (the `Caller`/`Player` extractors):
/// a missing token first (401, before the match is looked up or the body read), then an unknown
/// match (404), then a token that holds no seat of the match (403); reading the state needs no
/// token (a spectator).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn authenticated_routes_refuse_in_one_order() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    let (_, other) = pvp(a).await;
    let unknown = "0123456789abcdef";
    let code = |r: &Resp| (r.status, r.body["code"].as_str().map(str::to_owned));
    let want = |s: u16, c: &str| (s, Some(c.to_owned()));
    for route in ["actions", "undo", "preview"] {
        let path = |m: &str| format!("/api/matches/{m}/{route}");
        // No token: 401 even for an unknown match and a body that is not JSON.
        let r = http_raw(a, "POST", &path(unknown), Some(b"{"), None).await;
        assert_eq!(code(&r), want(401, "unauthorized"), "{route}");
        let r = http_raw(a, "POST", &path(&id), Some(b"{"), None).await;
        assert_eq!(code(&r), want(401, "unauthorized"), "{route}");
        // A token, an unknown match: 404.
        let r = http_raw(a, "POST", &path(unknown), Some(b"{"), Some(&tokens[0].1)).await;
        assert_eq!(code(&r), want(404, "unknown_match"), "{route}");
        // A token of another match: 403, before the body is read.
        let r = http_raw(a, "POST", &path(&id), Some(b"{"), Some(&other[0].1)).await;
        assert_eq!(code(&r), want(403, "forbidden"), "{route}");
        // The right token: now the body counts.
        let r = http_raw(a, "POST", &path(&id), Some(b"{"), Some(&tokens[0].1)).await;
        assert_eq!(code(&r), want(400, "malformed"), "{route}");
    }
    let state = format!("/api/matches/{id}/state");
    let r = get(a, &state).await;
    assert_eq!((r.status, r.body["you"].is_null()), (200, true));
    let r = get_as(a, &state, &other[0].1).await;
    assert_eq!(code(&r), want(403, "forbidden"));
    let r = get_as(a, &state, &tokens[1].1).await;
    assert_eq!(
        (r.status, r.body["you"]["seats"].clone()),
        (200, json!([1]))
    );
    let r = get(a, &format!("/api/matches/{unknown}/state")).await;
    assert_eq!(code(&r), want(404, "unknown_match"));
    t.stop().await;
}

/// Seat kinds are `human`, `open` and `ai` on the wire (blanks around them allowed); any other
/// kind is refused with 400, naming it and the kinds there are, and creates nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn seat_kinds_are_human_open_or_ai() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    for bad in [json!("robot"), json!("Human"), json!(""), json!(3)] {
        let req = json!({ "game": "connect-four", "seats": [human(), { "kind": bad }] });
        let r = post(a, "/api/matches", &req, None).await;
        assert_eq!(r.status, 400, "{bad}: {:?}", r.body);
        let msg = r.body["message"].as_str().unwrap();
        if let Some(text) = bad.as_str() {
            assert!(
                msg.contains(&format!("not `{text}`")) && msg.contains("`human`, `open` or `ai`"),
                "{msg}"
            );
        }
    }
    assert_eq!(
        get(a, "/api/matches?status=all").await.body["matches"],
        json!([])
    );
    let req = json!({ "game": "connect-four",
        "seats": [{ "kind": " human" }, { "kind": "ai ", "agent": "random" }] });
    let r = post(a, "/api/matches", &req, None).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let kinds: Vec<Value> = r.body["match"]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["kind"].clone())
        .collect();
    assert_eq!(kinds, [json!("human"), json!("ai")]);
    let (id, _) = create(a, json!({ "game": "connect-four" })).await;
    let m = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(m.body["seats"][1]["kind"], "open");
    t.stop().await;
}
