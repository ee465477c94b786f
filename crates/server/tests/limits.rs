//! Abuse limits of match creation: scenarios are names from the game's list (never paths),
//! creation is rate-limited per client and capped server-wide, abandoned matches expire,
//! matches live in memory only while used, and a seed chosen by the creator cannot decide the
//! dice of a match another person joins.

use crate::common::*;
use serde_json::{Value, json};

/// A scenario from the network is a name from the game's list, never a path: paths are refused
/// without the file being read, and the answer is the same whether the file exists or not.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn scenario_paths_are_refused_without_reading_the_file() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let dir = TempDir::new("scenario-path");
    // A real scenario file (it would become a match if read), with a secret in a comment-free
    // key the error of a failed parse would quote.
    let real = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../content/grid-battles/scenarios/skirmish.toml"
    ))
    .unwrap();
    let valid = dir.0.join("valid.toml");
    std::fs::write(&valid, &real).unwrap();
    let secret = dir.0.join("secret.toml");
    std::fs::write(&secret, "password = \"hunter2-secret-value\"\n").unwrap();
    let create = |scenario: String| {
        let body = json!({ "game": "grid-battles", "scenario": scenario });
        async move { post(a, "/api/matches", &body, None).await }
    };
    let refused = |r: &Resp, name: &str| refused_name(r, name, "unknown_scenario", "skirmish");
    for path in [
        valid.display().to_string(),
        secret.display().to_string(),
        "../../etc/passwd".to_string(),
        "/etc/passwd".to_string(),
        "/etc/shadow".to_string(),
        "../../../../../../etc/hostname".to_string(),
        format!(
            "{}/../content/grid-battles/scenarios/skirmish.toml",
            dir.0.display()
        ),
        "skirmish.toml".to_string(),
    ] {
        let r = create(path.clone()).await;
        refused(&r, &path);
    }
    // The answer does not depend on whether the file exists.
    let with_file = refused(&create(secret.display().to_string()).await, "secret");
    std::fs::remove_file(&secret).unwrap();
    let without_file = refused(&create(secret.display().to_string()).await, "gone");
    assert_eq!(with_file, without_file);
    // A long name is quoted shortened.
    let long = "x".repeat(5000);
    let r = create(long.clone()).await;
    let text = refused(&r, "long");
    assert!(text.len() < 600, "{text}");
    // Names from the list still work, and nothing else was created.
    let r = create("hill-and-woods".into()).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    let listed = get(a, "/api/matches?status=all").await;
    assert_eq!(listed.body["matches"].as_array().unwrap().len(), 1);
    assert_eq!(listed.body["matches"][0]["scenario"], "hill-and-woods");
    t.stop().await;
}

fn hub_of(t: &TestServer) -> &std::sync::Arc<gridwright_server::Hub> {
    t.server.as_ref().unwrap().state().hub()
}

