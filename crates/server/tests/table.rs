//! "The table" (issue 22), the server's half: How to play per game, a match's public reference
//! data (served once, cached for good), and resigning.

use crate::common::*;
use serde_json::{Value, json};

const GZIP: (&str, &str) = ("Accept-Encoding", "gzip");
const GAMES: [&str; 5] = [
    "grid-battles",
    "command-core",
    "connect-four",
    "starcore",
    "milkomeda",
];

fn is_gzip(r: &Resp) -> bool {
    r.header("content-encoding") == Some("gzip") && r.raw.starts_with(&[0x1f, 0x8b])
}

/// Every game answers its How to play page in the agreed shape, gzipped for a browser, and a
/// revisit naming the ETag gets 304 with no body.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_serves_how_to_play_with_an_etag_and_gzip() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    for game in GAMES {
        let path = format!("/api/games/{game}/how-to-play");
        let r = get(a, &path).await;
        assert_eq!(r.status, 200, "{game}: {:?}", r.body);
        let keys: Vec<&String> = r.body.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["glossary", "sections", "title"], "{game}");
        assert!(r.body["title"].as_str().unwrap().starts_with("How to play"));
        for s in r.body["sections"].as_array().unwrap() {
            assert!(
                s["heading"].is_string() && s["paragraphs"].is_array(),
                "{s}"
            );
        }
        for g in r.body["glossary"].as_array().unwrap() {
            assert!(g["term"].is_string() && g["text"].is_string(), "{g}");
        }
        let zipped = get_with(a, &path, &[GZIP]).await;
        assert!(is_gzip(&zipped), "{game}");
        eprintln!(
            "how-to-play {game}: {} bytes, {} gzipped",
            r.raw.len(),
            zipped.raw.len()
        );
        let etag = r.header("etag").unwrap().to_owned();
        let again = get_with(a, &path, &[("If-None-Match", &etag)]).await;
        assert_eq!(again.status, 304, "{game}");
        assert!(again.raw.is_empty());
    }
    t.stop().await;
}

/// Hostile names: an unknown game, a huge one, one with control characters: a clear 404.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn how_to_play_of_an_unknown_game_is_a_clear_404() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let long = "x".repeat(5000);
    for name in ["chess", long.as_str(), "..%2F..%2Fetc", "%00%01"] {
        let r = get(a, &format!("/api/games/{name}/how-to-play")).await;
        assert_refused(&r, 404, "unknown_game");
        assert!(message(&r).contains("the games are"), "{:?}", r.body);
        assert!(message(&r).len() < 400, "the name is shortened");
    }
    t.stop().await;
}

/// The reference data of a match of every game: public data only, the same bytes for every
/// viewer, a content-hash ETag and a year's cache, gzipped, 304 on a revisit.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_matchs_reference_data_is_public_cached_for_good_and_the_same_for_everyone() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    for game in GAMES {
        let (id, tokens) = create(a, json!({ "game": game })).await;
        let path = format!("/api/matches/{id}/reference");
        let r = get(a, &path).await;
        assert_eq!(r.status, 200, "{game}: {:?}", r.body);
        assert_eq!(r.body["game"], game);
        assert!(
            r.header("cache-control").unwrap().contains("immutable"),
            "{game}"
        );
        let mine = get_as(a, &path, &tokens[0].1).await;
        assert_eq!(mine.raw, r.raw, "{game}: a seat sees the same reference");
        let groups = r.body["groups"].as_array().unwrap();
        if game != "connect-four" {
            assert!(!groups.is_empty(), "{game}");
        }
        for g in groups {
            for e in g["entries"].as_array().unwrap() {
                assert!(e["name"].is_string() && e["text"].is_array(), "{e}");
            }
        }
        let zipped = get_with(a, &path, &[GZIP]).await;
        if r.raw.len() > 32 {
            assert!(is_gzip(&zipped), "{game}");
        }
        eprintln!(
            "reference {game}: {} bytes, {} gzipped",
            r.raw.len(),
            zipped.raw.len()
        );
        let etag = r.header("etag").unwrap().to_owned();
        let again = get_with(a, &path, &[("If-None-Match", &etag)]).await;
        assert_eq!(again.status, 304, "{game}");
    }
    let r = get(a, "/api/matches/0123456789abcdef/reference").await;
    assert_refused(&r, 404, "unknown_match");
    let r = get(a, &format!("/api/matches/{}/reference", "9".repeat(4000))).await;
    assert!(r.status == 404 || r.status == 400, "{:?}", r.body);
    t.stop().await;
}

