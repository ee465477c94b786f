//! The engine's conformance harness on every scenario (`random_sim` lists its checks): legal
//! actions, out-of-turn refusals, action texts, chance weights, clones stepped beside the
//! original, observations for every viewer, returns, game length, replays, and hidden
//! programs (resampling, and what a hidden commit shows in the log and the observation).

use crate::common::content;
use gridwright_command_core::CommandCore;
use gridwright_engine::testing::{
    check_action_index, check_event_fold_on_every, pinned_action_index_digests, random_sim,
};

#[test]
fn conformance_random_sim_every_scenario() {
    let content = content();
    for name in content.scenario_names() {
        let config = content.config(&name).unwrap();
        let report = random_sim::<CommandCore>(&config, 40, 11, 8);
        assert_eq!(report.games, 40, "{name}");
        assert!(report.longest > 20, "{name}: games too short: {report:?}");
        // The hidden-information checks ran: programs were resampled and compared.
        assert!(
            report.resamples_changed > 10 && report.hidden_pairs > 100,
            "{name}: {report:?}"
        );
    }
}

/// The flat action index on every scenario: every legal action, programming steps included
/// (a program is chosen one slot at a time), has its own index that maps back to it, and the
/// mask marks exactly those. `N` per scenario is printed (`--nocapture`) for the docs.
#[test]
fn action_index_every_scenario() {
    let content = content();
    for name in content.scenario_names() {
        let config = content.config(&name).unwrap();
        let r = check_action_index::<CommandCore>(&config, 20, 11);
        println!("{name}: N = {}, {r:?}", r.num_distinct_actions);
        assert_eq!(r.mapped, r.num_distinct_actions, "{name}: {r:?}");
        assert_eq!(
            r.unindexed, 0,
            "{name}: every legal action has an index: {r:?}"
        );
        assert!(r.indices_seen > 20, "{name}: {r:?}");
    }
}

/// The event log is an audit trail on every shipped scenario (issue 20, "Logs that let anyone
/// audit a game"): after every step of random games, each seat's and the spectator's first
/// observation folded with every event they were shown is their observation (vocabulary in
/// `docs/rules/command-core.md`, "Event log").
#[test]
fn every_visible_change_is_an_event_in_every_scenario() {
    let content = content();
    let setups = content.scenario_names().into_iter().map(|name| {
        let config = content.config(&name).unwrap();
        (name, config)
    });
    check_event_fold_on_every::<CommandCore>(setups, 30, 11);
}

/// The flat action index of every shipped scenario is the one the index table in
/// `src/action_index.rs` has always given: a digest of the whole `index → action` table, pinned
/// when the codec was rewritten as blocks (issue 21), so no index moved.
#[test]
fn action_indices_of_every_shipped_scenario_are_unchanged() {
    let pinned = [
        (
            "duel",
            "01eb68f2ca6e61d74bb46dc9b1fe73ec1b900e9bb5a5dd47ece72bc8cca30b19",
        ),
        (
            "skirmish",
            "c73a68121e5c888aa4f81ab112f01be4064df7cad097f250b7d9b3e7c9509c99",
        ),
    ];
    let content = content();
    let mut names = content.scenario_names();
    names.sort();
    pinned_action_index_digests::<CommandCore>(&names, &pinned, |name| {
        content.config(name).unwrap()
    });
}