/// Polls `f` every 20 ms until it is true (panics after 10 s).
async fn eventually(what: &str, mut f: impl AsyncFnMut() -> bool) {
    let deadline = tokio::time::Instant::now() + WAIT;
    while !f().await {
        assert!(tokio::time::Instant::now() < deadline, "timed out: {what}");
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn match_creation_is_rate_limited_per_client() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.create_burst = 3;
        o.matches.create_per_minute = 2;
    })
    .await;
    let a = t.addr;
    let req = json!({ "game": "connect-four" });
    for _ in 0..3 {
        assert_eq!(post(a, "/api/matches", &req, None).await.status, 201);
    }
    let r = post(a, "/api/matches", &req, None).await;
    assert_eq!(r.status, 429, "{:?}", r.body);
    assert_eq!(r.body["code"], "rate_limited");
    let wait: u64 = r.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=30).contains(&wait), "Retry-After {wait}");
    assert!(message(&r).contains(&format!("{wait} s")), "{:?}", r.body);
    // Refused creations create nothing; playing is not limited.
    let listed = get(a, "/api/matches?status=all").await;
    assert_eq!(ids(&listed.body).len(), 3);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unfinished_matches_are_capped() {
    let t = TestServer::sqlite_with(|o| o.matches.max_unfinished = 2).await;
    let a = t.addr;
    let (pvp, tok) = pvp(a).await;
    create(a, json!({ "game": "connect-four" })).await;
    let r = post(a, "/api/matches", &json!({ "game": "connect-four" }), None).await;
    assert_eq!(r.status, 503, "{:?}", r.body);
    assert_eq!(r.body["code"], "too_many_matches");
    assert!(
        message(&r).contains("limit of 2 unfinished"),
        "{:?}",
        r.body
    );
    assert!(r.header("retry-after").is_some());
    // Once a match is finished, there is room again.
    play_columns(a, &pvp, &[&tok[0].1, &tok[1].1], 0, &FOUR_IN_COLUMN_0).await;
    assert_eq!(status(a, &pvp).await, "finished");
    let r = post(a, "/api/matches", &json!({ "game": "connect-four" }), None).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn abandoned_matches_expire_and_finished_ones_stay() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.expire_open_ms = 400;
        o.matches.expire_running_ms = 400;
        o.matches.housekeeping_ms = 50;
    })
    .await;
    let a = t.addr;
    let (open_id, open_tok) = create(a, json!({ "game": "connect-four" })).await;
    let (run_id, run_tok) = pvp(a).await;
    let (done_id, _) = create(
        a,
        json!({ "game": "connect-four", "seats": [ai("random"), ai("random")] }),
    )
    .await;
    let (mut watch, _) = Ws::join(a, &open_id, None).await;
    // Someone who keeps moving keeps a match alive.
    let (busy_id, busy_tok) = pvp(a).await;
    let path = format!("/api/matches/{busy_id}/actions");
    for (v, c) in [0, 1, 2, 3, 4, 5].into_iter().enumerate() {
        tokio::time::sleep(std::time::Duration::from_millis(150)).await;
        let r = drop_disc(a, &path, v, c, Some(&busy_tok[v % 2].1)).await;
        assert_eq!(r.status, 200, "move {v}: {:?}", r.body);
    }
    eventually("the open match expires", async || {
        status(a, &open_id).await == "expired"
    })
    .await;
    eventually("the running match expires", async || {
        status(a, &run_id).await == "expired"
    })
    .await;
    // Watchers hear of it.
    watch
        .until(|m| m["type"] == "state" && m["status"] == "expired")
        .await;
    assert_eq!(status(a, &done_id).await, "finished");
    // Nothing more happens in an expired match.
    let r = post(a, &format!("/api/matches/{open_id}/join"), &json!({}), None).await;
    assert_refused(&r, 409, "match_expired");
    let r = drop_disc(
        a,
        &format!("/api/matches/{run_id}/actions"),
        1,
        0,
        Some(&run_tok[0].1),
    )
    .await;
    assert_refused(&r, 409, "match_expired");
    let _ = open_tok;
    let expired = ids(&get(a, "/api/matches?status=expired").await.body);
    assert!(
        expired.contains(&open_id) && expired.contains(&run_id),
        "{expired:?}"
    );
    assert!(!expired.contains(&done_id));
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_evicted_match_reloads_and_play_goes_on() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.evict_idle_ms = 0;
        o.matches.housekeeping_ms = 50;
    })
    .await;
    let a = t.addr;
    let (id, tok) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), ai("random")] }),
    )
    .await;
    let path = format!("/api/matches/{id}/actions");
    let r = drop_disc(a, &path, 0, 3, Some(&tok[0].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let state = format!("/api/matches/{id}/state");
    eventually("the AI replies", async || {
        get(a, &state).await.body["version"] == 2
    })
    .await;
    let before = get_as(a, &state, &tok[0].1).await.body;
    let hub = hub_of(&t).clone();
    eventually("the idle match leaves memory", async || {
        hub.cached_len() == 0
    })
    .await;
    // Loaded again on demand, exactly as it was, and play goes on (the AI seat too).
    assert_eq!(get_as(a, &state, &tok[0].1).await.body, before);
    let r = drop_disc(a, &path, 2, 3, Some(&tok[0].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    eventually("the reloaded AI seat replies", async || {
        get(a, &state).await.body["version"] == 4
    })
    .await;
    t.stop().await;
}

/// A restart loads no match until one is asked for.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn start_up_does_not_load_every_match() {
    let dir = TempDir::new("lazy-start");
    let args = vec!["--data".to_string(), dir.0.display().to_string()];
    let server = Proc::spawn(&args);
    let mut all = Vec::new();
    for _ in 0..12 {
        all.push(
            create(server.addr, json!({ "game": "connect-four" }))
                .await
                .0,
        );
    }
    assert_eq!(
        get(server.addr, "/api/health").await.body["matches_in_memory"],
        12
    );
    server.kill();
    let server = Proc::spawn(&args);
    let a = server.addr;
    assert_eq!(get(a, "/api/health").await.body["matches_in_memory"], 0);
    assert_eq!(
        ids(&get(a, "/api/matches?status=open").await.body).len(),
        12
    );
    let r = get(a, &format!("/api/matches/{}", all[5])).await;
    assert_eq!(r.status, 200);
    assert_eq!(get(a, "/api/health").await.body["matches_in_memory"], 1);
    server.kill();
}

/// Plays a Connect Four match to a win for seat 0 (seat 0 in column 0, seat 1 in column 1),
/// returning every answer's raw text.
async fn play_to_a_win(a: std::net::SocketAddr, id: &str, tokens: [&str; 2]) -> Vec<String> {
    let mut seen = Vec::new();
    for (v, c) in FOUR_IN_COLUMN_0.into_iter().enumerate() {
        let r = play_columns(a, id, &[tokens[v % 2]], v as u64, &[c]).await;
        seen.push(String::from_utf8_lossy(&r[0].raw).into_owned());
        let summary = get(a, &format!("/api/matches/{id}")).await;
        seen.push(String::from_utf8_lossy(&summary.raw).into_owned());
    }
    seen
}

/// A seed the creator chooses decides nothing in a match another person may join: it is mixed
/// with the server's own secret, never shown before the end, and the effective seed is in the
/// replay afterwards. Hotseat and AI matches keep the chosen seed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_creators_seed_does_not_decide_a_match_another_person_joins() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let mut seeds = Vec::new();
    for _ in 0..2 {
        let req = json!({ "game": "connect-four", "seats": [human(), open()], "seed": 42 });
        let created = post(a, "/api/matches", &req, None).await;
        assert_eq!(created.status, 201);
        let id = created.body["match"]["id"].as_str().unwrap().to_owned();
        let p1 = created.body["seats"][0]["token"]
            .as_str()
            .unwrap()
            .to_owned();
        let (mut ws, first) = Ws::join(a, &id, Some(&p1)).await;
        let joined = post(a, &format!("/api/matches/{id}/join"), &json!({}), None).await;
        let p2 = joined.body["token"].as_str().unwrap().to_owned();
        let mut seen = vec![
            String::from_utf8_lossy(&created.raw).into_owned(),
            String::from_utf8_lossy(&joined.raw).into_owned(),
            first.to_string(),
        ];
        seen.extend(play_to_a_win(a, &id, [&p1, &p2]).await);
        while let Some(m) = ws.try_recv(std::time::Duration::from_millis(200)).await {
            seen.push(m.to_string());
        }
        seen.push(String::from_utf8_lossy(&get(a, "/api/matches?status=all").await.raw).into());
        let replay = get(a, &format!("/api/matches/{id}/replay")).await;
        assert_eq!(replay.status, 200);
        let seed = replay.body["seed"].as_u64().unwrap();
        assert_ne!(seed, 42, "the creator's seed was used as it was");
        // Before the replay, no answer carried the effective seed.
        let text = seed.to_string();
        for s in &seen[..seen.len() - 1] {
            assert!(!s.contains(&text), "seed {text} shown before the end: {s}");
        }
        seeds.push(seed);
    }
    assert_ne!(
        seeds[0], seeds[1],
        "the same creator seed gave the same dice"
    );
    // Two human seats that are not hotseat: the creator hands the second token to another
    // person, so the chosen seed is mixed too.
    let (id, tok) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "seed": 42 }),
    )
    .await;
    play_to_a_win(a, &id, [&tok[0].1, &tok[1].1]).await;
    let replay = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_ne!(
        replay.body["seed"], 42,
        "a second person's seat kept the creator's seed"
    );
    // Hotseat: the chosen seed stands.
    let (id, tok) = create(
        a,
        json!({ "game": "connect-four", "seats": [human(), human()], "hotseat": true, "seed": 42 }),
    )
    .await;
    play_to_a_win(a, &id, [&tok[0].1, &tok[0].1]).await;
    let replay = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_eq!(replay.body["seed"], 42);
    t.stop().await;
}

