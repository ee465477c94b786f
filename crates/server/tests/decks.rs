//! The operator's decks (`--deck GAME:SEAT=NAME|PATH`): loaded and validated once at start, put
//! into the matches the server creates; creators pick decks by name only, never by path.

use crate::common::*;
use gridwright_catalog::ContentSource;
use gridwright_server::Games;
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../content/starcore/decks");

/// A valid deck file of one's own in `dir`, named `house-deck` (a shipped deck, renamed).
fn house_deck(dir: &Path) -> PathBuf {
    let text = std::fs::read_to_string(format!("{SHIPPED}/mind-lattice.toml")).unwrap();
    let path = dir.join("house-deck.toml");
    std::fs::write(&path, text).unwrap();
    path
}

async fn scenario_of(addr: std::net::SocketAddr, id: &str) -> Value {
    let r = get(addr, &format!("/api/matches/{id}")).await;
    assert_eq!(r.status, 200, "{:?}", r.body);
    r.body["scenario"].clone()
}

/// The operator's deck for P2 is read once at start: the file may go away, and every new
/// Starcore match still plays it; creators may pick it by name for any seat.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operator_decks_are_loaded_once_and_played_in_new_matches() {
    let dir = TempDir::new("decks");
    let path = house_deck(&dir.0);
    let games = Games::catalog_with_decks(
        &ContentSource::Builtin,
        &[format!("starcore:p2={}", path.display())],
    )
    .unwrap();
    let t = TestServer::sqlite_serving(games, |_| {}).await;
    let a = t.addr;
    std::fs::remove_file(&path).unwrap();

    let game = get(a, "/api/games/starcore").await;
    assert_eq!(
        game.body["decks"],
        json!([
            "arc-foundry",
            "iron-vanguard",
            "mind-lattice",
            "verdant-choir",
            "house-deck"
        ]),
        "{:?}",
        game.body
    );
    let (id, _) = create(a, json!({ "game": "starcore" })).await;
    assert_eq!(scenario_of(a, &id).await, "arc-foundry-vs-house-deck");
    let (id, _) = create(
        a,
        json!({ "game": "starcore", "scenario": "arc-foundry-vs-iron-vanguard+blocking" }),
    )
    .await;
    assert_eq!(
        scenario_of(a, &id).await,
        "arc-foundry-vs-house-deck+blocking"
    );
    let (id, _) = create(
        a,
        json!({ "game": "starcore", "decks": { "p1": "house-deck", "2": "iron-vanguard" } }),
    )
    .await;
    assert_eq!(scenario_of(a, &id).await, "house-deck-vs-iron-vanguard");
    // The match plays: an AI against an AI to the end, and its replay carries the decks.
    let (id, _) = create(
        a,
        json!({ "game": "starcore", "seats": [ai("random"), ai("random")], "ai_delay_ms": 0 }),
    )
    .await;
    let mut ws = Ws::connect(a, &id).await;
    ws.send(json!({ "type": "hello", "from": 0 })).await;
    ws.until(|m| m["type"] == "state" && m["status"] == "finished")
        .await;
    let replay = get(a, &format!("/api/matches/{id}/replay")).await;
    assert_eq!(replay.status, 200, "{:?}", replay.body);
    assert_eq!(replay.body["config"]["decks"][1]["name"], "house-deck");
    // Games without decks list none.
    assert_eq!(
        get(a, "/api/games/connect-four").await.body["decks"],
        json!([])
    );
    t.stop().await;
}

