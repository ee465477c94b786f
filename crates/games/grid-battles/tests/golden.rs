//! Golden replay: a fixed-seed game of random agents on `skirmish`, saved as a replay file and
//! re-verified (event-log hash included) on every run.
//!
//! After a deliberate rules or content change, regenerate it with
//! `GRIDWRIGHT_BLESS=1 cargo test -p gridwright-grid-battles golden` and review the diff.

use crate::support::content;
use gridwright_engine::{Agent, Game, RandomAgent, Replay, Rng, SeatView, Session, Turn};
use gridwright_grid_battles::GridBattles;
use std::path::PathBuf;

const SEED: u64 = 20_221_009;

fn path() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/golden/skirmish.replay.json")
}

fn record() -> Replay {
    let config = content().config("skirmish").expect("skirmish");
    let mut session = Session::<GridBattles>::new(config, SEED).expect("session");
    let mut rng = Rng::seed_from_u64(SEED);
    let mut agent = RandomAgent;
    while let Turn::Seat(seat) = session.turn() {
        let action = agent.choose(&SeatView::new(session.state(), seat), &mut rng);
        session
            .apply(seat, action)
            .expect("random agents play legal actions");
    }
    session.replay()
}

#[test]
fn golden_skirmish_replay_verifies() {
    let fresh = record();
    if std::env::var_os("GRIDWRIGHT_BLESS").is_some() {
        std::fs::write(path(), fresh.to_json() + "\n").expect("write golden replay");
    }
    let text = std::fs::read_to_string(path()).unwrap_or_else(|e| {
        panic!(
            "{}: {e}; create it with GRIDWRIGHT_BLESS=1 cargo test -p gridwright-grid-battles golden",
            path().display()
        )
    });
    let saved = Replay::from_json(&text).expect("parses");
    let session = saved
        .verify::<GridBattles>()
        .expect("the saved replay re-runs to the same event-log hash");
    assert!(
        session.state().is_terminal(),
        "the golden game ran to the end"
    );
    assert_eq!(
        saved, fresh,
        "recording the same seeded game again gives a different replay; if the change is \
         deliberate, regenerate with GRIDWRIGHT_BLESS=1"
    );
}