/// Starcore's reference is the card pool, named and numbered as observations number cards:
/// entry `i` is card `i`; it carries no deck list, hand or deck order, so it is identical
/// whatever the seats hold.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn starcores_reference_is_the_card_pool_by_number_and_never_a_hand() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (one, _) = create(a, json!({ "game": "starcore", "seed": 1 })).await;
    let (two, _) = create(a, json!({ "game": "starcore", "seed": 2 })).await;
    let r1 = get(a, &format!("/api/matches/{one}/reference")).await;
    let r2 = get(a, &format!("/api/matches/{two}/reference")).await;
    assert_eq!(r1.raw, r2.raw, "other deals, the same reference");
    let cards = r1.body["groups"][0]["entries"].as_array().unwrap();
    assert!(cards.len() >= 50, "{}", cards.len());
    for (i, c) in cards.iter().enumerate() {
        assert_eq!(c["index"], json!(i));
        assert_ne!(c["name"], c["id"], "{c}");
    }
    let text = String::from_utf8_lossy(&r1.raw);
    for secret in ["\"hand\"", "\"deck\"", "\"decks\"", "\"seed\""] {
        assert!(!text.contains(secret), "{secret} in the reference");
    }
    t.stop().await;
}

/// Milkomeda's reference carries the battle mat: the five ship types, each with the two it
/// counters (the arrows the browser draws). Expected from the rulebook's ship table (§10),
/// typed here from its words, not from the engine.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn milkomedas_reference_holds_the_battle_mats_arrows_as_the_rulebook_lists_them() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, _) = create(a, json!({ "game": "milkomeda" })).await;
    let r = get(a, &format!("/api/matches/{id}/reference")).await;
    let ships = r.body["groups"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["kind"] == "ships")
        .expect("a ships group")["entries"]
        .as_array()
        .unwrap()
        .clone();
    let seed = [
        (
            "Beam frigate",
            "Shield cruiser, Drone carrier",
            "Artillery platform, Fighter squadron",
        ),
        (
            "Shield cruiser",
            "Fighter squadron, Artillery platform",
            "Beam frigate, Drone carrier",
        ),
        (
            "Artillery platform",
            "Drone carrier, Beam frigate",
            "Shield cruiser, Fighter squadron",
        ),
        (
            "Drone carrier",
            "Fighter squadron, Shield cruiser",
            "Beam frigate, Artillery platform",
        ),
        (
            "Fighter squadron",
            "Beam frigate, Artillery platform",
            "Shield cruiser, Drone carrier",
        ),
    ];
    assert_eq!(ships.len(), seed.len());
    let set = |v: &str| {
        let mut w: Vec<String> = v.split(", ").map(str::to_owned).collect();
        w.sort();
        w
    };
    for (i, (e, (name, counters, by))) in ships.iter().zip(seed).enumerate() {
        assert_eq!(e["index"], json!(i), "{e}");
        assert_eq!(e["name"], name, "{e}");
        let stat = |label: &str| {
            e["stats"]
                .as_array()
                .unwrap()
                .iter()
                .find(|s| s["label"] == label)
                .map(|s| s["value"].as_str().unwrap().to_owned())
                .unwrap_or_default()
        };
        assert_eq!(set(&stat("Counters")), set(counters), "{name} counters");
        assert_eq!(
            set(&stat("Countered by")),
            set(by),
            "{name} is countered by"
        );
    }
    t.stop().await;
}

async fn resign(a: std::net::SocketAddr, id: &str, body: &Value, token: Option<&str>) -> Resp {
    post(a, &format!("/api/matches/{id}/resign"), body, token).await
}

