//! The engine's conformance harness on every shipped scenario (style rule 8).

use crate::support::content;
use gridwright_engine::testing::{
    check_action_index, check_event_fold_on_every, pinned_action_index_digests, random_sim,
};
use gridwright_grid_battles::GridBattles;

/// Runs the harness, and the action-index check on a quarter as many games; returns
/// `num_distinct_actions`.
fn conformance(name: &str, games: usize) -> usize {
    let config = content().config(name).expect("shipped scenario");
    let report = random_sim::<GridBattles>(&config, games, 0x6b1d, 20);
    assert_eq!(report.games, games);
    assert!(report.longest > 0);
    let index = check_action_index::<GridBattles>(&config, games / 4, 0x1d3c);
    // Every index in range stands for an action of the config; none is left out.
    assert_eq!(
        index.mapped, index.num_distinct_actions,
        "{name}: {index:?}"
    );
    assert_eq!(index.unindexed, 0, "{name}");
    assert!(index.legal > index.states, "{name}: {index:?}");
    index.num_distinct_actions
}

#[test]
fn conformance_skirmish() {
    // 6 units on 5 × 5 hexes: 2·6 + 6² + 1 + 6·25.
    assert_eq!(conformance("skirmish", 400), 199);
}

#[test]
fn conformance_hill_and_woods() {
    // 10 units on 11 × 7 hexes: 2·10 + 10² + 1 + 10·77.
    assert_eq!(conformance("hill-and-woods", 300), 891);
}

#[test]
fn conformance_pitched_battle() {
    // 16 units on 13 × 9 hexes: 2·16 + 16² + 1 + 16·117.
    assert_eq!(conformance("pitched-battle", 150), 2161);
}

/// The event log is an audit trail on every shipped scenario: after every step of random
/// games, the first observation folded with every event so far is the observation (issue 20,
/// "Logs that let anyone audit a game"; vocabulary in `docs/rules/grid-battles.md`).
#[test]
fn every_visible_change_is_an_event_in_every_scenario() {
    let content = content();
    let setups = content.scenario_names().into_iter().map(|name| {
        let config = content.config(&name).expect("shipped scenario");
        (name, config)
    });
    check_event_fold_on_every::<GridBattles>(setups, 20, 0xf01d);
}

/// The flat action index of every shipped scenario is the one the index table in
/// `src/action_index.rs` has always given: a digest of the whole `index → action` table, pinned
/// when the codec was rewritten as blocks (issue 21), so no index moved.
#[test]
fn action_indices_of_every_shipped_scenario_are_unchanged() {
    let pinned = [
        (
            "hill-and-woods",
            "c858a5bb7985a80e8c0c5596bffbfe5a88023abd337205bc0f91c64ac7d4866a",
        ),
        (
            "pitched-battle",
            "d8824a33870b94f4cd67bdfebd275d6ab1d7525f517786b59f3b30d0167ad682",
        ),
        (
            "skirmish",
            "009d18a0731b6bf92a0e9f05a393f3c4b8b25bd13f74b87960468e7bcc3c6595",
        ),
    ];
    let content = content();
    let mut names = content.scenario_names();
    names.sort();
    pinned_action_index_digests::<GridBattles>(&names, &pinned, |name| {
        content.config(name).expect("shipped scenario")
    });
}
