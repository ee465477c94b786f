//! Playing: hidden information, AI seats, undo, replays, reconnection.

use crate::common::*;
use serde_json::{Value, json};

fn bid(b: u8) -> Value {
    json!({ "bid": b })
}

/// Whether `needle` occurs anywhere in the JSON text of `v`, except in the viewer's own legal
/// actions (P2 may bid 3 too).
fn leaks(v: &Value, needle: &str) -> bool {
    let mut v = v.clone();
    if let Some(o) = v.as_object_mut() {
        o.remove("legal");
    }
    v.to_string().contains(needle)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_client_sees_only_its_own_secrets() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "sealed-bid", "seats": [human(), human()] }),
    )
    .await;
    let (p1, p2) = (tokens[0].1.clone(), tokens[1].1.clone());
    let (mut w1, _) = Ws::join(a, &id, Some(&p1)).await;
    let (mut w2, _) = Ws::join(a, &id, Some(&p2)).await;
    let (mut spec, _) = Ws::join(a, &id, None).await;

    // P1 secretly bids 3.
    w1.send(json!({ "type": "act", "version": 0, "action": bid(3) }))
        .await;
    let mine = w1.state_at(1).await;
    assert_eq!(mine["observation"]["my_bid"], 3);
    assert_eq!(
        mine["log"][0]["action_text"], "bid 3",
        "a seat sees its own action"
    );
    let theirs = w2.state_at(1).await;
    assert_eq!(theirs["observation"]["my_bid"], Value::Null);
    assert_eq!(theirs["observation"]["committed"], json!([true, false]));
    assert_eq!(
        theirs["log"][0]["action"],
        Value::Null,
        "P2 must not see P1's bid"
    );
    assert!(
        !leaks(&theirs, "bid 3") && !leaks(&theirs, r#""bid":3"#),
        "{theirs}"
    );
    assert_eq!(
        theirs["legal"].as_array().unwrap().len(),
        4,
        "P2's own legal bids only"
    );
    let public = spec.state_at(1).await;
    assert!(
        !leaks(&public, "bid 3") && !leaks(&public, r#""bid":3"#),
        "{public}"
    );
    assert_eq!(public["legal"], json!([]));
    // The same over HTTP.
    for (tok, should_see) in [(Some(&p2), false), (None, false), (Some(&p1), true)] {
        let r = match tok {
            Some(t) => get_as(a, &format!("/api/matches/{id}/state"), t).await,
            None => get(a, &format!("/api/matches/{id}/state")).await,
        };
        assert_eq!(leaks(&r.body, "bid 3"), should_see, "{:?}", r.body);
    }
    // Neither replay file nor replay steps before the end.
    let r = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_refused(&r, 409, "not_finished");
    assert_eq!(
        get(a, &format!("/api/matches/{id}/replay/1")).await.status,
        409
    );
    // The seed decides future chance: never shown while the game runs.
    let m = get(a, &format!("/api/matches/{id}")).await;
    assert!(m.body.get("seed").is_none());

    // P2 bids 1: both bids are revealed to all.
    w2.send(json!({ "type": "act", "version": 1, "action": bid(1) }))
        .await;
    let public = spec.state_at(2).await;
    assert_eq!(public["observation"]["revealed"], json!([[3, 1]]));
    // Finish the game; then the replay is served, with every move.
    w1.send(json!({ "type": "act", "version": 2, "action": bid(0) }))
        .await;
    w1.state_at(3).await;
    w2.send(json!({ "type": "act", "version": 3, "action": bid(2) }))
        .await;
    let end = spec.state_at(4).await;
    assert_eq!(end["status"], "finished");
    assert_eq!(end["result"]["winners"], json!([]), "1 point each: a draw");
    let r = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["moves"].as_array().unwrap().len(), 4);
    assert_eq!(r.body["moves"][0]["action"], bid(3));
    let step = get(a, &format!("/api/matches/{id}/replay/1?seat=0")).await;
    assert_eq!(step.body["observation"]["my_bid"], 3);
    let step = get(a, &format!("/api/matches/{id}/replay/1")).await;
    assert_eq!(step.body["observation"]["my_bid"], Value::Null);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ai_seats_move_by_themselves_and_undo_takes_back_their_reply() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    let p1 = tokens[0].1.clone();
    let (mut w, _) = Ws::join(a, &id, Some(&p1)).await;
    w.send(json!({ "type": "act", "version": 0, "action": drop_col(3) }))
        .await;
    let after_ai = w.state_at(2).await;
    assert_eq!(after_ai["moves"], 2, "the AI replied");
    assert_eq!(after_ai["legal"].as_array().unwrap().len(), 7);
    // Undo goes back before P1's move, removing the AI's reply too.
    w.send(json!({ "type": "undo", "version": 2 })).await;
    let undone = w.state_at(3).await;
    assert_eq!(
        (undone["moves"].as_u64(), undone["log_from"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(undone["log"], json!([]));
    let r = post(a, &format!("/api/matches/{id}/undo"), &json!({}), Some(&p1)).await;
    assert_refused(&r, 409, "nothing_to_undo");
    // The old version is stale even though the move count is back to 0.
    w.send(json!({ "type": "act", "version": 0, "action": drop_col(3) }))
        .await;
    assert_eq!(
        w.until(|m| m["type"] == "error").await["code"],
        "stale_version"
    );

    // A search agent with a think budget in its spec: the spec is passed to the game's agent
    // (skipped where the catalog does not offer MCTS for Connect Four).
    let req = json!({ "game": "connect-four", "seats": [human(), ai("mcts:iters=300")] });
    let r = post(a, "/api/matches", &req, None).await;
    if r.status == 201 {
        let mid = r.body["match"]["id"].as_str().unwrap().to_owned();
        let tok = r.body["seats"][0]["token"].as_str().unwrap().to_owned();
        let (mut mw, _) = Ws::join(a, &mid, Some(&tok)).await;
        mw.send(json!({ "type": "act", "version": 0, "action": drop_col(3) }))
            .await;
        assert_eq!(mw.state_at(2).await["moves"], 2, "the MCTS seat replied");
    } else {
        assert_eq!(r.body["code"], "bad_content", "{:?}", r.body);
    }

    // Between two people, undo is refused.
    let (id2, t2) = pvp(a).await;
    let r = drop_disc(
        a,
        &format!("/api/matches/{id2}/actions"),
        0,
        0,
        Some(&t2[0].1),
    )
    .await;
    assert_eq!(r.status, 200);
    let r = post(
        a,
        &format!("/api/matches/{id2}/undo"),
        &json!({}),
        Some(&t2[0].1),
    )
    .await;
    assert_refused(&r, 403, "undo_not_allowed");

    // Hotseat: one token plays both seats and may undo.
    let (id3, t3) = create(a, json!({ "game": "connect-four", "hotseat": true })).await;
    assert_eq!(t3.len(), 2);
    assert_eq!(t3[0].1, t3[1].1, "one token for the device");
    let tok = t3[0].1.clone();
    let path = format!("/api/matches/{id3}/actions");
    for (v, c) in [(0, 0), (1, 1), (2, 0)] {
        let r = drop_disc(a, &path, v, c, Some(&tok)).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    let r = post(
        a,
        &format!("/api/matches/{id3}/undo"),
        &json!({ "version": 3 }),
        Some(&tok),
    )
    .await;
    assert_eq!(
        (
            r.status,
            r.body["moves"].as_u64(),
            r.body["you"]["viewer"].as_u64()
        ),
        (200, Some(2), Some(0))
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_can_be_replayed_move_by_move() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [ai("random"), ai("random")], "seed": 42 }),
    )
    .await;
    assert!(tokens.is_empty());
    let (mut spec, _) = Ws::join(a, &id, None).await;
    let end = spec
        .until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    let n = end["moves"].as_u64().unwrap();
    assert!(n >= 7);
    let r = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_eq!(r.status, 200);
    assert_eq!(r.body["game"], "connect-four");
    assert_eq!(r.body["seed"], 42);
    assert_eq!(r.body["moves"].as_array().unwrap().len() as u64, n);
    assert!(r.header("content-disposition").unwrap().contains(".replay"));
    for k in [0, 1, n] {
        let s = get(a, &format!("/api/matches/{id}/replay/{k}")).await;
        assert_eq!(s.status, 200);
        assert_eq!(s.body["log"].as_array().unwrap().len() as u64, k);
    }
    let last = get(a, &format!("/api/matches/{id}/replay/{n}")).await;
    assert_eq!(last.body["observation"], end["observation"]);
    assert_eq!(
        get(a, &format!("/api/matches/{id}/replay/{}", n + 1))
            .await
            .status,
        400
    );
    let done = get(a, "/api/matches?status=finished").await;
    assert!(
        done.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn reconnecting_clients_resume_where_they_were() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    let (p1, p2) = (tokens[0].1.clone(), tokens[1].1.clone());
    let path = format!("/api/matches/{id}/actions");
    let (mut w, _) = Ws::join(a, &id, Some(&p2)).await;
    drop_disc(a, &path, 0, 0, Some(&p1)).await;
    let s = w.state_at(1).await;
    assert_eq!(
        (s["log_from"].as_u64(), s["log"].as_array().unwrap().len()),
        (Some(0), 1)
    );
    drop(w); // the connection drops

    drop_disc(a, &path, 1, 1, Some(&p2)).await;
    drop_disc(a, &path, 2, 2, Some(&p1)).await;

    let mut w = Ws::connect(a, &id).await;
    w.send(json!({ "type": "hello", "token": p2, "from": 1 }))
        .await;
    w.until(|m| m["type"] == "welcome").await;
    let s = w.until(|m| m["type"] == "state").await;
    assert_eq!(
        (s["version"].as_u64(), s["log_from"].as_u64()),
        (Some(3), Some(1))
    );
    let texts: Vec<&str> = s["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["action_text"].as_str().unwrap())
        .collect();
    assert_eq!(texts, ["drop 2", "drop 3"], "only what the client missed");
    assert_eq!(s["legal"].as_array().unwrap().len(), 7, "P2 to move");
    // An explicit resume re-sends from any point.
    w.send(json!({ "type": "resume", "from": 0 })).await;
    let s = w.until(|m| m["type"] == "state").await;
    assert_eq!(
        (s["log_from"].as_u64(), s["log"].as_array().unwrap().len()),
        (Some(0), 3)
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_catalog_game_plays_through_the_server() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let games = get(a, "/api/games").await.body["games"]
        .as_array()
        .unwrap()
        .clone();
    assert!(games.len() >= 2);
    for g in &games {
        let name = g["name"].as_str().unwrap();
        for sc in g["scenarios"].as_array().unwrap() {
            let n = sc["seats"].as_u64().unwrap() as usize;
            // People: every seat, one legal move each from the state the server offers.
            let (id, tokens) = create(
                a,
                json!({ "game": name, "scenario": sc["name"], "seats": vec![human(); n] }),
            )
            .await;
            let mut version = 0;
            for (_, tok) in &tokens {
                let s = get_as(a, &format!("/api/matches/{id}/state"), tok)
                    .await
                    .body;
                let Some(first) = s["legal"].as_array().unwrap().first() else {
                    continue;
                };
                let r = post(a, &format!("/api/matches/{id}/actions"),
                    &json!({ "version": version, "action": first["action"], "seat": first["seat"] }), Some(tok)).await;
                assert_eq!(r.status, 200, "{name}/{}: {:?}", sc["name"], r.body);
                version += 1;
            }
            assert!(version > 0, "{name}: someone could move");
            // Previews: for the caller's own legal actions only.
            let tok = &tokens[0].1;
            let s = get_as(a, &format!("/api/matches/{id}/state"), tok)
                .await
                .body;
            if let Some(first) = s["legal"].as_array().unwrap().first() {
                let r = post(
                    a,
                    &format!("/api/matches/{id}/preview"),
                    &json!({ "action": first["action"], "seat": first["seat"] }),
                    Some(tok),
                )
                .await;
                assert_eq!(
                    (r.status, r.body["type"].as_str()),
                    (200, Some("preview")),
                    "{:?}",
                    r.body
                );
            }
            let r = post(
                a,
                &format!("/api/matches/{id}/preview"),
                &json!({ "action": { "nonsense": 1 } }),
                Some(tok),
            )
            .await;
            assert!(r.status == 422 || r.status == 400, "{:?}", r.body);
            // Agents: random against random, watched by a spectator for a while.
            let (id, _) = create(
                a,
                json!({ "game": name, "scenario": sc["name"], "seats": vec![ai("random"); n] }),
            )
            .await;
            let (mut spec, _) = Ws::join(a, &id, None).await;
            let s = spec
                .until(|m| {
                    m["type"] == "state"
                        && (m["status"] == "finished" || m["version"].as_u64() >= Some(30))
                })
                .await;
            assert!(s["observation"].is_object(), "{name}: {s}");
        }
    }
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_matches_leave_memory_and_come_back_on_demand() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [ai("random"), ai("random")] }),
    )
    .await;
    let (mut spec, _) = Ws::join(a, &id, None).await;
    let end = spec
        .until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    let hub = t.server.as_ref().unwrap().state().hub().clone();
    assert_eq!(hub.sweep(i64::MAX), 0, "a spectator is still connected");
    drop(spec);
    let mut dropped = 0;
    for _ in 0..50 {
        dropped += hub.sweep(i64::MAX);
        if dropped > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(dropped, 1);
    let again = get(a, &format!("/api/matches/{id}/state")).await;
    assert_eq!(again.body["observation"], end["observation"]);
    assert_eq!(again.body["log_len"], end["log_len"]);
    t.stop().await;
}
