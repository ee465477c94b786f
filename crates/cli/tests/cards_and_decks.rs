//! `gridwright cards` and `--deck SEAT=NAME|PATH`: real processes, shipped content.
#![allow(clippy::expect_used, clippy::unwrap_used)] // test helpers may panic with a message

mod common;

use common::*;
use serde_json::Value;

/// Every card of the pool is listed with stats, keywords and effects in words and a coverage
/// line naming a test; a game without cards says so.
#[test]
fn cards_lists_every_card_with_its_words_and_its_tests() {
    let doc: Value = serde_json::from_str(&stdout(&gw(&["cards", "starcore", "--json"])))
        .expect("one JSON document");
    let cards = doc["cards"].as_array().expect("cards");
    assert_eq!(cards.len(), 53);
    for c in cards {
        let cov = c["coverage"].as_array().expect("coverage");
        assert!(
            cov[0].as_str().unwrap().starts_with("coverage::played::"),
            "{c}"
        );
    }
    let bolt = cards
        .iter()
        .find(|c| c["id"] == "arc-bolt")
        .expect("arc-bolt");
    assert_eq!(
        bolt["effects"][0],
        "When played: one enemy card chosen in Range A+B · Width lane — deal 3 damage."
    );
    let walker = cards
        .iter()
        .find(|c| c["id"] == "bulkhead-walker")
        .expect("bulkhead-walker");
    assert_eq!(
        walker["stats"],
        "HP 8 · DEF 2 · Movement 1 · DMG 3 in Range A · Width lane±1"
    );
    let cov: Vec<&str> = walker["coverage"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        cov,
        [
            "coverage::played::bulkhead_walker",
            "rules::combat::tests::taunt_forces_the_choice_of_target"
        ]
    );
    let text = stdout(&gw(&["cards", "starcore"]));
    assert!(
        text.contains("bulkhead-walker — Bulkhead Walker · Unit (vehicle)"),
        "{text}"
    );
    assert!(text.contains("  Shield 2: 2 Shield points"), "{text}");
    assert!(
        text.contains("  coverage: coverage::played::arc_bolt\n"),
        "{text}"
    );

    refused(
        &gw(&["cards", "grid-battles"]),
        "`gridwright cards`: grid-battles is not played with a card list",
    );
    refused(&gw(&["cards", "chess"]), "unknown game `chess`");
}

/// The deck names of the config inside the first replay `simulate` wrote to `dir`.
fn replay_decks(dir: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join("game-000000.replay.json")).unwrap();
    let r: Value = serde_json::from_str(&text).unwrap();
    r["config"]["decks"]
        .as_array()
        .expect("decks")
        .iter()
        .map(|d| d["name"].as_str().unwrap().to_owned())
        .collect()
}