/// P2 resigns a two-person match: it ends at once, P1 wins, the result says "P2 resigned"
/// (the state, the summary and the lobby's list), nothing more may be played, and the other
/// player's socket is told.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resigning_seat_ends_the_match_and_the_other_side_wins() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    play_columns(a, &id, &[&tokens[0].1, &tokens[1].1], 0, &[3, 4]).await;
    let (mut ws, _) = Ws::join(a, &id, Some(&tokens[0].1)).await;
    let r = resign(a, &id, &json!({}), Some(&tokens[1].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    assert_eq!(r.body["status"], "finished");
    let result = &r.body["result"];
    assert_eq!(result["winners"], json!([0]));
    assert_eq!(result["returns"], json!([1.0, -1.0]));
    assert_eq!(result["resigned"], json!(1));
    assert_eq!(result["reason"], "P2 resigned");
    assert_eq!(result["text"], "P1 won");
    let told = ws
        .until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    assert_eq!(told["result"]["reason"], "P2 resigned");
    let summary = get(a, &format!("/api/matches/{id}")).await;
    assert_eq!(summary.body["result"]["reason"], "P2 resigned");
    let list = get(a, "/api/matches?status=finished").await;
    let entry = list.body["matches"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == id.as_str())
        .cloned()
        .unwrap();
    assert_eq!(entry["result"]["text"], "P1 won");
    assert_eq!(entry["result"]["reason"], "P2 resigned");
    // Nothing more: no move, no second resignation, no undo.
    let r = drop_disc(
        a,
        &format!("/api/matches/{id}/actions"),
        3,
        0,
        Some(&tokens[0].1),
    )
    .await;
    assert_refused(&r, 409, "match_over");
    let r = resign(a, &id, &json!({}), Some(&tokens[0].1)).await;
    assert_refused(&r, 409, "match_over");
    t.stop().await;
}

/// A match a person plays as the only human against an AI: resigning stops it for good, and
/// a finished game's own result says how it ended too.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_games_result_says_who_won_in_words() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tok) = finished_hotseat_match(a).await;
    let s = get_as(a, &format!("/api/matches/{id}/state"), &tok).await;
    assert_eq!(s.body["result"]["text"], "P1 won", "{:?}", s.body["result"]);
    assert_eq!(s.body["result"]["resigned"], Value::Null);
    let r = resign(a, &id, &json!({}), Some(&tok)).await;
    assert_refused(&r, 409, "match_over");
    t.stop().await;
}

/// Hostile resignations: no token, a malformed token, another match's token, a spectator, a
/// seat the token does not hold, an unknown match, an unknown field, a finished match. Nothing
/// changes.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_seats_own_token_may_resign_it() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = pvp(a).await;
    let (_, others) = pvp(a).await;
    let r = resign(a, &id, &json!({}), None).await;
    assert_refused(&r, 401, "unauthorized");
    let r = http_raw(
        a,
        "POST",
        &format!("/api/matches/{id}/resign"),
        Some(b"{}"),
        Some("not-a-token-of-anything"),
    )
    .await;
    assert_refused(&r, 403, "forbidden");
    let r = resign(a, &id, &json!({}), Some(&others[0].1)).await;
    assert_refused(&r, 403, "forbidden");
    let r = resign(a, &id, &json!({ "seat": 1 }), Some(&tokens[0].1)).await;
    assert_refused(&r, 403, "forbidden");
    let r = resign(
        a,
        &id,
        &json!({ "seat": 1, "why": "x" }),
        Some(&tokens[1].1),
    )
    .await;
    assert_refused(&r, 400, "malformed");
    let r = resign(a, &"f".repeat(3000), &json!({}), Some(&tokens[0].1)).await;
    assert!(matches!(r.status, 400 | 404), "{:?}", r.body);
    assert_eq!(status(a, &id).await, "running");
    // The match is untouched: P1 still plays.
    drop_disc(
        a,
        &format!("/api/matches/{id}/actions"),
        0,
        3,
        Some(&tokens[0].1),
    )
    .await;
    assert_eq!(status(a, &id).await, "running");
    t.stop().await;
}

