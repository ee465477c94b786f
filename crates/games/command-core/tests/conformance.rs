//! The engine's conformance harness on every scenario (`random_sim` lists its checks): legal
//! actions, out-of-turn refusals, action texts, chance weights, clones stepped beside the
//! original, observations for every viewer, returns, game length, replays, and hidden
//! programs (resampling, and what a hidden commit shows in the log and the observation).

use crate::common::content;
use gridwright_command_core::CommandCore;
use gridwright_engine::testing::{check_action_index, check_event_fold, random_sim};

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
    for name in content.scenario_names() {
        let config = content.config(&name).unwrap();
        let r = check_event_fold::<CommandCore>(&config, 30, 11);
        assert_eq!(r.games, 30, "{name}");
        assert!(r.folded > r.steps, "{name}: {r:?}");
    }
}
