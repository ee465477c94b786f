//! The engine's conformance harness on every shipped scenario (style rule 8).

use crate::support::content;
use gridwright_engine::testing::random_sim;
use gridwright_grid_battles::GridBattles;

fn conformance(name: &str, games: usize) {
    let config = content().config(name).expect("shipped scenario");
    let report = random_sim::<GridBattles>(&config, games, 0x6b1d, 20);
    assert_eq!(report.games, games);
    assert!(report.longest > 0);
}

#[test]
fn conformance_skirmish() {
    conformance("skirmish", 400);
}

#[test]
fn conformance_hill_and_woods() {
    conformance("hill-and-woods", 300);
}

#[test]
fn conformance_pitched_battle() {
    conformance("pitched-battle", 150);
}
