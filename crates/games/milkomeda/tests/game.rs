//! The game as a whole: random games end, conformance for 2, 3 and 4 seats.

use crate::common::{config, random_game};
use gridwright_engine::Game;
use gridwright_engine::testing::random_sim;
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