/// A resignation is stored: the match reads as finished, with its result, after the server
/// restarts on the same database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_survives_a_restart() {
    let dir = TempDir::new("resign");
    let opts = options(&dir, None);
    let server = gridwright_server::start(&opts, games()).await.unwrap();
    let a = server.addr();
    let (id, tokens) = pvp(a).await;
    let r = resign(a, &id, &json!({}), Some(&tokens[0].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    server.shutdown().await.unwrap();
    let server = gridwright_server::start(&opts, games()).await.unwrap();
    let a = server.addr();
    let s = get_as(a, &format!("/api/matches/{id}/state"), &tokens[1].1).await;
    assert_eq!(s.body["status"], "finished");
    assert_eq!(s.body["result"]["reason"], "P1 resigned");
    assert_eq!(s.body["result"]["winners"], json!([1]));
    let r = drop_disc(
        a,
        &format!("/api/matches/{id}/actions"),
        0,
        3,
        Some(&tokens[0].1),
    )
    .await;
    assert_refused(&r, 409, "match_over");
    server.shutdown().await.unwrap();
}

/// A running hint stops when a player asks (`POST …/hint/stop`): the hint request then answers
/// 409 `hint_stopped` instead of a search cut short. Only a seat's holder may stop hints.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_running_hint_stops_when_the_player_asks() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, toks) = create(a, json!({ "game": "milkomeda", "hotseat": true })).await;
    let tok = toks[0].1.clone();
    let stop_path = format!("/api/matches/{id}/hint/stop");
    let r = post(a, &stop_path, &json!({}), None).await;
    assert_refused(&r, 401, "unauthorized");
    let r = post(a, &stop_path, &json!({}), Some(&tok)).await;
    assert_eq!(
        (r.status, &r.body["stopped"]),
        (200, &json!(0)),
        "{:?}",
        r.body
    );
    // Ask for a hint and stop it while it runs; a search that ends first answers 200.
    let path = format!("/api/matches/{id}/hint");
    let asking = {
        let tok = tok.clone();
        tokio::spawn(async move { post(a, &path, &json!({}), Some(&tok)).await })
    };
    let mut stopped = 0;
    for _ in 0..50 {
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        let r = post(a, &stop_path, &json!({}), Some(&tok)).await;
        stopped += r.body["stopped"].as_u64().unwrap();
        if stopped > 0 {
            break;
        }
    }
    let hint = asking.await.unwrap();
    if stopped > 0 {
        assert_refused(&hint, 409, "hint_stopped");
    } else {
        assert_eq!(hint.status, 200, "{:?}", hint.body);
    }
    t.stop().await;
}

