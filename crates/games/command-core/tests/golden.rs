//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-command-core --test integration -- --ignored bless_golden_replays`.

use crate::common::content;
use gridwright_command_core::{CommandCore, GreedyAgent};
use gridwright_engine::testing::golden::{self, Golden};
use gridwright_engine::{Agent, Game, RandomAgent, Session};

fn golden() -> Golden {
    Golden::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"))
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
    let agents = greedy
        .iter()
        .map(|&g| -> Box<dyn Agent<CommandCore>> {
            if g {
                Box::new(GreedyAgent::new())
            } else {
                Box::new(RandomAgent)
            }
        })
        .collect();
    golden::play(content().config(scenario).unwrap(), seed, 0xA6E7, agents)
}

#[test]
fn golden_replays_verify() {
    for (file, scenario, seed, greedy, winner) in GOLDEN {
        let config = content().config(scenario).unwrap();
        let session = golden().verify(file, &config, *seed, &play(scenario, *seed, *greedy));
        let game = session.state();
        assert_eq!(game.winner().map_or(0, |w| w.number()), *winner, "{file}");
    }
}

/// A replay saved under rules version 1 (whole programs in one action) is refused by name:
/// the moves of an older rules version are not replayed under the new rules.
#[test]
fn replays_of_an_older_rules_version_are_refused_with_the_reason() {
    let replay = golden().read("rules-v1-duel-random-vs-greedy.replay.json");
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
        golden().bless(file, &s);
        eprintln!("{file}: {} moves, winner {winner}", s.moves().len());
    }
}