/// `--deck SEAT=NAME|PATH` picks each seat's deck in `simulate`, `ladder` and `play`, on top of
/// the scenario (its variants stay), from a shipped name or a deck file; bad seats, decks and
/// games without decks get clear errors.
#[test]
fn deck_flag_picks_a_deck_per_seat_by_name_or_file() {
    let dir = temp("sim");
    let own = dir.join("my-deck.toml");
    let shipped = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../content/starcore/decks/mind-lattice.toml"),
    )
    .unwrap();
    std::fs::write(&own, shipped.replace("Mind Lattice", "My Lattice")).unwrap();
    let replays = dir.join("replays");
    let out = gw(&[
        "simulate",
        "starcore",
        "--scenario",
        "arc-foundry-vs-iron-vanguard+blocking",
        "--deck",
        "p2=verdant-choir",
        "--deck",
        &format!("1={}", own.display()),
        "--games",
        "1",
        "--seed",
        "3",
        "--replays",
        replays.to_str().unwrap(),
    ]);
    stdout(&out);
    assert_eq!(replay_decks(&replays), ["my-deck", "verdant-choir"]);
    let text = std::fs::read_to_string(replays.join("game-000000.replay.json")).unwrap();
    let r: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        r["config"]["options"]["blocking"], "on",
        "the variant stays"
    );
    assert_eq!(r["config"]["scenario"], "my-deck-vs-verdant-choir+blocking");

    let out = gw(&[
        "ladder",
        "starcore",
        "--agents",
        "random,greedy",
        "--games",
        "2",
        "--deck",
        "P1=mind-lattice",
        "--json",
    ]);
    stdout(&out);

    let out = gw(&[
        "play",
        "starcore",
        "--deck",
        "p1=iron-vanguard",
        "--seat",
        "1=random",
        "--seat",
        "2=random",
        "--seed",
        "5",
    ]);
    let text = stdout(&out);
    assert!(
        text.contains("forgemarshal-vey") || text.contains("Forgemarshal"),
        "P1 plays Iron Vanguard's Commander"
    );

    refused(
        &gw(&[
            "simulate",
            "starcore",
            "--deck",
            "p3=mind-lattice",
            "--games",
            "1",
        ]),
        "--deck `p3=mind-lattice`: this game has seats p1 to p2",
    );
    refused(
        &gw(&["simulate", "starcore", "--deck", "p1=nope", "--games", "1"]),
        "unknown deck `nope`",
    );
    refused(
        &gw(&[
            "simulate", "starcore", "--deck", "p1=a", "--deck", "1=b", "--games", "1",
        ]),
        "is given a deck twice",
    );
    refused(
        &gw(&[
            "simulate",
            "starcore",
            "--deck",
            "mind-lattice",
            "--games",
            "1",
        ]),
        "must look like p1=NAME or p2=PATH",
    );
    refused(
        &gw(&["simulate", "grid-battles", "--deck", "p1=x", "--games", "1"]),
        "--deck: grid-battles is not played with decks",
    );
}

/// `simulate --json` reports what was played: with only `--deck`, the decks (not `default`).
#[test]
fn simulate_json_names_the_decks_played() {
    let report = |args: &[&str]| -> Value {
        let mut all = vec!["simulate", "starcore", "--games", "1", "--json"];
        all.extend_from_slice(args);
        serde_json::from_str(&stdout(&gw(&all))).expect("one JSON document")
    };
    assert_eq!(
        report(&["--deck", "p2=mind-lattice"])["scenario"],
        "arc-foundry-vs-mind-lattice"
    );
    assert_eq!(
        report(&["--deck", "p1=verdant-choir"])["scenario"],
        "verdant-choir-vs-iron-vanguard"
    );
    assert_eq!(
        report(&["--scenario", "mind-lattice-vs-verdant-choir+blocking"])["scenario"],
        "mind-lattice-vs-verdant-choir+blocking"
    );
    assert_eq!(report(&[])["scenario"], "arc-foundry-vs-iron-vanguard");
    // A game whose config has no name of its own still reports the scenario asked for.
    let out = gw(&["simulate", "connect-four", "--games", "1", "--json"]);
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("one JSON document");
    assert_eq!(doc["scenario"], "default");
}

/// `play --load FILE` refuses `--scenario` (the save carries its scenario) instead of
/// ignoring it.
#[test]
fn play_load_refuses_a_scenario_and_a_seed() {
    let dir = temp("load-scenario");
    let replays = dir.join("replays");
    stdout(&gw(&[
        "simulate",
        "starcore",
        "--games",
        "1",
        "--replays",
        replays.to_str().unwrap(),
    ]));
    let save = replays.join("game-000000.replay.json");
    let save = save.to_str().unwrap();
    refused(
        &gw(&[
            "play",
            "starcore",
            "--load",
            save,
            "--scenario",
            "mind-lattice-vs-verdant-choir",
        ]),
        "--scenario does not apply to a loaded game: its scenario is in the save",
    );
    refused(
        &gw(&["play", "starcore", "--load", save, "--seed", "7"]),
        "--seed does not apply to a loaded game: its seed is in the save",
    );
    // Without it, the save loads.
    let out = gw(&[
        "play", "starcore", "--load", save, "--seat", "1=random", "--seat", "2=random",
    ]);
    stdout(&out);
}
