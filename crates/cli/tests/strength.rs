//! Strength of the default `mcts` agent, through `gridwright ladder` exactly as a designer runs
//! it: at least 95% wins against random play and 65% against the game's greedy agent, over 200
//! games (100 from each seat), fixed seeds. Draws are not wins.
//!
//! Connect Four's check takes seconds and runs with every test run. The other games' checks
//! play 200 games at the default budget (hundreds of milliseconds a move) and take many minutes
//! on two cores, so they are `#[ignore]`d in the test command; run them with
//! `cargo test --release -p gridwright-cli --test strength -- --ignored --nocapture`.
#![allow(clippy::expect_used, clippy::unwrap_used)] // test helpers may panic with a message

use serde_json::Value;
use std::process::Command;

const GAMES: &str = "200";

/// Runs a ladder of two agents and returns the first agent's win rate and the table.
fn ladder(game: &str, scenario: Option<&str>, a: &str, b: &str, seed: u64) -> (f64, Value) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_gridwright"));
    cmd.env_remove("GRIDWRIGHT_CONTENT").args([
        "ladder",
        game,
        "--agents",
        &format!("{a},{b}"),
        "--games",
        GAMES,
        "--seed",
        &seed.to_string(),
        "--json",
    ]);
    if let Some(s) = scenario {
        cmd.args(["--scenario", s]);
    }
    let out = cmd.output().expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let doc: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let p = doc["pairings"][0].clone();
    assert_eq!(p["a"], a);
    assert_eq!(p["games"], 200);
    println!(
        "{game} {a} vs {b}: {} wins, {} losses, {} draws; as P1 {}/{}, as P2 {}/{}",
        p["a_alone"]["wins"],
        p["b_alone"]["wins"],
        p["draws"],
        p["a_alone"]["by_seat"][0]["wins"],
        p["a_alone"]["by_seat"][0]["games"],
        p["a_alone"]["by_seat"][1]["wins"],
        p["a_alone"]["by_seat"][1]["games"]
    );
    (p["a_alone"]["win_rate"].as_f64().unwrap(), p)
}

#[track_caller]
fn at_least(what: &str, (rate, p): (f64, Value), need: f64) {
    assert!(
        rate >= need,
        "{what}: mcts won {:.1}% (needs {:.0}%): {p}",
        100.0 * rate,
        100.0 * need
    );
}

#[test]
fn mcts_beats_random_at_connect_four() {
    at_least(
        "connect-four",
        ladder("connect-four", None, "mcts", "random", 1),
        0.95,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_random_at_grid_battles() {
    at_least(
        "grid-battles",
        ladder("grid-battles", Some("skirmish"), "mcts", "random", 2),
        0.95,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_greedy_at_grid_battles() {
    at_least(
        "grid-battles",
        ladder("grid-battles", Some("skirmish"), "mcts", "greedy", 3),
        0.65,
    );
}

/// Skirmish (three units a side, two kills win) is mostly decided by the dice: over 800 games
/// with other seeds plain `mcts` won 65.3% against greedy, and no budget, evaluation or
/// playout variant moved that beyond noise (docs/agents.md). Hill and Woods (five a side,
/// three kills) leaves room for play, and there the search shows its strength.
#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_random_at_grid_battles_hill_and_woods() {
    at_least(
        "grid-battles",
        ladder("grid-battles", Some("hill-and-woods"), "mcts", "random", 7),
        0.95,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_greedy_at_grid_battles_hill_and_woods() {
    at_least(
        "grid-battles",
        ladder("grid-battles", Some("hill-and-woods"), "mcts", "greedy", 6),
        0.65,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_random_at_command_core() {
    at_least(
        "command-core",
        ladder("command-core", Some("duel"), "mcts", "random", 4),
        0.95,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_greedy_at_command_core() {
    at_least(
        "command-core",
        ladder("command-core", Some("duel"), "mcts", "greedy", 5),
        0.65,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_random_at_starcore() {
    at_least(
        "starcore",
        ladder("starcore", None, "mcts", "random", 8),
        0.95,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_greedy_at_starcore() {
    at_least(
        "starcore",
        ladder("starcore", None, "mcts", "greedy", 9),
        0.65,
    );
}

/// Milkomeda's duel: the default budget (`iters=200,bias=1000,c=0.05,sample=16`, about 8 s a
/// game on two busy cores) was measured with these seeds (docs/agents.md).
#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_random_at_milkomeda() {
    at_least(
        "milkomeda",
        ladder("milkomeda", Some("duel"), "mcts", "random", 14),
        0.95,
    );
}

#[test]
#[ignore = "minutes on two cores; run with --ignored (see the module docs)"]
fn mcts_beats_greedy_at_milkomeda() {
    at_least(
        "milkomeda",
        ladder("milkomeda", Some("duel"), "mcts", "greedy", 15),
        0.65,
    );
}
