//! Expensive reads bounded (issue 20, server point 14): replay steps and hints of finished
//! matches run on the shared AI threads and are computed once per position.

use crate::common::*;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn replay_steps_and_hints_of_finished_matches_are_computed_once() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let hub = t.server.as_ref().unwrap().state().hub().clone();
    let (id, _) = finished_hotseat_match(a).await;
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
        finished.push(finished_hotseat_match(a).await.0);
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
    let (id, token, mut ws) = other_clients_ai_match(a, [127, 0, 0, 2]).await;
    let took = time_of_ai_reply(a, (&id, &token, &mut ws), 0, drop_col(3)).await;
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

/// `state` reads (issue 20, server point 14): built once per match version, viewer and caller,
/// on the read threads shared fairly between addresses; a change of the match (a move, a seat
/// taken) is never answered from the cache.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn state_reads_are_built_once_per_version_and_viewer_and_never_stale() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let hub = t.server.as_ref().unwrap().state().hub().clone();
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    let path = format!("/api/matches/{id}/state");
    assert_eq!(hub.cached_states(), 0);
    let first = get(a, &path).await;
    assert_eq!(first.status, 200, "{:?}", first.body);
    assert_eq!(first.header("content-type"), Some("application/json"));
    assert_eq!(hub.cached_states(), 1);
    let again = get(a, &path).await;
    assert_eq!(again.raw, first.raw, "the same bytes");
    assert_eq!(hub.cached_states(), 1, "served from the cache");
    // Each caller's view is its own entry: P1 sees its legal moves, the spectator none.
    let p1 = get_as(a, &path, &tokens[0].1).await;
    assert_eq!(p1.body["legal"].as_array().map(Vec::len), Some(7));
    assert_eq!(first.body["legal"].as_array().map(Vec::len), Some(0));
    assert_eq!(hub.cached_states(), 2);
    // A seat taken (no new version) and a move (a new version) are seen at once.
    let j = post(a, &format!("/api/matches/{id}/join"), &json!({}), None).await;
    assert_eq!(j.status, 200, "{:?}", j.body);
    let joined = get(a, &path).await;
    assert_eq!(joined.body["seats"][1]["taken"], true);
    assert_eq!(joined.body["status"], "running");
    let r = drop_disc(
        a,
        &format!("/api/matches/{id}/actions"),
        0,
        3,
        Some(&tokens[0].1),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let moved = get(a, &path).await;
    assert_eq!(
        (moved.body["version"].as_u64(), moved.body["moves"].as_u64()),
        (Some(1), Some(1))
    );
    // `from` is part of the key too.
    let tail = get(a, &format!("{path}?from=1")).await;
    assert_eq!(tail.body["log_from"], 1);
    assert_ne!(tail.raw, moved.raw);
    t.stop().await;
}
