//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-command-core --test integration -- --ignored bless_golden_replays`.

use crate::common::content;
use gridwright_command_core::{CommandCore, GreedyAgent};
use gridwright_engine::testing::play_to_end;
use gridwright_engine::{Agent, Game, RandomAgent, Replay, Rng, Session};
use std::path::{Path, PathBuf};

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden")
}

/// File, scenario, seed, whether each seat is greedy (else random), and the winner (1, 2, or
/// 0 for a draw).
const GOLDEN: &[(&str, &str, u64, [bool; 2], u8)] = &[
    (
        "duel-greedy-vs-greedy.replay.json",
        "duel",
        1,
        [true, true],
        1,
    ),
    (
        "duel-random-vs-greedy.replay.json",
        "duel",
        2,
        [false, true],
        2,
    ),
    (
        "skirmish-greedy-vs-greedy.replay.json",
        "skirmish",
        3,
        [true, true],
        1,
    ),
];

fn play(scenario: &str, seed: u64, greedy: [bool; 2]) -> Session<CommandCore> {
    let config = content().config(scenario).unwrap();
    let mut s = Session::<CommandCore>::new(config, seed).unwrap();
    let mut rng = Rng::seed_from_u64(seed ^ 0xA6E7);
    let mut agents: Vec<Box<dyn Agent<CommandCore>>> = greedy
        .iter()
        .map(|&g| -> Box<dyn Agent<CommandCore>> {
            if g {
                Box::new(GreedyAgent::new())
            } else {
                Box::new(RandomAgent)
            }
        })
        .collect();
    play_to_end(&mut s, &mut agents, &mut rng);
    s
}

#[test]
fn golden_replays_verify() {
    for (file, scenario, seed, greedy, winner) in GOLDEN {
        let path = golden_dir().join(file);
        let text =
            std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let replay = Replay::from_json(&text).unwrap();
        assert_eq!(replay.seed, *seed, "{file}");
        assert_eq!(
            replay.config,
            serde_json::to_value(content().config(scenario).unwrap()).unwrap(),
            "{file}: the shipped scenario changed"
        );
        let session = replay
            .verify::<CommandCore>()
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let game = session.state();
        assert!(game.is_terminal(), "{file}: not finished");
        assert_eq!(game.winner().map_or(0, |w| w.number()), *winner, "{file}");
        // The agents still play the same game.
        assert_eq!(
            play(scenario, *seed, *greedy).replay().event_hash,
            replay.event_hash,
            "{file}: agents changed"
        );
    }
}

/// A replay saved under rules version 1 (whole programs in one action) is refused by name:
/// the moves of an older rules version are not replayed under the new rules.
#[test]
fn replays_of_an_older_rules_version_are_refused_with_the_reason() {
    let path = golden_dir().join("rules-v1-duel-random-vs-greedy.replay.json");
    let text = std::fs::read_to_string(&path).unwrap();
    let replay = Replay::from_json(&text).unwrap();
    assert_eq!(replay.rules_version, "1");
    let err = replay.verify::<CommandCore>().unwrap_err().to_string();
    assert_eq!(
        err,
        format!(
            "replay made with rules version 1; this build plays {}",
            CommandCore::INFO.rules_version
        )
    );
}

/// Rewrites the golden files. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run on purpose after an intended rules change"]
fn bless_golden_replays() {
    for (file, scenario, seed, greedy, _) in GOLDEN {
        let s = play(scenario, *seed, *greedy);
        let winner = s.state().winner().map_or(0, |w| w.number());
        std::fs::write(golden_dir().join(file), s.replay().to_json() + "\n").unwrap();
        eprintln!("{file}: {} moves, winner {winner}", s.moves().len());
    }
}
