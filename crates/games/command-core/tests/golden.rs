//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-command-core --test integration -- --ignored bless_golden_replays`.

use crate::common::content;
use gridwright_command_core::{CommandCore, GreedyAgent};
use gridwright_engine::Game;
use gridwright_engine::testing::golden::{Golden, GreedyGame, GreedyGolden};

fn golden() -> GreedyGolden<CommandCore> {
    GreedyGolden {
        golden: Golden::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME")),
        salt: 0xA6E7,
        config: |scenario| content().config(scenario).unwrap(),
        greedy: || Box::new(GreedyAgent::new()),
    }
}

/// File, scenario, seed, whether each seat is greedy (else random), and the winner (1, 2, or
/// 0 for a draw).
const GOLDEN: &[GreedyGame] = &[
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

#[test]
fn golden_replays_verify() {
    golden().verify_all(GOLDEN);
}

/// A replay saved under rules version 1 (whole programs in one action) is refused by name:
/// the moves of an older rules version are not replayed under the new rules.
#[test]
fn replays_of_an_older_rules_version_are_refused_with_the_reason() {
    let replay = golden()
        .golden
        .read("rules-v1-duel-random-vs-greedy.replay.json");
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
    golden().bless_all(GOLDEN);
}
