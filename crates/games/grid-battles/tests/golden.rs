//! Golden replay: a fixed-seed game of random agents on `skirmish`, saved as a replay file and
//! re-verified (event-log hash included) on every run, through the engine's driver
//! ([`gridwright_engine::testing::golden`]).
//!
//! After a deliberate rules or content change, bump `INFO.rules_version` and regenerate it with
//! `cargo test -p gridwright-grid-battles --test integration -- --ignored bless_golden_replays`
//! and review the diff.

use crate::support::content;
use gridwright_engine::testing::golden::{self, Golden};
use gridwright_engine::{Agent, Game, RandomAgent, Session};
use gridwright_grid_battles::GridBattles;

const SEED: u64 = 20_221_009;
const FILE: &str = "skirmish.replay.json";

fn golden() -> Golden {
    Golden::new(env!("CARGO_MANIFEST_DIR"), env!("CARGO_PKG_NAME"))
}

fn record() -> Session<GridBattles> {
    let config = content().config("skirmish").expect("skirmish");
    let agents: Vec<Box<dyn Agent<GridBattles>>> =
        vec![Box::new(RandomAgent), Box::new(RandomAgent)];
    golden::play(config, SEED, 0, agents)
}

#[test]
fn golden_skirmish_replay_verifies() {
    let config = content().config("skirmish").expect("skirmish");
    let session = golden().verify(FILE, &config, SEED, &record());
    assert!(
        session.state().is_terminal(),
        "the golden game ran to the end"
    );
}

/// Rewrites the golden file. Run on purpose only (it is ignored).
#[test]
#[ignore = "rewrites tests/golden; run on purpose after an intended rules change"]
fn bless_golden_replays() {
    golden().bless(FILE, &record());
}
