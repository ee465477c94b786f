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
