//! The game as a whole: random games end, conformance for 2, 3 and 4 seats.

use crate::common::{config, random_game};
use gridwright_engine::ActionIndex;
use gridwright_engine::Game;
use gridwright_engine::testing::{check_action_index, random_sim};
use gridwright_milkomeda::Action;
use gridwright_milkomeda::Milkomeda;
use gridwright_milkomeda::rules::combat::Pip;

#[test]
fn random_games_end_for_every_scenario() {
    for name in ["duel", "three", "four", "small", "small-three"] {
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

/// The conformance harness on `games` random games of one setup. One test per setup, so the
/// test harness runs them side by side.
fn conformance_random_sim(name: &str, games: usize) {
    let c = config(name);
    let report = random_sim::<Milkomeda>(&c, games, 7, 3);
    assert_eq!(report.games, games, "{name}");
    println!("{name}: {report:?}");
    assert!(
        report.resamples_changed > 0 && report.hidden_pairs > 0,
        "{name}: {report:?}"
    );
}

#[test]
fn conformance_random_sim_two_players() {
    conformance_random_sim("duel", 6);
}

#[test]
fn conformance_random_sim_three_players() {
    conformance_random_sim("three", 4);
}

#[test]
fn conformance_random_sim_four_players() {
    conformance_random_sim("four", 4);
}

#[test]
fn conformance_random_sim_small() {
    conformance_random_sim("small", 8);
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
    for f in Pip::ALL {
        assert_eq!(
            Milkomeda::action_index(&c, &Action::Die(f)),
            None,
            "chance has no index"
        );
    }
}

/// Outside the contested sector (an attack gathering there or a combat fought there), a seat
/// with strictly the most fleets in a sector controls it (glossary,
/// §8.B; ties and empty sectors follow the tiebreak, items 12–13); and no payment ever exceeds
/// the storage (`pay` asserts it in tests), over whole random games of 2, 3 and 4 players.
#[test]
fn control_follows_the_most_fleets_at_every_step_of_random_games() {
    use gridwright_engine::{Actor, Events, Rng, Seat, Turn, sample_chance};
    for (name, seed) in [("duel", 1u64), ("three", 2), ("four", 3)] {
        let c = config(name);
        let mut g = Milkomeda::new(&c).unwrap();
        let mut rng = Rng::seed_from_u64(seed);
        let mut scratch = Vec::new();
        let mut checked = 0;
        while !g.is_terminal() {
            let (actor, a) = match g.turn() {
                Turn::Chance => (
                    Actor::Chance,
                    sample_chance(&g, &mut rng, &mut scratch).unwrap(),
                ),
                Turn::Seat(s) => {
                    let l = g.legal_actions_vec(s);
                    (Actor::Seat(s), l[rng.index(l.len())])
                }
                Turn::Simultaneous(set) => {
                    let s = set.iter().next().unwrap();
                    let l = g.legal_actions_vec(s);
                    (Actor::Seat(s), l[rng.index(l.len())])
                }
                Turn::Terminal => break,
            };
            g.step(actor, a, &mut Events::disabled());
            for (space, _) in g.map().tiles() {
                if g.contested() == Some(space) {
                    continue;
                }
                let counts: Vec<u8> = Seat::all(g.num_seats())
                    .map(|s| g.fleets_at(space, s))
                    .collect();
                let max = *counts.iter().max().unwrap();
                let leaders: Vec<Seat> = Seat::all(g.num_seats())
                    .filter(|s| counts[s.index()] == max)
                    .collect();
                if max > 0 && leaders.len() == 1 {
                    assert_eq!(
                        g.controller(space),
                        Some(leaders[0]),
                        "{name}: {space} {counts:?}"
                    );
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000, "{name}: {checked}");
    }
}

/// A config that did not come from the content files (a replay's, say) is checked too: a bad
/// one is refused with every problem named, and nothing panics.
#[test]
fn a_hostile_config_is_refused_with_its_problems_named() {
    let mut c = config("four");
    c.seats.push(c.seats[0].clone());
    c.grid = (1, 40);
    c.objectives.truncate(3);
    c.sectors[5].cost = 200;
    let err = Milkomeda::new(&c).unwrap_err().to_string();
    for want in [
        "`seats`: must name 2 to 4 civilizations, not 5",
        "`grid[0]`: must be 2 to 16, not 1",
        "`grid[1]`: must be 2 to 16, not 40",
        "`objectives`: must hold 5 to 64 cards, not 3",
        "`sectors[5].cost`: must be 0 to 9, not 200",
    ] {
        assert!(err.contains(want), "missing {want:?} in {err}");
    }
}

/// Issue 20.9: `small` is a real short variant: its 5 × 5 grid holds its 23-card deck and two
/// homeworlds exactly, so its games can end as the seed says by the last sector card placed
/// (§2, §14.1), as random games show; the objective ending does not depend on the grid.
#[test]
fn small_is_a_short_variant_whose_grid_completion_ending_occurs() {
    short_variant_grid_completion("small");
}

/// Issue 24: `small-three`, the same for three seats (22 cards and three homeworlds).
#[test]
fn small_three_is_a_short_variant_whose_grid_completion_ending_occurs() {
    short_variant_grid_completion("small-three");
}

fn short_variant_grid_completion(name: &str) {
    use gridwright_milkomeda::rules::scoring::EndTrigger;
    let c = config(name);
    assert_eq!(
        usize::from(c.grid.0) * usize::from(c.grid.1),
        c.sectors.len() + c.seats.len()
    );
    let mut ends = std::collections::BTreeMap::<String, u32>::new();
    for seed in 0..20 {
        let (g, _) = random_game(&c, seed);
        let end = g.ended().unwrap();
        if let EndTrigger::GridCompleted { .. } = end {
            assert_eq!(g.deck_left(), 0);
            assert_eq!(g.map().tiles().count(), 25, "the grid is full");
        }
        let key = format!("{end:?}");
        *ends
            .entry(key.split([' ', '{', '(']).next().unwrap().to_owned())
            .or_default() += 1;
    }
    println!("{name}, 20 random games: {ends:?}");
    assert!(
        ends.get("GridCompleted").copied().unwrap_or(0) > 0,
        "{ends:?}"
    );
}

/// Issue 20, "logs that let anyone audit a game": every change a viewer can see is an event,
/// so each seat's (and the spectator's) redacted events folded into the start's observation
/// give its observation after every step of random games, on every shipped scenario.
#[test]
fn every_visible_change_is_an_event_on_every_scenario() {
    use gridwright_engine::testing::check_event_fold;
    let content = gridwright_milkomeda::Content::builtin().unwrap();
    for name in content.scenario_names() {
        let c = config(&name);
        let r = check_event_fold::<Milkomeda>(&c, 4, 11);
        println!("{name}: {r:?}");
        assert_eq!(r.games, 4, "{name}");
    }
}