/// A deck from the network is a name from the game's list: a path (to a real deck file, to a
/// secret, relative with `../`) is refused with 400 `unknown_deck` without the file being read,
/// the same whether the file exists or not, and nothing is created.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deck_paths_from_clients_are_refused_without_reading_the_file() {
    let t = TestServer::sqlite().await;
    let a = t.addr;
    let dir = TempDir::new("deck-path");
    let valid = house_deck(&dir.0);
    let secret = dir.0.join("secret.toml");
    std::fs::write(&secret, "password = \"hunter2-secret-value\"\n").unwrap();
    let create_with = |deck: String| {
        let body = json!({ "game": "starcore", "decks": { "p1": deck } });
        async move { post(a, "/api/matches", &body, None).await }
    };
    let refused = |r: &Resp, name: &str| {
        let text = refused_name(r, name, "unknown_deck", "arc-foundry");
        assert!(
            !text.contains("line"),
            "{name}: nothing of a deck file in {text}"
        );
        text
    };
    for path in [
        valid.display().to_string(),
        secret.display().to_string(),
        format!("{SHIPPED}/arc-foundry.toml"),
        "../../content/starcore/decks/arc-foundry.toml".to_string(),
        "../decks/arc-foundry".to_string(),
        "/etc/passwd".to_string(),
        "arc-foundry.toml".to_string(),
        "house-deck".to_string(),
    ] {
        refused(&create_with(path.clone()).await, &path);
    }
    let with_file = refused(&create_with(secret.display().to_string()).await, "secret");
    std::fs::remove_file(&secret).unwrap();
    let without_file = refused(&create_with(secret.display().to_string()).await, "gone");
    assert_eq!(with_file, without_file);
    // Other mistakes are named too.
    for (game, seat, why) in [
        ("starcore", "p3", "p1 to p2"),
        ("connect-four", "p1", "not played with decks"),
    ] {
        let body = json!({ "game": game, "decks": { seat: "arc-foundry" } });
        let r = post(a, "/api/matches", &body, None).await;
        assert_eq!(r.status, 400, "{:?}", r.body);
        assert_eq!(r.body["code"], "bad_request", "{:?}", r.body);
        let message = r.body["message"].as_str().unwrap();
        assert!(message.contains(why), "{message}");
    }
    let listed = get(a, "/api/matches?status=all").await;
    assert_eq!(listed.body["matches"], json!([]), "nothing was created");
    t.stop().await;
}

/// A real `gridwright-server --deck starcore:p2=FILE` process plays that deck for P2.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_binary_takes_deck_flags() {
    let dir = TempDir::new("deck-flag");
    let data = TempDir::new("deck-flag-data");
    let path = house_deck(&dir.0);
    let p = Proc::spawn(&[
        "--data".into(),
        data.0.display().to_string(),
        "--deck".into(),
        format!("starcore:p2={}", path.display()),
        "--deck".into(),
        "starcore:p1=verdant-choir".into(),
    ]);
    let (id, _) = create(p.addr, json!({ "game": "starcore" })).await;
    assert_eq!(
        scenario_of(p.addr, &id).await,
        "verdant-choir-vs-house-deck"
    );
    p.kill();
}

/// A deck file that breaks a rule stops the server before it listens, naming the file, the
/// line, the card and the rule; so do an item without its game and a name clash.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_operator_deck_stops_the_server_with_file_line_card_and_rule() {
    let dir = TempDir::new("deck-bad");
    let data = TempDir::new("deck-bad-data");
    let text = std::fs::read_to_string(format!("{SHIPPED}/mind-lattice.toml")).unwrap();
    let text = text.replace("relay-cell = 14", "relay-cell = 12\nstar-dynamo = 2");
    let line = text
        .lines()
        .position(|l| l.starts_with("star-dynamo"))
        .unwrap()
        + 1;
    let bad = dir.0.join("bad-deck.toml");
    std::fs::write(&bad, text).unwrap();
    let run = |deck: String| {
        let args = vec![
            "--data".into(),
            data.0.display().to_string(),
            "--deck".into(),
            deck,
        ];
        async move {
            let out = server_run_to_exit(args).await;
            assert!(!out.status.success(), "started: {out:?}");
            String::from_utf8_lossy(&out.stderr).into_owned()
        }
    };
    let err = run(format!("starcore:p1={}", bad.display())).await;
    assert!(
        err.contains(&format!("{}:{line}:", bad.display())),
        "file and line: {err}"
    );
    assert!(err.contains("star-dynamo"), "the card: {err}");
    assert!(err.contains("at most 1 copy a deck"), "the rule: {err}");
    let err = run(format!("p1={}", bad.display())).await;
    assert!(err.contains("must name its game"), "{err}");
    let err = run("chess:p1=arc-foundry".into()).await;
    assert!(err.contains("unknown game `chess`"), "{err}");
    let clash = dir.0.join("arc-foundry.toml");
    std::fs::copy(format!("{SHIPPED}/mind-lattice.toml"), &clash).unwrap();
    let err = run(format!("starcore:p1={}", clash.display())).await;
    assert!(err.contains("already offered"), "{err}");
    assert!(
        !data.0.join("gridwright.sqlite3").exists(),
        "the store was not even opened"
    );
}
