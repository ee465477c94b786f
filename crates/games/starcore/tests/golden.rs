//! Golden replays: whole games saved as replay files, re-run on every test run to the same
//! event-log hash. A failure means the rules or the event format changed: if intended, bump
//! `INFO.rules_version` and re-bless with
//! `cargo test -p gridwright-starcore --test integration -- --ignored bless_golden_replays`.

use crate::game::content;
use gridwright_engine::testing::golden::{Golden, GreedyGame, GreedyGolden};
use gridwright_starcore::{GreedyAgent, Starcore};

fn golden() -> GreedyGolden<Starcore> {
    GreedyGolden {
        golden: Golden::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME")),
        salt: 0x5C0E,
        config: |scenario| content().config(scenario).unwrap(),
        greedy: || Box::new(GreedyAgent::new()),
    }
}

/// File, scenario, seed, whether each seat is greedy (else random), and the winner (1, 2, or
/// 0 for a draw).
const GOLDEN: &[GreedyGame] = &[
    (
        "arc-foundry-vs-iron-vanguard-greedy-vs-greedy-p1-wins.replay.json",
        "arc-foundry-vs-iron-vanguard",
        2,
        [true, true],
        1,
    ),
    (
        "arc-foundry-vs-iron-vanguard-greedy-vs-greedy-p2-wins.replay.json",
        "arc-foundry-vs-iron-vanguard",
        3,
        [true, true],
        2,
    ),
    (
        "mind-lattice-vs-verdant-choir-random-vs-greedy-p2-wins.replay.json",
        "mind-lattice-vs-verdant-choir",
        46,
        [false, true],
        2,
    ),
    (
        "mind-lattice-vs-verdant-choir-random-vs-greedy-turn-limit.replay.json",
        "mind-lattice-vs-verdant-choir",
        1,
        [false, true],
        0,
    ),
];

#[test]
fn golden_replays_verify() {
    golden().verify_all(GOLDEN);
}

/// Rewrites the golden files. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run on purpose after an intended rules change"]
fn bless_golden_replays() {
    golden().bless_all(GOLDEN);
}
