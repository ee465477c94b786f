//! PostgreSQL: the same server on a shared database, two processes pushing each other's moves
//! to their WebSocket clients (LISTEN/NOTIFY), races between processes, and crash-and-resume.

use crate::common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_store_serves_the_same_game() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    let t = TestServer::postgres(url).await;
    let a = t.addr;
    assert_eq!(get(a, "/api/health").await.body["store"], "postgres");
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    assert!(
        get(a, "/api/matches?status=open").await.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );
    let j = post(
        a,
        &format!("/api/matches/{id}/join"),
        &json!({ "seat": 1 }),
        None,
    )
    .await;
    assert_eq!(j.status, 200, "{:?}", j.body);
    let p2 = j.body["token"].as_str().unwrap().to_owned();
    let path = format!("/api/matches/{id}/actions");
    assert_eq!(
        post(
            a,
            &path,
            &json!({ "version": 0, "action": drop_col(1) }),
            Some(&tokens[0].1)
        )
        .await
        .status,
        200
    );
    assert_eq!(
        post(
            a,
            &path,
            &json!({ "version": 0, "action": drop_col(1) }),
            Some(&p2)
        )
        .await
        .status,
        409
    );
    assert_eq!(
        post(
            a,
            &path,
            &json!({ "version": 1, "action": drop_col(1) }),
            Some(&p2)
        )
        .await
        .status,
        200
    );

    // Sealed bids on PostgreSQL: secrets stay secret here too.
    let (sb, st) = create(
        a,
        json!({ "game": "sealed-bid", "seats": [human(), human()] }),
    )
    .await;
    let r = post(
        a,
        &format!("/api/matches/{sb}/actions"),
        &json!({ "version": 0, "action": { "bid": 3 } }),
        Some(&st[0].1),
    )
    .await;
    assert_eq!(r.status, 200);
    let other = get_as(a, &format!("/api/matches/{sb}/state"), &st[1].1).await;
    assert_eq!(
        other.body["log"][0]["action"],
        serde_json::Value::Null,
        "P2 must not see P1's bid"
    );
    assert_eq!(other.body["observation"]["my_bid"], serde_json::Value::Null);

    // AI against AI to the end, then the replay.
    let (ai_id, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [ai("random"), ai("random")] }),
    )
    .await;
    let (mut spec, _) = Ws::join(a, &ai_id, None).await;
    let end = spec
        .until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    let r = get(a, &format!("/api/matches/{ai_id}/replay")).await;
    assert_eq!(
        r.body["moves"].as_array().unwrap().len() as u64,
        end["moves"].as_u64().unwrap()
    );
    // Undo against an AI.
    let (pve, t2) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    let (mut w, _) = Ws::join(a, &pve, Some(&t2[0].1)).await;
    w.send(json!({ "type": "act", "version": 0, "action": drop_col(0) }))
        .await;
    w.state_at(2).await;
    w.send(json!({ "type": "undo" })).await;
    assert_eq!(w.state_at(3).await["moves"], 0);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_share_one_postgres_database() {
    let Some((pa, pb)) = two_processes().await else {
        return;
    };
    let (a, b) = (pa.addr, pb.addr);

    // Created through A, visible through B.
    let (id, tokens) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), open()] }),
    )
    .await;
    assert!(
        get(b, "/api/matches?status=open").await.body["matches"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["id"] == id)
    );
    // Joined through B; the token works through A.
    let j = post(b, &format!("/api/matches/{id}/join"), &json!({}), None).await;
    assert_eq!(j.status, 200, "{:?}", j.body);
    let (p1, p2) = (
        tokens[0].1.clone(),
        j.body["token"].as_str().unwrap().to_owned(),
    );
    let (mut w2_on_b, _) = Ws::join(b, &id, Some(&p2)).await;
    let (mut spec_on_b, _) = Ws::join(b, &id, None).await;
    let (mut w1_on_a, _) = Ws::join(a, &id, Some(&p1)).await;

    // A move made through A reaches B's WebSocket clients.
    w1_on_a
        .send(json!({ "type": "act", "version": 0, "action": drop_col(3) }))
        .await;
    let s = w2_on_b.state_at(1).await;
    assert_eq!(s["log"][0]["action_text"], "drop 4");
    assert_eq!(s["legal"].as_array().unwrap().len(), 7, "P2 may answer");
    assert_eq!(spec_on_b.state_at(1).await["moves"], 1);
    // And back: a move through B reaches A's client.
    w2_on_b
        .send(json!({ "type": "act", "version": 1, "action": drop_col(2) }))
        .await;
    assert_eq!(w1_on_a.state_at(2).await["log"][0]["action_text"], "drop 3");

    // Both processes race to write move 2: exactly one wins, the other is refused as stale.
    let body = json!({ "version": 2, "action": drop_col(0) });
    let body2 = json!({ "version": 2, "action": drop_col(6) });
    let path = format!("/api/matches/{id}/actions");
    let (ra, rb) = tokio::join!(
        post(a, &path, &body, Some(&p1)),
        post(b, &path, &body2, Some(&p1))
    );
    let mut statuses = [ra.status, rb.status];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409], "{:?} / {:?}", ra.body, rb.body);
    let sa = get(a, &format!("/api/matches/{id}/state")).await;
    let sb = get(b, &format!("/api/matches/{id}/state")).await;
    assert_eq!(sa.body["version"], 3);
    assert_eq!(
        sa.body["observation"], sb.body["observation"],
        "both processes agree"
    );
    assert_eq!(
        w2_on_b.state_at(3).await["observation"],
        sa.body["observation"]
    );

    // An AI seat driven by one process plays against a person connected to the other.
    let (pve, t) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    let (mut w, _) = Ws::join(b, &pve, Some(&t[0].1)).await;
    w.send(json!({ "type": "act", "version": 0, "action": drop_col(5) }))
        .await;
    assert_eq!(w.state_at(2).await["moves"], 2);
    pa.kill();
    pb.kill();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_matches_survive_sigkill_and_resume_exactly() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    crate::persistence::crash_and_resume(vec!["--database".into(), url]).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_acknowledged_concurrent_moves_survive_sigkill() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    crate::persistence::acknowledged_concurrent_moves_survive_sigkill(vec![
        "--database".into(),
        url,
    ])
    .await;
}