/// A resignation on server `a` is in the match's log (one last entry: P2's `resign`, "P2
/// resigned; P1 won"), in its replay file (`resigned`, which the engine verifies and whose hash
/// covers it) and in the replay's last step; every text pinned word for word.
pub async fn resign_is_in_the_log_and_the_replay(a: std::net::SocketAddr) {
    let (id, tokens) = pvp(a).await;
    play_columns(a, &id, &[&tokens[0].1, &tokens[1].1], 0, &[3, 4]).await;
    let r = resign(a, &id, &json!({}), Some(&tokens[1].1)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let s = get_as(a, &format!("/api/matches/{id}/state"), &tokens[0].1).await;
    let log = s.body["log"].as_array().unwrap();
    assert_eq!(s.body["log_len"], json!(log.len()));
    let last = log.last().unwrap();
    assert_eq!(
        last,
        &json!({
            "index": 2, "actor": { "seat": 1 }, "action": null, "action_text": "resign",
            "events": [], "event_texts": ["P2 resigned; P1 won"],
        })
    );
    assert_eq!(
        log[0]["event_texts"],
        json!(["P1 drops into column 4, row 1"])
    );
    // Asked from the end of the game's own log, only the resignation comes.
    let replay = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_eq!(replay.status, 200);
    assert_eq!(replay.body["resigned"], json!(1));
    let file: gridwright_engine::Replay = serde_json::from_value(replay.body.clone()).unwrap();
    file.verify::<gridwright_catalog::ConnectFour>()
        .expect("the replay with its resignation verifies");
    let mut tampered = file.clone();
    tampered.resigned = Some(gridwright_engine::Seat::new(0));
    assert!(matches!(
        tampered.verify::<gridwright_catalog::ConnectFour>(),
        Err(gridwright_engine::ReplayError::HashMismatch { .. })
    ));
    let step = get(a, &format!("/api/matches/{id}/replay/2")).await;
    assert_eq!(step.body["log"].as_array().unwrap().last().unwrap(), last);
    assert_eq!(step.body["result"]["reason"], "P2 resigned");
    let before = get(a, &format!("/api/matches/{id}/replay/1")).await;
    assert_eq!(before.body["log"].as_array().unwrap().len(), 1);
    assert_eq!(before.body["result"], Value::Null);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resignation_is_in_the_log_and_the_replay() {
    let t = TestServer::sqlite().await;
    resign_is_in_the_log_and_the_replay(t.addr).await;
    t.stop().await;
}

/// Rematch repeats the setup: the same game, scenario and config (decks and content
/// included), the AI seat's agent, the caller's seat; `same` keeps the seed (no one else may
/// play here), `new` draws another. A match still being played has no rematch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_starts_a_new_match_with_the_same_setup() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let (id, tokens) = create(
        a,
        json!({ "game": "grid-battles", "scenario": "hill-and-woods", "seed": 77,
                "seats": [human(), { "kind": "ai", "agent": "greedy" }], "ai_delay_ms": 0 }),
    )
    .await;
    let tok = tokens[0].1.clone();
    let r = post(
        a,
        &format!("/api/matches/{id}/rematch"),
        &json!({}),
        Some(&tok),
    )
    .await;
    assert_eq!(r.status, 400, "{:?}", r.body);
    assert_eq!(
        r.body["message"],
        "this match is still being played: a rematch starts once it has ended"
    );
    let r = resign(a, &id, &json!({}), Some(&tok)).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    let old = get(a, &format!("/api/matches/{id}/replay")).await.body;
    for (seed, same) in [("same", true), ("new", false)] {
        let r = post(
            a,
            &format!("/api/matches/{id}/rematch"),
            &json!({ "seed": seed }),
            Some(&tok),
        )
        .await;
        assert_eq!(r.status, 201, "{:?}", r.body);
        let m = &r.body["match"];
        let nid = m["id"].as_str().unwrap().to_owned();
        assert_ne!(nid, id);
        assert_eq!(m["game"], "grid-battles");
        assert_eq!(m["scenario"], "hill-and-woods");
        assert_eq!(m["ai_delay_ms"], json!(0));
        assert_eq!(m["seats"][0]["kind"], "human");
        assert_eq!(m["seats"][1]["kind"], "ai");
        assert_eq!(m["seats"][1]["agent"], "greedy");
        assert_eq!(
            r.body["seats"][0]["seat"],
            json!(0),
            "the caller holds P1 again"
        );
        let mine = r.body["seats"][0]["token"].as_str().unwrap().to_owned();
        let r = resign(a, &nid, &json!({}), Some(&mine)).await;
        assert_eq!(r.status, 200, "{:?}", r.body);
        let new = get(a, &format!("/api/matches/{nid}/replay")).await.body;
        assert_eq!(new["config"], old["config"], "the same setup");
        assert_eq!(new["seed"] == old["seed"], same, "seed {seed}");
    }
    // A spectator's rematch leaves the person's seat open.
    let r = post(a, &format!("/api/matches/{id}/rematch"), &json!({}), None).await;
    assert_eq!(r.status, 201, "{:?}", r.body);
    assert_eq!(r.body["match"]["seats"][0]["kind"], "open");
    assert_eq!(r.body["seats"], json!([]));
    let r = post(
        a,
        &format!("/api/matches/{id}/rematch"),
        &json!({ "seed": "old" }),
        None,
    )
    .await;
    assert_refused(&r, 400, "malformed");
    t.stop().await;
}