/// The message text of an error answer.
fn message(r: &Resp) -> &str {
    r.body["message"].as_str().unwrap_or_default()
}

fn ids(v: &Value) -> Vec<String> {
    v["matches"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refused_creates_do_not_count_against_the_creation_budget() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.create_burst = 2;
        o.matches.create_per_minute = 1;
    })
    .await;
    let a = t.addr;
    // Five refusals: an unknown game, an unknown scenario, a seat list that does not fit.
    for bad in [
        json!({ "game": "no-such-game" }),
        json!({ "game": "connect-four", "scenario": "nowhere" }),
        json!({ "game": "connect-four", "seats": [human()] }),
        json!({ "game": "connect-four", "seats": [human(), human(), human()] }),
        json!({ "game": "connect-four", "ai_delay_ms": 999_999_999u64 }),
    ] {
        let r = post(a, "/api/matches", &bad, None).await;
        assert!(
            (400..=404).contains(&r.status),
            "{bad}: {} {:?}",
            r.status,
            r.body
        );
    }
    // The whole burst of two is still there.
    let req = json!({ "game": "connect-four" });
    assert_eq!(post(a, "/api/matches", &req, None).await.status, 201);
    assert_eq!(post(a, "/api/matches", &req, None).await.status, 201);
    let r = post(a, "/api/matches", &req, None).await;
    assert_refused(&r, 429, "rate_limited");
    t.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_address_holds_at_most_its_share_of_unfinished_matches_until_they_expire() {
    let t = TestServer::sqlite_with(|o| {
        o.matches.max_unfinished_per_address = 3;
        o.matches.max_unfinished = 10;
        o.matches.expire_unplayed_ms = 600;
        o.matches.housekeeping_ms = 50;
    })
    .await;
    let a = t.addr;
    let req = json!({ "game": "connect-four", "seats": [human(), human()] });
    let mut mine = Vec::new();
    for _ in 0..3 {
        mine.push(create(a, req.clone()).await);
    }
    let r = post(a, "/api/matches", &req, None).await;
    assert_refused(&r, 429, "too_many_matches");
    assert!(
        message(&r).contains("your address already has 3"),
        "{:?}",
        r.body
    );
    assert!(r.header("retry-after").is_some());
    // Another client is not locked out.
    let other = post_from([127, 0, 0, 2], a, "/api/matches", &req).await;
    assert_eq!(other.status, 201, "{:?}", other.body);
    // A match that is played on stays; the abandoned ones (no move ever) expire and make room.
    let (kept, tok) = &mine[0];
    let path = format!("/api/matches/{kept}/actions");
    let r = drop_disc(a, &path, 0, 3, Some(&tok[0].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    eventually("the unplayed matches expire", async || {
        get(a, &format!("/api/matches/{}", mine[1].0)).await.body["status"] == "expired"
            && get(a, &format!("/api/matches/{}", mine[2].0)).await.body["status"] == "expired"
    })
    .await;
    assert_eq!(
        status(a, kept).await,
        "running",
        "a match with moves is not `unplayed`"
    );
    let r = post(a, "/api/matches", &req, None).await;
    assert_eq!(r.status, 201, "room again: {:?}", r.body);
    t.stop().await;
}