/// Moves committed together: one whose statement fails (its move number is already taken, as
/// only a corrupt store could have it) is refused alone, and the others of its batch are stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_failing_move_in_a_postgres_group_commit_is_refused_alone() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    let server = Proc::spawn(&["--database".to_string(), url.clone()]);
    let a = server.addr;
    let mut games = Vec::new();
    for _ in 0..24 {
        let (id, t) = pvp(a).await;
        games.push((id, t[0].1.clone()));
    }
    // Plant a stray move 0 in the first match behind the server's back.
    let (client, conn) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(conn);
    client
        .execute(
            "INSERT INTO moves (match_id, n, seat, action, created_ms) VALUES ($1, 0, 0, '{}', 0)",
            &[&games[0].0],
        )
        .await
        .unwrap();
    let moves: Vec<_> = games
        .iter()
        .map(|(id, token)| {
            let (id, token) = (id.clone(), token.clone());
            tokio::spawn(async move {
                let path = format!("/api/matches/{id}/actions");
                let body = json!({ "version": 0, "action": drop_col(3) });
                post(a, &path, &body, Some(&token)).await.status
            })
        })
        .collect();
    let mut statuses = Vec::new();
    for m in moves {
        statuses.push(m.await.unwrap());
    }
    assert_eq!(
        statuses[0], 409,
        "the move whose number was taken is refused"
    );
    assert!(statuses[1..].iter().all(|s| *s == 200), "{statuses:?}");
    for (i, (id, _)) in games.iter().enumerate() {
        let r = get(a, &format!("/api/matches/{id}/state")).await;
        assert_eq!(r.body["moves"], u64::from(i > 0), "match {i}");
    }
    server.kill();
}

/// The process driving a match's AI seat dies after a person's move and before the AI's reply:
/// its lease in the database lapses, and another process takes the match over and replies.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_process_takes_over_the_ai_seats_of_a_dead_one() {
    let Some((pa, pb)) = two_processes().await else {
        return;
    };
    let (a, b) = (pa.addr, pb.addr);
    // A slow AI seat, so that A is still waiting to reply when it dies.
    let (id, t) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")], "ai_delay_ms": 2000 }),
    )
    .await;
    let (mut w, _) = Ws::join(b, &id, Some(&t[0].1)).await;
    let r = drop_disc(
        a,
        &format!("/api/matches/{id}/actions"),
        0,
        3,
        Some(&t[0].1),
    )
    .await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    pa.kill(); // SIGKILL: A's AI driver dies with it, before its reply
    assert_eq!(w.state_at(1).await["moves"], 1);
    let s = w.state_at(2).await;
    assert_eq!(s["moves"], 2, "B replied for the AI seat");
    assert_eq!(
        s["log"].as_array().unwrap().last().unwrap()["actor"]["seat"],
        1
    );
    // And B drives it from now on.
    w.send(json!({ "type": "act", "version": 2, "action": drop_col(3) }))
        .await;
    assert_eq!(w.state_at(4).await["moves"], 4);
    pb.kill();
}

/// Two server processes on one fresh PostgreSQL database (`None`: no PostgreSQL to test with,
/// outside CI).
async fn two_processes() -> Option<(Proc, Proc)> {
    let url = pg_fresh_db().await?;
    let args = vec!["--database".to_string(), url];
    Some((Proc::spawn(&args), Proc::spawn(&args)))
}

/// Resigning on PostgreSQL: the match ends in the store, and the resignation is in the log and
/// the replay as on SQLite (`table.rs`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn postgres_resignation_is_stored_in_the_log_and_the_replay() {
    let Some(url) = pg_fresh_db().await else {
        return;
    };
    let t = TestServer::postgres(url).await;
    crate::table::resign_is_in_the_log_and_the_replay(t.addr).await;
    t.stop().await;
}
