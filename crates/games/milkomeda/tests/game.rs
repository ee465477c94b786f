//! The game as a whole: random games end, conformance for 2, 3 and 4 seats.

use crate::common::{config, random_game};
use gridwright_engine::ActionIndex;
use gridwright_engine::Game;
use gridwright_engine::testing::{check_action_index, random_sim};
use gridwright_milkomeda::Action;
use gridwright_milkomeda::Milkomeda;

#[test]
fn random_games_end_for_every_scenario() {
    for name in ["duel", "three", "four", "small"] {
        let c = config(name);
        for seed in 0..6 {
            let (g, steps) = random_game(&c, seed);
            assert!(g.is_terminal(), "{name}");
            println!(
                "{name} seed {seed}: {steps} steps, round {}, {:?}",
                g.round(),
                g.ended()
            );
        }
    }
}

#[test]
fn conformance_random_sim_two_three_and_four_players() {
    for (name, games) in [("duel", 6), ("three", 4), ("four", 4), ("small", 8)] {
        let c = config(name);
        let report = random_sim::<Milkomeda>(&c, games, 7, 3);
        assert_eq!(report.games, games, "{name}");
        println!("{name}: {report:?}");
        assert!(
            report.resamples_changed > 0 && report.hidden_pairs > 0,
            "{name}: {report:?}"
        );
    }
}

#[test]
fn action_index_every_scenario() {
    for name in ["duel", "three", "four", "small"] {
        let c = config(name);
        let r = check_action_index::<Milkomeda>(&c, 3, 5);
        println!("{name}: N = {}, {r:?}", r.num_distinct_actions);
        // Every index stands for an action (the harness samples 65,536 of them when N is
        // larger; `every_index_maps_to_an_action_and_back` checks them all).
        assert_eq!(
            r.mapped,
            r.num_distinct_actions.min(1 << 16),
            "{name}: {r:?}"
        );
        assert_eq!(r.unindexed, 0, "{name}: {r:?}");
        assert!(r.indices_seen > 100, "{name}: {r:?}");
    }
}

#[test]
fn every_index_maps_to_an_action_and_back() {
    let c = config("four");
    let n = Milkomeda::num_distinct_actions(&c);
    for i in 0..n {
        let a = Milkomeda::action_from_index(&c, i).unwrap_or_else(|| panic!("index {i}"));
        assert_eq!(Milkomeda::action_index(&c, &a), Some(i), "{a:?}");
    }
    assert_eq!(Milkomeda::action_from_index(&c, n), None);
    assert_eq!(Milkomeda::action_index(&c, &Action::Roll(2)), None);
}
