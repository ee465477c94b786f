//! Expensive reads bounded (issue 20, server point 14): replay steps and hints of finished
//! matches run on the shared AI threads and are computed once per position.

use crate::common::*;
use serde_json::json;
use std::time::{Duration, Instant};

async fn finished_match(a: std::net::SocketAddr) -> String {
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    for (v, c) in [0, 1, 0, 1, 0, 1, 0].into_iter().enumerate() {
        let r = post(
            a,
            &format!("/api/matches/{id}/actions"),
            &json!({ "version": v, "action": drop_col(c) }),
            Some(&tokens[0].1),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
    }
    id
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_steps_and_hints_of_finished_matches_are_computed_once() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let hub = t.server.as_ref().unwrap().state().hub().clone();
    let id = finished_match(a).await;
    assert_eq!(hub.cached_reads(), 0);
    let first = get(a, &format!("/api/matches/{id}/replay/3")).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    assert_eq!(hub.cached_reads(), 1);
    let again = get(a, &format!("/api/matches/{id}/replay/3")).await;
    assert_eq!((again.status, &again.body), (200, &first.body));
    assert_eq!(hub.cached_reads(), 1, "served from the cache");
    // Each viewer is its own entry (a seat's view is not the spectator's).
    assert_eq!(
        get(a, &format!("/api/matches/{id}/replay/3?seat=0"))
            .await
            .status,
        200
    );
    assert_eq!(hub.cached_reads(), 2);
    let hint = post(
        a,
        &format!("/api/matches/{id}/hint"),
        &json!({ "at": 2 }),
        None,
    )
    .await;
    assert_eq!(hint.status, 200, "{:?}", hint.body);
    assert_eq!(hub.cached_reads(), 3);
    let hint_again = post(
        a,
        &format!("/api/matches/{id}/hint"),
        &json!({ "at": 2 }),
        None,
    )
    .await;
    assert_eq!(hint_again.body, hint.body);
    assert_eq!(hub.cached_reads(), 3, "the same hint is not searched twice");
    t.stop().await;
}

/// Many concurrent hints from one address (each a new position, so none is cached) queue on the
/// AI threads; another address's AI reply is served in its turn, not after all of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_hints_does_not_starve_another_clients_ai_reply() {
    let t = TestServer::sqlite_with(|o| o.limits.ai_threads = 1).await;
    let a = t.addr;
    let mut finished = Vec::new();
    for _ in 0..3 {
        finished.push(finished_match(a).await);
    }
    let mut flood = Vec::new();
    for id in &finished {
        for at in 0..7 {
            let path = format!("/api/matches/{id}/hint");
            flood.push(tokio::spawn(async move {
                post(a, &path, &json!({ "at": at }), None).await.status
            }));
        }
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    let r = post_from(
        [127, 0, 0, 2],
        a,
        "/api/matches",
        &json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let id = r.body["match"]["id"].as_str().unwrap().to_owned();
    let token = r.body["seats"][0]["token"].as_str().unwrap().to_owned();
    let (mut ws, _) = Ws::join(a, &id, Some(&token)).await;
    let started = Instant::now();
    let r = post(
        a,
        &format!("/api/matches/{id}/actions"),
        &json!({ "version": 0, "action": drop_col(3) }),
        Some(&token),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    ws.state_at(2).await;
    let took = started.elapsed();
    // 21 hints of up to 0.9 s each on one thread: behind all of them, over 10 s; in turn, about
    // one hint's time.
    assert!(
        took < Duration::from_millis(2500),
        "the AI reply took {took:?}"
    );
    for h in flood {
        assert_eq!(h.await.unwrap(), 200);
    }
    t.stop().await;
}
