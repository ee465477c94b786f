//! The engine's conformance harness on every scenario: legal actions sorted and unique, clone
//! equality, out-of-turn refusals, action text round trips, chance weights, observations for
//! every viewer, returns in range, length within `max_game_length`, replays re-run to the same
//! event-log hash.

use crate::common::content;
use gridwright_command_core::CommandCore;
use gridwright_engine::testing::random_sim;

#[test]
fn conformance_random_sim_every_scenario() {
    let content = content();
    for name in content.scenario_names() {
        let config = content.config(&name).unwrap();
        let report = random_sim::<CommandCore>(&config, 40, 11, 8);
        assert_eq!(report.games, 40, "{name}");
        assert!(report.longest > 20, "{name}: games too short: {report:?}");
    }
}
