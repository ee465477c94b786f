//! Undo (issue 20, server point 16): a finished match cannot be undone, and an undo never lets a
//! player see chance it could not see before.

use crate::common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_match_cannot_be_undone() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    // P1 drops four in column 0 while P2 plays column 1: P1 wins on move 7.
    let (id, tok) = finished_hotseat_match(a).await;
    let tok = &tok;
    assert_eq!(status(a, &id).await, "finished");
    let r = post(a, &format!("/api/matches/{id}/undo"), &json!({}), Some(tok)).await;
    assert_refused(&r, 403, "undo_not_allowed");
    assert!(r.body["message"].as_str().unwrap().contains("game is over"));
    let after = get(a, &format!("/api/matches/{id}")).await.body;
    assert_eq!(
        (after["status"].as_str(), after["moves"].as_u64()),
        (Some("finished"), Some(7))
    );
    t.stop().await;
}

/// Starcore: a mulligan shows a new hand of cards drawn from the seed. Were the mulligan undone,
/// mulliganing again would draw the very same cards (the issue's repro: "see 8 cards, undo,
/// mulligan again gives the same 8"), so the player could look ahead. The undo is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_undo_never_shows_chance_the_player_could_not_see_before() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "starcore", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    let tok = &tokens[0].1;
    let st = get_as(a, &format!("/api/matches/{id}/state"), tok)
        .await
        .body;
    let legal = st["legal"].as_array().unwrap();
    let mulligan = legal
        .iter()
        .find(|l| l["action"] == json!("mulligan"))
        .unwrap_or_else(|| panic!("no mulligan offered: {legal:?}"));
    // The mulligan choice is simultaneous: P1 mulligans, P2 keeps, then P1's new hand is drawn.
    let v = st["version"].as_u64().unwrap();
    let r = post(
        a,
        &format!("/api/matches/{id}/actions"),
        &json!({ "version": v, "action": mulligan["action"], "seat": mulligan["seat"] }),
        Some(tok),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let other = 1 - mulligan["seat"].as_u64().unwrap();
    let v = r.body["version"].as_u64().unwrap();
    let log_len = r.body["log_len"].as_u64().unwrap();
    let r = post(
        a,
        &format!("/api/matches/{id}/actions"),
        &json!({ "version": v, "action": "keep", "seat": other }),
        Some(tok),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert!(
        r.body["log_len"].as_u64().unwrap() > log_len + 1,
        "the new hand was drawn: {:?}",
        r.body["log_len"]
    );
    let r = post(a, &format!("/api/matches/{id}/undo"), &json!({}), Some(tok)).await;
    assert_refused(&r, 403, "undo_not_allowed");
    assert!(message(&r).contains("cards were drawn"), "{:?}", r.body);
    let after = get(a, &format!("/api/matches/{id}")).await.body;
    assert_eq!(after["moves"], 2, "the mulligan stands: {after:?}");
    // A move after which nothing was drawn can still be taken back (Connect Four has no chance).
    let (c4, c4_tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    let c4_tok = &c4_tokens[0].1;
    let r = drop_disc(a, &format!("/api/matches/{c4}/actions"), 0, 3, Some(c4_tok)).await;
    assert_eq!(r.status, 200);
    let r = post(
        a,
        &format!("/api/matches/{c4}/undo"),
        &json!({}),
        Some(c4_tok),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    t.stop().await;
}
