//! Hotseat hand-overs send deltas (issue 20, server point 15): a client that keeps one log per
//! viewer gets, at each hand-over, only what the new seat's log lacks, not the whole log again.

use crate::common::*;
use serde_json::{Value, json};

/// Plays `moves` Connect Four moves in a hotseat match watched by one socket that says hello
/// with `hello_extra`; returns the log entries the socket received, and the log each viewer's
/// copy holds at the end (rebuilt as the browser client does).
async fn hand_overs(moves: usize, hello_extra: Value) -> (usize, Vec<Vec<Value>>, Vec<Value>) {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true }),
    )
    .await;
    let tok = tokens[0].1.clone();
    let mut ws = Ws::connect(a, &id).await;
    let mut hello = json!({ "type": "hello", "token": tok });
    for (k, v) in hello_extra.as_object().unwrap() {
        hello[k] = v.clone();
    }
    ws.send(hello).await;
    assert_eq!(ws.recv().await["type"], "welcome");
    let mut received = 0;
    let mut logs: Vec<Vec<Value>> = vec![Vec::new(), Vec::new()];
    let apply = |m: &Value, logs: &mut Vec<Vec<Value>>| -> usize {
        let viewer = m["you"]["viewer"].as_u64().unwrap() as usize;
        let from = m["log_from"].as_u64().unwrap() as usize;
        let entries = m["log"].as_array().unwrap();
        let log = &mut logs[viewer];
        log.truncate(from.min(log.len()));
        log.extend(entries.iter().cloned());
        entries.len()
    };
    let first = ws.recv().await;
    received += apply(&first, &mut logs);
    // Columns 0..6 in turn, then again: no four in a row within 10 moves.
    for v in 0..moves {
        let r = post(
            a,
            &format!("/api/matches/{id}/actions"),
            &json!({ "version": v, "action": drop_col((v % 7) as u8) }),
            Some(&tok),
        )
        .await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let m = ws.state_at(v as u64 + 1).await;
        received += apply(&m, &mut logs);
    }
    let full = get_as(a, &format!("/api/matches/{id}/state"), &tok)
        .await
        .body["log"]
        .as_array()
        .unwrap()
        .clone();
    t.stop().await;
    (received, logs, full)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hotseat_hand_overs_send_only_what_the_new_seats_log_lacks() {
    let moves = 10;
    let (deltas, logs, full) = hand_overs(moves, json!({ "logs": "per_viewer" })).await;
    // Each hand-over brings the two moves made since that seat last looked (one at the first).
    assert!(
        deltas <= moves * 2,
        "{deltas} log entries for {moves} moves"
    );
    // The log of the seat now on move is the whole log, as a fresh read shows it.
    let on_move = moves % 2;
    assert_eq!(logs[on_move], full, "the per-viewer log is complete");
    // A client that keeps one log (no `logs` in hello) still gets the whole log at every
    // hand-over: 1 + 2 + … + 10 entries.
    let (whole, _, _) = hand_overs(moves, json!({})).await;
    assert_eq!(
        whole,
        moves * (moves + 1) / 2,
        "legacy clients are served as before"
    );
}

/// Plays `game` (setup `scenario`) in a hotseat match of two people, taking the first legal
/// action each time, until a stage where both seats choose at once has been handed from one
/// seat to the other, and checks every state on the way: the actions offered are only those of
/// the seat the screen shows. Returns how many two-seat states were seen and whether the screen
/// changed hands inside such a stage.
async fn simultaneous_hand_over(game: &str, scenario: &str) -> (usize, bool) {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": game, "scenario": scenario, "seats": [human(), human()],
                "hotseat": true, "seed": 11 }),
    )
    .await;
    let tok = tokens[0].1.clone();
    let (mut both, mut handed) = (0, false);
    let mut last_both_viewer: Option<Value> = None;
    for _ in 0..400 {
        let s = get_as(a, &format!("/api/matches/{id}/state"), &tok)
            .await
            .body;
        if s["status"] != "running" {
            break;
        }
        let viewer = s["you"]["viewer"].clone();
        let legal = s["legal"].as_array().unwrap().clone();
        for l in &legal {
            assert_eq!(
                l["seat"], viewer,
                "{game}: a choice of another seat than the one shown: {l}"
            );
        }
        let on_move = s["turn"]["seats"].as_array().unwrap();
        if on_move.len() >= 2 {
            both += 1;
            assert!(!legal.is_empty(), "{game}: the shown seat chooses now");
            last_both_viewer = Some(viewer.clone());
        } else if on_move.len() == 1 {
            if let Some(prev) = last_both_viewer.take() {
                // The stage narrowed to one seat: the screen shows that seat, not the one who
                // just sealed its choice.
                handed |= on_move[0] == viewer && viewer != prev;
            }
        }
        if handed {
            break;
        }
        let Some(first) = legal.first() else { break };
        let r = post(
            a,
            &format!("/api/matches/{id}/actions"),
            &json!({ "version": s["version"], "action": first["action"], "seat": first["seat"] }),
            Some(&tok),
        )
        .await;
        assert_eq!(r.status, 200, "{game}: {:?}", r.body);
    }
    t.stop().await;
    (both, handed)
}

/// A hotseat token holds both seats, but while both choose at once (sealed programs, the
/// mulligan) the screen offers only the shown seat's choices, so one person can never make the
/// other's sealed choice; once it has chosen, the screen passes to the other seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hotseat_offers_only_the_shown_seats_sealed_choices() {
    for (game, scenario) in [
        ("command-core", "duel"),
        ("starcore", "arc-foundry-vs-mind-lattice"),
    ] {
        let (both, handed) = simultaneous_hand_over(game, scenario).await;
        assert!(both > 0, "{game}: no stage where both seats choose at once");
        assert!(handed, "{game}: the screen never passed to the other seat");
    }
}
