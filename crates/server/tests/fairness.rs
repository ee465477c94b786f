//! AI time shared fairly (issue 20, server point 12): one client's many heavy AI matches do not
//! starve another client's AI reply, the operator bounds an AI seat's time a move, and all-AI
//! matches nobody watches expire. Loopback only, bounded in count and time.

use crate::common::*;
use serde_json::json;
use std::time::{Duration, Instant};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_clients_heavy_ai_matches_do_not_starve_another_clients_ai_reply() {
    let t = TestServer::sqlite_with(|o| o.limits.ai_threads = 2).await;
    let a = t.addr;
    // Client 127.0.0.1: twelve matches of two 500 ms searches each, all thinking at once (so at
    // every moment about ten AI moves wait for the two threads).
    let heavy = json!({
        "game": "connect-four",
        "seats": [ai("mcts:ms=500"), ai("mcts:ms=500")],
    });
    for _ in 0..12 {
        create(a, heavy.clone()).await;
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    // Client 127.0.0.2: a person against a random AI seat (a reply that takes no time to think).
    let worst = worst_ai_reply_of_another_client(a).await;
    // First come, first served, the reply waited behind about five rounds of 500 ms searches
    // (2.5 s and more); shared fairly, it waits for at most one search to end.
    assert!(
        worst < Duration::from_millis(1500),
        "the other client's AI reply took {worst:?}"
    );
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_operator_bounds_an_ai_seats_time_a_move() {
    let t = TestServer::sqlite_with(|o| o.limits.ai_max_think_ms = 200).await;
    let a = t.addr;
    let r = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("mcts:ms=300")] }),
        None,
    )
    .await;
    assert_refused(&r, 400, "bad_request");
    assert!(
        message(&r).contains("limit of 200 ms a move"),
        "{:?}",
        r.body
    );
    let ok = post(
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("mcts:ms=200")] }),
        None,
    )
    .await;
    assert_eq!(ok.status, 201, "{:?}", ok.body);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unwatched_all_ai_matches_expire_and_watched_ones_play_on() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.expire_unwatched_ai_ms = 400;
        o.matches.housekeeping_ms = 50;
    })
    .await;
    let a = t.addr;
    // 300 ms a move (150 for the watched one): a game of Connect Four takes at least seven
    // moves, over a second.
    let req = json!({
        "game": "connect-four",
        "seats": [ai("random"), ai("random")],
        "ai_delay_ms": 300,
    });
    let mut quicker = req.clone();
    quicker["ai_delay_ms"] = json!(150);
    let (watched, _) = create(a, quicker).await;
    let (mut ws, _) = Ws::join(a, &watched, None).await;
    let (unwatched, _) = create(a, req).await;
    let status_of = async |id: &str| status(a, id).await.as_str().unwrap().to_owned();
    let deadline = Instant::now() + WAIT;
    while status_of(&unwatched).await != "expired" {
        assert!(
            Instant::now() < deadline,
            "the unwatched match never expired"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(
        status_of(&watched).await,
        "running",
        "a watched match plays on"
    );
    let moves = get(a, &format!("/api/matches/{unwatched}")).await.body["moves"].clone();
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(
        get(a, &format!("/api/matches/{unwatched}")).await.body["moves"],
        moves,
        "no AI move after expiry"
    );
    // The watched one reaches its end.
    ws.until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    t.stop().await;
}
