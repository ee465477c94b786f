//! `gridwright cards` and `--deck SEAT=NAME|PATH`: real processes, shipped content.
#![allow(clippy::expect_used, clippy::unwrap_used)] // test helpers may panic with a message

use serde_json::Value;
use std::process::{Command, Output};

fn gw(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gridwright"))
        .args(args)
        .env_remove("GRIDWRIGHT_CONTENT")
        .output()
        .expect("runs")
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn refused(out: &Output, needle: &str) {
    assert!(!out.status.success(), "should have failed");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(needle), "stderr lacks `{needle}`: {err}");
}

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
